package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.cc.Knob;
import org.rocelab.cc.Mlx5Params;
import org.rocelab.scenario.Scenario;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code dcqcn.sawtooth} on examples/dcqcn-sawtooth.yaml: what the finding reports is recomputed
 * here from timeseries.csv, qp.csv and summary.json with the test's own reading of the files, the
 * fix is derived from that recomputation, and {@code --verify}'s figures are the summaries' own.
 */
class DcqcnSawtoothCheckTest {
    @TempDir
    Path tmp;

    /** The runs' {@code outputs.sample}, ns. */
    private static final long SAMPLE_NS = 10_000;

    /**
     * time_ns → value of one {@code entity metric} series, read straight from the csv, with the
     * samples it leaves out inside runs of equal values (docs/outputs.md, Rows) put back: every
     * 10 µs instant between two rows takes the earlier row's value.
     */
    private static Map<Long, Double> series(Path dir, String entity, String metric) throws IOException {
        Map<Long, Double> out = new LinkedHashMap<>();
        long last = -1;
        for (String line : Files.readAllLines(dir.resolve("timeseries.csv"))) {
            String[] f = line.split(",", -1);
            if (f.length == 4 && f[1].equals(entity) && f[2].equals(metric) && !f[3].isEmpty()) {
                long t = Long.parseLong(f[0]);
                for (long gap = last + SAMPLE_NS; last >= 0 && gap < t; gap += SAMPLE_NS) {
                    out.put(gap, out.get(last));
                }
                out.put(t, Double.parseDouble(f[3]));
                last = t;
            }
        }
        return out;
    }

    private static String value(Finding f, String counter) {
        return f.evidence().stream()
                .filter(e -> e.counter().equals(counter))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no evidence " + counter + " in " + f))
                .value();
    }

    private static double sumGoodput(Path dir) throws IOException {
        JsonNode s = Json.mapper().readTree(Files.readString(dir.resolve("summary.json")));
        double g = 0;
        for (JsonNode w : s.path("workloads")) {
            g += w.path("goodput_gbps").asDouble();
        }
        return g;
    }

