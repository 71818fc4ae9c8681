package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ecmp.collision} names the colliding QPs as every other output does: {@code <host>/qp0x<qpn>}. */
class EcmpCheckTest {
    @TempDir
    Path tmp;

    @Test
    void theCollidingQpsAreNamedWithTheirHostsAsTimeseriesCsvNamesThem() throws IOException {
        Diagnosis d = DiagRun.run(DiagRun.example("ecmp-collision"), tmp);
        Finding f = d.findings().get(0);
        assertThat(f.id()).as(d.text()).isEqualTo("ecmp.collision");
        List<Map<String, String>> qps = RunOutputs.read(tmp).qps();
        List<String> named = f.evidence().stream()
                .filter(e -> e.counter().equals("qp.csv hops"))
                .map(Evidence::where)
                .toList();
        // both elephants (workloads a: h0 -> h2, b: h1 -> h3) share leaf0:spine0, each host's first QP
        assertThat(named).containsExactly("h0/qp0x100", "h1/qp0x100");
        Set<String> entities = Files.readAllLines(tmp.resolve("timeseries.csv")).stream()
                .map(l -> l.split(",", -1))
                .filter(x -> x.length == 4)
                .map(x -> x[1])
                .collect(Collectors.toSet());
        assertThat(entities).containsAll(named);
        for (Map<String, String> qp : qps) {
            String host = qp.get("port_tx").substring(0, qp.get("port_tx").indexOf(':'));
            String qpn = "qp0x" + Integer.toHexString(Integer.parseInt(qp.get("src_qp")));
            assertThat(RunOutputs.qpName(qp)).isEqualTo(host + "/" + qpn);
            assertThat(f.explanation())
                    .contains(host + "/" + qpn + " (" + qp.get("flow_name") + ", " + qp.get("src_ip") + ":"
                            + qp.get("src_port") + " -> " + qp.get("dst_ip") + ":4791 udp)");
        }
    }

    /**
     * A {@code flows} mix between h0 (leaf0) and h2 (leaf1) on a switch hash that leaves out the
     * UDP source port: every flow of h0 → h2 takes one of leaf0's two uplinks and the other carries
     * nothing, and the loaded one is busy (h0 offers 90 % of 100G for 200 of the run's 300 µs, 60 %
     * against the 50 % a mix's hot member needs). The mix has no fixed pairs, so its groups come from the hops its QPs took: the
     * collision is found at leaf0's loaded uplink, crossed by every h0 → h2 QP, and the fix is
     * another seed (no one static route pins random pairs).
     */
    @Test
    void aFlowsMixCollisionIsFoundFromTheHopsItsQpsTook() throws IOException {
        Diagnosis d = DiagRun.run(
                DiagRun.yaml("name: mix\nseed: 1\nduration: 300us\n"
                        + "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2,"
                        + " link: {speed: 100G, length: 2m}}\n"
                        + "switch: {ecmp: {fields: [src_ip, dst_ip]}}\n"
                        + "workloads:\n  - {name: mix, kind: flows, hosts: [h0, h2], cdf: {1MB: 1.0}, load: 0.9,"
                        + " duration: 200us}\n"),
                tmp);
        Finding f = d.findings().stream()
                .filter(x -> x.id().equals("ecmp.collision") && x.place().startsWith("leaf0:"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(d.text()));
        List<Map<String, String>> h0 = RunOutputs.read(tmp).qps().stream()
                .filter(q -> q.get("port_tx").startsWith("h0:"))
                .toList();
        assertThat(h0).hasSizeGreaterThanOrEqualTo(2);
        // every h0 QP left leaf0 by the finding's port
        for (Map<String, String> q : h0) {
            assertThat(q.get("hops").split("\\|")[1]).isEqualTo(f.place());
        }
        List<String> named = f.evidence().stream()
                .filter(e -> e.counter().equals("qp.csv hops"))
                .map(Evidence::where)
                .toList();
        assertThat(named).hasSize(Math.min(h0.size(), EcmpCheck.NAMED));
        assertThat(f.fix()).containsExactly("switches.leaf0.ecmp.seed=1");
    }

    /**
     * The same mix started 200 µs into a 300 µs run: its hot member was busy 90 % of the mix's 100
     * µs (the 50 % a mix needs), though only 30 % of the run's time.
     */
    @Test
    void aLateMixIsJudgedOverItsOwnTime() {
        Diagnosis d = DiagRun.run(
                DiagRun.yaml("name: late\nseed: 1\nduration: 300us\n"
                        + "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2,"
                        + " link: {speed: 100G, length: 2m}}\n"
                        + "switch: {ecmp: {fields: [src_ip, dst_ip]}}\n"
                        + "workloads:\n  - {name: mix, kind: flows, hosts: [h0, h2], cdf: {1MB: 1.0}, load: 0.9,"
                        + " start: 200us, duration: 100us}\n"),
                tmp);
        assertThat(d.findings())
                .as(d.text())
                .anyMatch(x -> x.id().equals("ecmp.collision") && x.place().startsWith("leaf0:"));
    }
}
