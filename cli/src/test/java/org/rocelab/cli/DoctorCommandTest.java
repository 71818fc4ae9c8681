package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code rocelab doctor}: --verify proves the fix on the cases issue 10 names (before and after
 * figures asserted), doctor.json validates against its schema, --from reads a finished run to the
 * same findings, and bad input gets one line and exit 2.
 */
class DoctorCommandTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path tmp;

    private JsonNode doctor(String name, String... extra) throws IOException {
        String[] args = new String[4 + extra.length];
        args[0] = "doctor";
        args[1] = EXAMPLES.resolve(name + ".yaml").toString();
        args[2] = "--json";
        args[3] = "--out=" + tmp.resolve(name);
        System.arraycopy(extra, 0, args, 4, extra.length);
        CliRun r = CliRun.of(args);
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        return Json.mapper().readTree(Files.readString(tmp.resolve(name).resolve("doctor.json")));
    }

    /** verify figure name → {before, after}. */
    private static Map<String, double[]> figures(JsonNode doc) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (JsonNode f : doc.path("verify").path("figures")) {
            m.put(
                    f.path("name").asString(),
                    new double[] {f.path("before").asDouble(), f.path("after").asDouble()});
        }
        return m;
    }

    /**
     * rnr-slow-receiver (RnrSlowReceiverTest derives its 7 RNR NAKs): the fix gives h1 a receive
     * for each of the 64 messages of the burst, and the RNR counters go to 0.
     */
    @Test
    void verifyRqDepthForTheBurstTakesTheRnrNaksToZero() throws IOException {
        JsonNode doc = doctor("rnr-slow-receiver", "--verify");
        JsonNode top = doc.path("findings").get(0);
        assertThat(top.path("id").asString()).isEqualTo("nic.rnr");
        assertThat(top.path("place").asString()).isEqualTo("h1");
        assertThat(top.path("severity").asString()).isEqualTo("warning");
        assertThat(doc.path("verify").path("fix").get(0).asString()).isEqualTo("nics.h1.rq_depth=64");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("out_of_buffer")).containsExactly(7, 0);
        assertThat(f.get("rnr_nak_retry_err")).containsExactly(7, 0);
        // 64 × 4096 B over 7 × 0.64 ms of RNR waits before; at line rate after
        assertThat(f.get("goodput_gbps")[0]).isLessThan(0.5);
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(10 * f.get("goodput_gbps")[0]);
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void verifyAclPermitsRoceAndTheAclDropsGo() throws IOException {
        JsonNode doc = doctor("acl-deny-roce", "--verify");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("drops.acl")).containsExactly(64, 0);
        assertThat(f.get("goodput_gbps")[0]).isZero();
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(0.7 * 98.01); // line-rate ib_write_bw at 64 KiB
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
        assertThat(Files.exists(tmp.resolve("acl-deny-roce/verify/summary.json")))
                .isTrue();
    }

    @Test
    void verifyMtuRaisesTheSpineAndTheMtuDropsGo() throws IOException {
        JsonNode doc = doctor("mtu-mismatch", "--verify");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("drops.mtu")).containsExactly(512, 0);
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(f.get("goodput_gbps")[0] + 50);
        assertThat(doc.path("verify").path("fix").get(0).asString()).isEqualTo("switches.sw1.mtu=9216");
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void verifyPfcOnEveryHopRemovesTheHeadroomDrops() throws IOException {
        JsonNode doc = doctor("pfc-one-hop", "--verify");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("drops.headroom")[0]).isGreaterThan(0);
        assertThat(f.get("drops.total")[1]).isZero();
        assertThat(doc.path("verify").path("fix").get(0).asString()).isEqualTo("switches.agg0.lossless=[3]");
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void verifyEcmpSpreadsTheElephants() throws IOException {
        JsonNode doc = doctor("ecmp-collision", "--verify");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(1.5 * f.get("goodput_gbps")[0]);
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void verifyDeadlockRemovesTheRoutesThatCloseTheCycle() throws IOException {
        JsonNode doc = doctor("pfc-deadlock", "--verify");
        JsonNode top = doc.path("findings").get(0);
        assertThat(top.path("id").asString()).isEqualTo("routing.buffer_cycle");
        assertThat(top.path("place").asString()).isEqualTo("sw0:sw1 -> sw1:sw2 -> sw2:sw3 -> sw3:sw0");
        String fix = doc.path("verify").path("fix").toString();
        assertThat(fix)
                .contains("switches.sw0.routes=")
                .doesNotContain("h2: [sw1]")
                .doesNotContain("watchdog");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(1.3 * f.get("goodput_gbps")[0]);
        // the ring's four streams are stuck before (summary.json unfinished_flows.stuck) and none after
        assertThat(f.get("unfinished_flows.stuck")).containsExactly(4, 0);
        JsonNode p99 = null;
        for (JsonNode x : doc.path("verify").path("figures")) {
            if (x.path("name").asString().equals("fct_slowdown.p99")) {
                p99 = x;
            }
        }
        assertThat(p99).isNotNull();
        assertThat(p99.path("before").isNull()).isTrue(); // no ring flow completed in the deadlock
        assertThat(p99.path("after").asDouble()).isGreaterThanOrEqualTo(1);
        assertThat(doc.path("verify").path("remaining").toString())
                .doesNotContain("pfc.deadlock")
                .doesNotContain("flow.stalled");
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void verifyEcnKminTooLowRestoresThroughput() throws IOException {
        JsonNode doc = doctor(
                "ecn-threshold-too-low",
                "--set",
                "switch.ecn.3.kmin=2KB",
                "--set",
                "switch.ecn.3.kmax=4KB",
                "--set",
                "switch.ecn.3.pmax=1",
                "--duration",
                "2ms",
                "--verify");
        JsonNode top = doc.path("findings").get(0);
        assertThat(top.path("id").asString()).isEqualTo("ecn.kmin_too_low");
        assertThat(doc.path("verify").path("fix").toString())
                .isEqualTo("[\"switch.ecn.3.kmin=400KB\",\"switch.ecn.3.kmax=1600KB\",\"switch.ecn.3.pmax=0.2\"]");
        Map<String, double[]> f = figures(doc);
        assertThat(f.get("goodput_gbps")[0]).isLessThan(50);
        assertThat(f.get("goodput_gbps")[1]).isGreaterThan(1.5 * f.get("goodput_gbps")[0]);
        assertThat(f.get("ecn.marked")[1]).isLessThan(f.get("ecn.marked")[0]);
        assertThat(doc.path("verify").path("worked").asBoolean()).isTrue();
    }

    @Test
    void doctorJsonValidatesAgainstItsSchema() throws IOException {
        JsonNode doc = doctor("mtu-mismatch", "--verify", "all");
        Schema schema;
        try (InputStream in = org.rocelab.diag.Doctor.class.getResourceAsStream("doctor.schema.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        }
        assertThat(schema.validate(doc)).isEmpty();
        assertThat(doc.path("findings").size()).isGreaterThan(2);
        assertThat(doc.path("verify").isObject()).isTrue();
        JsonNode broken =
                Json.mapper().readTree(doc.toString().replace("\"severity\":\"error\"", "\"severity\":\"fatal\""));
        assertThat(schema.validate(broken)).isNotEmpty();
    }

    @Test
    void fromAFinishedRunGivesTheSameFindings() throws IOException {
        JsonNode first = doctor("mtu-mismatch");
        Path run = tmp.resolve("mtu-mismatch");
        // doctor leaves the folder run leaves (scenario.resolved.yaml included), so --from needs nothing added
        CliRun plain =
                CliRun.of("run", EXAMPLES.resolve("mtu-mismatch.yaml").toString(), "--out=" + tmp.resolve("plain"));
        assertThat(plain.exit()).as(plain.err()).isZero();
        Set<String> doctorFiles = files(run);
        doctorFiles.remove("doctor.json");
        assertThat(doctorFiles).isEqualTo(files(tmp.resolve("plain"))).contains("scenario.resolved.yaml");
        assertThat(Files.readString(run.resolve("scenario.resolved.yaml")))
                .isEqualTo(Files.readString(tmp.resolve("plain/scenario.resolved.yaml")));
        for (String f : List.of("summary.json", "counters.json", "qp.csv", "routes.json", "fct.csv")) {
            assertThat(Files.readString(run.resolve(f)))
                    .as(f)
                    .isEqualTo(Files.readString(tmp.resolve("plain").resolve(f)));
        }
        Files.delete(run.resolve("doctor.json"));
        CliRun r = CliRun.of("doctor", "--from", run.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        JsonNode again = Json.mapper().readTree(Files.readString(run.resolve("doctor.json")));
        assertThat(again.path("findings")).isEqualTo(first.path("findings"));
        assertThat(r.out()).contains("1. [error] mtu.mismatch at sw1");
    }

    /**
     * A scenario whose flows read a CDF file by a relative name: its run folder, elsewhere, reloads
     * with {@code --from} and {@code --verify} reruns it (scenario.resolved.yaml names the file by
     * its absolute path; relative to the run folder it was not found and --from exited 2).
     */
    @Test
    void fromARunWhoseFlowsReadACdfFileByARelativeName() throws IOException {
        Path scen = Files.createDirectories(tmp.resolve("scenarios"));
        Files.writeString(scen.resolve("sizes.txt"), "1000 0\n10000 50\n100000 100\n");
        Files.writeString(
                scen.resolve("mix.yaml"),
                "name: mix\nduration: 200us\ntopology: {kind: star, hosts: 4, link: {speed: 100G, length: 2m}}\n"
                        + "nic: {mtu: 4096}\nswitch: {mtu: 1500}\n"
                        + "workloads:\n  - {name: mix, kind: flows, hosts: all, cdf: sizes.txt, load: 0.3,"
                        + " duration: 200us}\n");
        Path run = tmp.resolve("runs/mix");
        CliRun first = CliRun.of("doctor", scen.resolve("mix.yaml").toString(), "--out=" + run);
        assertThat(first.exit()).as(first.err()).isEqualTo(1);
        assertThat(Files.readString(run.resolve("scenario.resolved.yaml")))
                .contains("cdf: " + scen.resolve("sizes.txt").toAbsolutePath());
        CliRun from = CliRun.of("doctor", "--from", run.toString(), "--verify", "--out=" + tmp.resolve("again"));
        assertThat(from.exit()).as(from.err()).isEqualTo(1);
        assertThat(from.out()).contains("1. [error] mtu.mismatch at sw0").contains("verify: applied --set switch.mtu=");
        assertThat(Files.exists(tmp.resolve("again/verify/summary.json"))).isTrue();
    }

    private static Set<String> files(Path dir) throws IOException {
        try (var l = Files.list(dir)) {
            return l.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * {@code doctor --hpcc}: the HPCC incast (63 senders, one receiver, ECN and DCQCN on) imported
     * as import-hpcc does and run, healthy (no finding at warning or above); its run folder reloads
     * with {@code --from} to the same findings.
     */
    @Test
    void hpccIncastIsDiagnosedAndItsFolderReloads() throws IOException {
        Path o = tmp.resolve("hpcc");
        CliRun r = CliRun.of(
                "doctor",
                "--hpcc",
                org.rocelab.testing.SharedData.hpcc("incast_config_dcqcn.txt").toString(),
                "--out=" + o,
                "--json");
        JsonNode doc = Json.mapper().readTree(Files.readString(o.resolve("doctor.json")));
        assertThat(doc.path("name").asString()).isEqualTo("incast_config_dcqcn");
        // DCQCN with HPCC's thresholds and 3 x BDP headroom handles the incast: nothing to warn about
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(doc.path("status").asString()).isEqualTo("pass");
        JsonNode summary = Json.mapper().readTree(Files.readString(o.resolve("summary.json")));
        assertThat(summary.path("workloads").size()).isEqualTo(63);
        assertThat(files(o)).contains("scenario.resolved.yaml", "report.html", "routes.json");
        Files.delete(o.resolve("doctor.json"));
        CliRun again = CliRun.of("doctor", "--from", o.toString(), "--json");
        assertThat(again.exit()).as(again.err()).isEqualTo(r.exit());
        JsonNode second = Json.mapper().readTree(Files.readString(o.resolve("doctor.json")));
        assertThat(second.path("findings")).isEqualTo(doc.path("findings"));
    }

    @Test
    void aHealthyRunExitsZeroAndVerifySaysThereIsNothingToFix() {
        CliRun r = CliRun.of(
                "doctor",
                EXAMPLES.resolve("perftest-baseline.yaml").toString(),
                "--out=" + tmp.resolve("ok"),
                "--verify");
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("verify: no finding has a fix to apply\n");
        assertThat(r.out()).contains("0 findings (0 at warning or above)");
        assertThat(Files.exists(tmp.resolve("ok/doctor.json"))).isFalse();
        assertThat(Files.exists(tmp.resolve("ok/report.html"))).isTrue();
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, "name: x\ntopology: {kind: star, hosts: 2}\nnic: {mtu: 5000}\n");
        CliRun v = CliRun.of("validate", bad.toString());
        CliRun d = CliRun.of("doctor", bad.toString(), "--out=" + tmp.resolve("x"));
        assertThat(d.exit()).isEqualTo(2);
        assertThat(d.err()).isEqualTo(v.err());
        assertThat(d.err().lines().count()).isEqualTo(1);
        assertThat(Files.exists(tmp.resolve("x"))).isFalse();

        Path notRun = Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(notRun.resolve("summary.json"), "{}");
        CliRun f = CliRun.of("doctor", "--from", notRun.toString());
        assertThat(f.exit()).isEqualTo(2);
        assertThat(f.err())
                .isEqualTo("rocelab: doctor --from " + notRun
                        + ": not a complete rocelab run folder (missing counters.json, topology.json, fct.csv, qp.csv,"
                        + " timeseries.csv)\n");
    }
}