    @Test
    void theSawtoothIsFoundFromTheSeriesAndTheFixRestoresGoodput() throws IOException {
        Scenario s = DiagRun.example("dcqcn-sawtooth");
        Path before = tmp.resolve("before");
        Diagnosis d = DiagRun.run(s, before);
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo("dcqcn.sawtooth");
        assertThat(top.place()).isEqualTo("h1/qp0x100");
        assertThat(top.severity()).isEqualTo(Severity.WARNING);

        // the rate series of h1's QP, recomputed: a cut is a sample below the one before,
        // an episode a run of consecutive cuts
        List<Double> rate =
                new ArrayList<>(series(before, "h1/qp0x100", "rate_gbps").values());
        List<Long> times =
                new ArrayList<>(series(before, "h1/qp0x100", "rate_gbps").keySet());
        int cuts = 0;
        List<int[]> episodes = new ArrayList<>();
        for (int i = 1; i < rate.size(); i++) {
            if (rate.get(i) < rate.get(i - 1)) {
                cuts++;
                if (!episodes.isEmpty() && episodes.get(episodes.size() - 1)[1] == i - 1) {
                    episodes.get(episodes.size() - 1)[1] = i;
                } else {
                    episodes.add(new int[] {i, i});
                }
            }
        }
        int flat = 0;
        double[] gaps = new double[episodes.size() - 1];
        for (int e = 0; e + 1 < episodes.size(); e++) {
            int end = episodes.get(e)[1];
            int next = episodes.get(e + 1)[0];
            boolean rose = false;
            for (int k = end + 1; k < next; k++) {
                rose |= rate.get(k) > rate.get(end);
            }
            flat += rose ? 0 : 1;
            gaps[e] = (times.get(next) - times.get(episodes.get(e)[0])) / 1000.0;
        }
        Arrays.sort(gaps);
        double medianGapUs =
                gaps.length % 2 == 1 ? gaps[gaps.length / 2] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2;
        assertThat(value(top, "rate_gbps cuts (samples below the one before)")).isEqualTo(Integer.toString(cuts));
        assertThat(value(top, "rate_gbps cut episodes")).isEqualTo(Integer.toString(episodes.size()));
        assertThat(value(top, "episodes cut again before the rate rose")).isEqualTo(Integer.toString(flat));
        assertThat(Double.parseDouble(value(top, "median time between cut episodes (us)")))
                .isEqualTo(medianGapUs);
        // the numbers the example's comment gives (a deterministic run)
        assertThat(new int[] {cuts, episodes.size(), flat}).containsExactly(34, 19, 17);
        assertThat(medianGapUs).isEqualTo(285.0);
        // the rules: at least 5 episodes, at least half of them cut again before any rise
        assertThat(episodes.size()).isGreaterThanOrEqualTo(DcqcnSawtoothCheck.MIN_EPISODES);
        assertThat(flat).isGreaterThanOrEqualTo((int) Math.ceil(0.5 * (episodes.size() - 1)));

        // delivered vs the fair share: qp.csv rx_bytes over the 5 ms workload, 2 flows on one 100G port
        Map<String, String> qp = RunOutputs.read(before).qps().stream()
                .filter(q -> q.get("port_tx").equals("h1:sw0"))
                .findFirst()
                .orElseThrow();
        double goodput = Double.parseDouble(qp.get("rx_bytes")) * 8 / 5_000_000.0;
        double fair = 100.0 * 4096 / (s.nic("h1").maxRoceFrameBytes() + 20) / 2;
        assertThat(Double.parseDouble(value(top, "goodput_gbps (qp.csv rx_bytes)")))
                .isEqualTo(Math.round(goodput * 1000) / 1000.0);
        assertThat(Double.parseDouble(value(top, "max-min fair share (Gb/s)")))
                .isEqualTo(Math.round(fair * 1000) / 1000.0);
        assertThat(goodput).isLessThan(DcqcnSawtoothCheck.FAIR_SHARE * fair);

        // sw0:h0 held a standing queue (at least one 4 KB frame) in a fifth of the samples only
        Map<Long, Double> queue = new LinkedHashMap<>();
        for (int q = 0; q < 8; q++) {
            series(before, "sw0:h0/q" + q, "queue_bytes").forEach((t, v) -> queue.merge(t, v, Double::sum));
        }
        long standing = times.stream()
                .filter(t -> queue.getOrDefault(t, 0.0) >= s.nic("h1").maxRoceFrameBytes())
                .count();
        assertThat(Double.parseDouble(value(top, "samples with a standing queue (share)")))
                .isEqualTo(Math.round(1000.0 * standing / times.size()) / 1000.0)
                .isLessThan(DcqcnSawtoothCheck.STANDING_SHARE);

        // the knobs in effect, with their mlx5 names
        assertThat(value(top, "nic.cc.rpg_time_reset")).isEqualTo("1000");
        assertThat(value(top, "nic.cc.rpg_byte_reset")).isEqualTo("0");
        assertThat(value(top, "nic.cc.rpg_ai_rate")).isEqualTo("1");
        assertThat(top.evidence())
                .anyMatch(e -> e.counter().equals("nic.cc.rpg_hai_rate")
                        && e.where().equals("mlx5 firmware default")
                        && e.value().equals("50"));
        assertThat(value(top, "cnp_rx (qp.csv)")).isEqualTo(qp.get("cnp_rx"));

        // the fix: a timer that fires 4 times between cut episodes, the byte counter on, AI at the default
        long timer = (long) Math.floor(medianGapUs / 4);
        assertThat(top.fix())
                .containsExactly(
                        "nic.cc.rpg_time_reset=" + timer, "nic.cc.rpg_byte_reset=32767", "nic.cc.rpg_ai_rate=5");
        assertThat(timer).isEqualTo(71);

        // --verify: the same run with the fix
        Path after = tmp.resolve("after");
        Diagnosis d2 = DiagRun.run(DiagRun.example("dcqcn-sawtooth", top.fix().toArray(String[]::new)), after);
        Verification v = Verification.of(d, top.fix(), RunOutputs.read(before), d2, RunOutputs.read(after));
        assertThat(v.targeted()).containsExactly("dcqcn.sawtooth at h1/qp0x100");
        assertThat(v.worked()).as(v.text()).isTrue();
        assertThat(v.remaining()).isEmpty();
        Verification.Figure g = v.figures().get(0);
        assertThat(g.name()).isEqualTo("goodput_gbps");
        assertThat(g.before()).isEqualTo(sumGoodput(before));
        assertThat(g.after()).isEqualTo(sumGoodput(after));
        // as the example's comment and doctor --verify print them
        assertThat(v.text()).contains("63.883 ->         89.895");
        assertThat(g.after()).isGreaterThan(1.3 * g.before());
    }

    @Test
    void theFirmwareDefaultsNamedAreTheModelsOwn() {
        Map<String, String> model = new LinkedHashMap<>();
        for (Knob k : Mlx5Params.KNOBS) {
            model.put(k.name(), k.defaultValue());
        }
        DcqcnSawtoothCheck.MLX5_DEFAULTS.forEach(
                (k, v) -> assertThat(model.get(k)).as(k).isEqualTo(Long.toString(v)));
    }

    /** A star: long writes from {@code a}, {@code b} to {@code r}, 64 KB bursts from the others every {@code interval}. */
    static String star(String a, String b, String r, List<String> bursts, int timerUs, String interval) {
        return "name: saw\nseed: 1\nduration: 4ms\ntopology: {kind: star, hosts: 6, link: {speed: 100G, length: 2m}}\n"
                + "nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cnp: {dscp: 48, pcp: 6},\n"
                + "  cc: {algorithm: dcqcn, profile: mlx5, rpg_time_reset: " + timerUs
                + ", rpg_byte_reset: 0, rpg_ai_rate: 1}}\n"
                + "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],"
                + " ecn: {3: {kmin: 20KB, kmax: 400KB, pmax: 0.2}}}\n"
                + "workloads:\n"
                + "  - {name: bulk, kind: ib_write_bw, from: [" + a + ", " + b + "], to: " + r
                + ", size: 64KB, duration: 4ms}\n"
                + "  - {name: bursts, kind: incast, from: [" + String.join(", ", bursts) + "], to: " + r
                + ", size: 64KB, interval: " + interval + "}\n"
                + "outputs: {sample: 10us}\n";
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> built() {
        return java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of(
                        "h1", "h2", "h0", List.of("h3", "h4", "h5"), 1000, "300us"),
                org.junit.jupiter.params.provider.Arguments.of(
                        "h3", "h5", "h2", List.of("h0", "h1", "h4"), 2000, "250us"),
                org.junit.jupiter.params.provider.Arguments.of(
                        "h0", "h4", "h5", List.of("h1", "h2", "h3"), 1500, "400us"));
    }

