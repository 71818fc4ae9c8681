package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.ScenarioLoader;

/**
 * The fabric's lookahead is its smallest link delay, propagation plus FEC latency (IEEE 802.3
 * cl. 91 RS at 100G: 5,120 bits at the rate + 50 ns = 101.2 ns; cl. 74 FC at 25G lanes: 2,048 bits
 * + 10 ns = 91.92 ns), and a fabric without it runs on one thread.
 */
class LookaheadTest {
    private static Fabric build(String topology) {
        String yaml = "name: t\nduration: 10us\ntopology: " + topology + "\n"
                + "workloads:\n  - {kind: ib_write_bw, from: h1, to: h0, size: 4096, iterations: 2}\n";
        return FabricBuilder.build(ScenarioLoader.parse(yaml, "t.yaml", List.of(), null), 1);
    }

    @Test
    void itIsTheShortestCablesPropagationWithoutFec() {
        // 2 m at 5 ns/m
        assertThat(build("{kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: none}}")
                        .lookaheadPs())
                .isEqualTo(10_000);
        // the 0.5 m cable to h2 is the shortest: 2.5 ns
        assertThat(build("{kind: explicit, nodes: [h0, h1, h2, s0], link: {speed: 100G, length: 10m, fec: none},"
                                + " links: [{a: h0, b: s0}, {a: h1, b: s0, delay: 1us}, {a: h2, b: s0, length: 0.5m}]}")
                        .lookaheadPs())
                .isEqualTo(2_500);
    }

    @Test
    void fecDecodingLatencyAddsToPropagation() {
        assertThat(build("{kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: rs}}")
                        .lookaheadPs())
                .isEqualTo(10_000 + 101_200);
        assertThat(build("{kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: fc}}")
                        .lookaheadPs())
                .isEqualTo(10_000 + 91_920);
    }

    @Test
    void aZeroDelayCableLeavesNoLookaheadAndOneThread() {
        Fabric f = build("{kind: explicit, nodes: [h0, h1, s0], link: {speed: 100G, length: 2m, fec: none},"
                + " links: [{a: h0, b: s0}, {a: h1, b: s0, length: 0m}]}");
        assertThat(f.lookaheadPs()).isZero();
        ThreadPlan p = ThreadPlan.of(3, f, "t");
        assertThat(p.requested()).isEqualTo(3);
        assertThat(p.used()).isEqualTo(1);
        assertThat(p.note())
                .hasValue("t: the smallest link delay is 0ns, so there is no lookahead and the run cannot be"
                        + " windowed; running on one thread instead of 3");
        // with lookahead, a star runs on one thread for another reason: a thread runs a switch and its hosts
        Fabric windowed = build("{kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: none}}");
        assertThat(windowed.lookaheadPs()).isEqualTo(10_000);
        assertThat(ThreadPlan.of(3, windowed, "t").used()).isEqualTo(1);
        assertThat(ThreadPlan.of(3, windowed, "t").note())
                .hasValue("t: a thread runs a switch and its hosts, and the fabric has 1 switch; running on 1 thread"
                        + " instead of 3");
        assertThat(ThreadPlan.of(1, f, "t").note()).isEmpty();
    }

    @Test
    void oneThreadRunsInWindowsOfAPartitionPerSwitchFromOneMicrosecondOfLookahead() {
        // k = 4 fat tree: 20 switches; 199 m without FEC is 995 ns, 200 m exactly 1 us
        Fabric shorter = build("{kind: fat-tree, k: 4, link: {speed: 100G, length: 199m, fec: none}}");
        assertThat(shorter.lookaheadPs()).isEqualTo(995_000);
        assertThat(ThreadPlan.of(1, shorter, "t")).isEqualTo(ThreadPlan.single());
        Fabric longer = build("{kind: fat-tree, k: 4, link: {speed: 100G, length: 200m, fec: none}}");
        assertThat(longer.lookaheadPs()).isEqualTo(ThreadPlan.WINDOWS_PAY_FROM_PS);
        ThreadPlan alone = ThreadPlan.of(1, longer, "t");
        // a partition per node: 20 switches and 16 hosts
        assertThat(alone).isEqualTo(new ThreadPlan(1, 1, 36, java.util.Optional.empty()));
        assertThat(alone.windowed()).isTrue();
        // what cannot run in windows keeps the plain loop, without a note (one thread was asked for)
        assertThat(ThreadPlan.of(1, longer, "t", java.util.Optional.of("outputs.pcap")))
                .isEqualTo(ThreadPlan.single());
        // one switch: nothing to split
        assertThat(ThreadPlan.of(1, build("{kind: star, hosts: 3, link: {speed: 100G, length: 1km}}"), "t"))
                .isEqualTo(ThreadPlan.single());
        // on threads: a partition per node too, whatever the lookahead
        assertThat(ThreadPlan.of(2, longer, "t").partitions()).isEqualTo(36);
        assertThat(ThreadPlan.of(3, longer, "t").partitions()).isEqualTo(36);
        assertThat(ThreadPlan.of(2, shorter, "t").partitions()).isEqualTo(36);
        // fewer switches than threads: a thread per switch (and its hosts), a partition per node
        Fabric leafSpine =
                build("{kind: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2, link: {speed: 100G, length: 2m}}");
        assertThat(ThreadPlan.of(5, leafSpine, "t"))
                .extracting(ThreadPlan::used, ThreadPlan::partitions)
                .containsExactly(3, 7);
    }

    @Test
    void theHpccFatTreeHasTheOneMicrosecondOfItsLinks() throws Exception {
        HpccRun run = new HpccRun(
                org.rocelab.compat.HpccScenario.load(org.rocelab.testing.SharedData.hpcc("fat_ws_config_dcqcn.txt")),
                1);
        assertThat(run.fabric().fabric().lookaheadPs()).isEqualTo(1_000_000);
    }
}
