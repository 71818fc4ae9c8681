package org.rocelab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.tcp.TcpParams;

/**
 * Two TCP streams into one 100G port whose lossy queue marks ECN (kmin 100 KB, kmax 400 KB):
 * DCTCP (ECT(0), RFC 8257) keeps the queue near the marking threshold; NewReno's segments are
 * not ECN-capable, are never marked, and both receive windows end up queued at the bottleneck.
 */
class TcpDctcpFabricTest {
    private static RunResult run(String algorithm) {
        String yaml = """
                name: tcp-dctcp
                seed: 3
                duration: 3ms
                topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}
                nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}
                switch:
                  trust: dscp
                  dscp_to_tc: {26: 3, 0: 0}
                  lossless: [3]
                  ecn: {0: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}
                  buffer: {size: 4MB, dynamic_th: -3}
                workloads:
                  - {name: bg, kind: tcp, from: [h1, h2], to: h0, tc: 0, dscp: 0, algorithm: %s}
                """.formatted(algorithm);
        Scenario s = ScenarioLoader.parse(yaml, "test.yaml", List.of(), null);
        return new ScenarioRun(s, null).run(null);
    }

    private static double goodput(RunResult r) {
        return r.workloads().get(0).goodputGbps(r.simulatedPs());
    }

    private static long watermarkBytes(RunResult r) {
        return r.counters().get("sw0", "sw0:h0", CounterTable.ALL, "UC0").longValue();
    }

    @Test
    void dctcpKeepsTheQueueShortWithMarksWhereNewRenoFillsItWithBothWindows() {
        RunResult dctcp = run("dctcp");
        RunResult newreno = run("newreno");
        double analytical = 8960.0 / (8960 + 78) * 100;
        for (RunResult r : List.of(dctcp, newreno)) {
            assertThat(goodput(r)).isBetween(0.99 * analytical, analytical);
            assertThat(r.totalDrops()).isZero();
        }
        assertThat(dctcp.ecnMarked()).isPositive();
        assertThat(newreno.ecnMarked())
                .as("NewReno's segments are not ECN-capable")
                .isZero();
        // NewReno is limited only by the two 1 MiB receive windows: they queue at the bottleneck
        assertThat(watermarkBytes(newreno)).isGreaterThan(3 * TcpParams.DEFAULT_RECEIVE_WINDOW_BYTES / 2);
        assertThat(watermarkBytes(dctcp)).isLessThan(watermarkBytes(newreno) / 4);
        assertThat(run("dctcp").ecnMarked()).as("same seed, same run").isEqualTo(dctcp.ecnMarked());
    }
}