    /**
     * The fault built at three places (senders, receiver, burst hosts) with other timers and burst
     * intervals: the top finding is the sawtooth at one of the long writes' QPs, and its timer fix is
     * computed from that QP's own series (a quarter of the median time between its cut episodes).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0},{1} -> {2} timer {4} us, bursts every {5}")
    @org.junit.jupiter.params.provider.MethodSource("built")
    void theSawtoothIsFoundWhereverItIsBuiltAndItsFixFollowsTheSeries(
            String a, String b, String r, List<String> bursts, int timerUs, String interval) throws IOException {
        Path dir = tmp.resolve("built");
        Diagnosis d = DiagRun.run(DiagRun.yaml(star(a, b, r, bursts, timerUs, interval)), dir);
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo("dcqcn.sawtooth");
        assertThat(top.place()).isIn(a + "/qp0x100", b + "/qp0x100");
        assertThat(value(top, "nic.cc.rpg_time_reset")).isEqualTo(Integer.toString(timerUs));
        List<Long> starts = new ArrayList<>();
        List<Double> rate =
                new ArrayList<>(series(dir, top.place(), "rate_gbps").values());
        List<Long> times = new ArrayList<>(series(dir, top.place(), "rate_gbps").keySet());
        for (int i = 1; i < rate.size(); i++) {
            if (rate.get(i) < rate.get(i - 1) && !(i > 1 && rate.get(i - 1) < rate.get(i - 2))) {
                starts.add(times.get(i));
            }
        }
        double[] gaps = new double[starts.size() - 1];
        for (int i = 0; i + 1 < starts.size(); i++) {
            gaps[i] = (starts.get(i + 1) - starts.get(i)) / 1000.0;
        }
        Arrays.sort(gaps);
        double median =
                gaps.length % 2 == 1 ? gaps[gaps.length / 2] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2;
        assertThat(top.fix())
                .containsExactly(
                        "nic.cc.rpg_time_reset=" + (long) Math.floor(median / 4),
                        "nic.cc.rpg_byte_reset=32767",
                        "nic.cc.rpg_ai_rate=5");
        assertThat((long) Math.floor(median / 4)).isLessThan(timerUs);
    }

    /**
     * The same fault with the long writes iteration-bound (perftest {@code -n 150} instead of
     * {@code -D}): the QP is judged over its own time, qp.csv {@code first_timestamp} to
     * {@code last_timestamp}, its goodput is {@code rx_bytes} over that time and its fair share is
     * the max-min share among the bandwidth streams active then (the two writes into one 100G port:
     * 100 × 4096 / (4096 + 78 + 20) / 2 = 48.832 Gb/s; the incast rounds are left out, as for
     * time-bound QPs).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0},{1} -> {2} timer {4} us, bursts every {5}")
    @org.junit.jupiter.params.provider.MethodSource("built")
    void anIterationBoundWriteIsJudgedOverItsOwnTime(
            String a, String b, String r, List<String> bursts, int timerUs, String interval) throws IOException {
        Path dir = tmp.resolve("iterations");
        String yaml = star(a, b, r, bursts, timerUs, interval)
                .replace("size: 64KB, duration: 4ms}", "size: 64KB, iterations: 150}");
        Diagnosis d = DiagRun.run(DiagRun.yaml(yaml), dir);
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo("dcqcn.sawtooth");
        assertThat(top.place()).isIn(a + "/qp0x100", b + "/qp0x100");
        assertThat(value(top, "max-min fair share (Gb/s)")).isEqualTo("48.832");
        RunOutputs run = RunOutputs.read(dir);
        Map<String, String> qp = run.qps().stream()
                .filter(q -> RunOutputs.qpName(q).equals(top.place()))
                .findFirst()
                .orElseThrow();
        assertThat(qp.get("message_complete_rx")).isEqualTo("150");
        double spanNs = Double.parseDouble(qp.get("last_timestamp")) - Double.parseDouble(qp.get("first_timestamp"));
        double goodput = Double.parseDouble(qp.get("rx_bytes")) * 8 / spanNs;
        assertThat(value(top, "goodput_gbps (qp.csv rx_bytes)"))
                .isEqualTo(Num.text(Math.round(goodput * 1000) / 1000.0));
        assertThat(goodput).isLessThan(DcqcnSawtoothCheck.FAIR_SHARE * 48.832);
    }
}
