package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code victim.congestion_spreading} on a dumbbell held by PFC alone (no ECN, no DCQCN, 1 MB
 * buffers): an incast from two hosts of sw0 and two of sw1 into one host of sw1, and a victim QP
 * from the third sw0 host to an idle sw1 host. The victim never crosses the incast's port, but sw0
 * pauses it; at three seeded placements it is found, its delivered rate is qp.csv's rx_bytes over
 * the workload's 300 µs and its fair share the max-min value (the uplink is shared with two incast
 * QPs that get a quarter of the hot port each, so the victim's share is half a port's payload rate).
 */
class VictimCheckTest {
    @TempDir
    Path tmp;

    static String dumbbell(List<String> incast, String dst, String victim, String victimDst) {
        return "name: victim\nseed: 3\nduration: 300us\n"
                + "topology: {kind: dumbbell, hosts_per_side: 4, link: {speed: 100G, length: 2m}}\n"
                + "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 1MB}}\n"
                + "workloads:\n"
                + (incast.isEmpty()
                        ? ""
                        : "  - {name: incast, kind: ib_write_bw, from: " + incast + ", to: " + dst
                                + ", size: 64KiB, duration: 300us}\n")
                + "  - {name: victim, kind: ib_write_bw, from: [" + victim + "], to: [" + victimDst
                + "], size: 64KiB, duration: 300us}\n"
                + "outputs: {sample: 10us}\n";
    }

    static Stream<Arguments> cases() {
        SplittableRandom rnd = new SplittableRandom(424242);
        List<Arguments> out = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            List<Integer> left = new ArrayList<>(List.of(0, 1, 2, 3));
            List<Integer> right = new ArrayList<>(List.of(4, 5, 6, 7));
            int victim = left.remove(rnd.nextInt(left.size()));
            left.remove(rnd.nextInt(left.size()));
            int dst = right.remove(rnd.nextInt(right.size()));
            int victimDst = right.remove(rnd.nextInt(right.size()));
            List<String> incast = new ArrayList<>();
            left.forEach(h -> incast.add("h" + h));
            right.forEach(h -> incast.add("h" + h));
            out.add(Arguments.of(incast, "h" + dst, "h" + victim, "h" + victimDst));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}, victim {2} -> {3}")
    @MethodSource("cases")
    void theVictimIsNamedWithItsRateAndFairShare(List<String> incast, String dst, String victim, String victimDst) {
        Path dir = tmp.resolve("run");
        Diagnosis d = DiagRun.run(DiagRun.yaml(dumbbell(incast, dst, victim, victimDst)), dir);
        List<Finding> victims = d.findings().stream()
                .filter(f -> f.id().equals("victim.congestion_spreading"))
                .toList();
        assertThat(victims).as(d.text()).hasSize(1);
        Finding f = victims.get(0);
        // named as ecmp.collision and timeseries.csv name a QP, with its workload's flow_name beside it
        assertThat(f.place()).isEqualTo(victim + "/qp0x100");
        assertThat(f.evidence()).contains(new Evidence("qp.csv flow_name", victim + "/qp0x100", "victim/qp0x100"));
        assertThat(f.explanation()).startsWith(victim + "/qp0x100 (victim/qp0x100) never crosses the congested port");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        RunOutputs run = RunOutputs.read(dir);
        Map<String, String> qp = run.qps().stream()
                .filter(q -> q.get("flow_name").startsWith("victim/"))
                .findFirst()
                .orElseThrow();
        double delivered = Double.parseDouble(qp.get("rx_bytes")) * 8 / 300_000.0;
        assertThat(Double.parseDouble(f.evidence().get(0).value())).isEqualTo(Math.round(delivered * 1000) / 1000.0);
        double payload = 100 * 4096.0 / (4096 + 78 + 20);
        assertThat(Double.parseDouble(f.evidence().get(1).value())).isEqualTo(Math.round(payload / 2 * 1000) / 1000.0);
        assertThat(delivered).isLessThan(VictimCheck.VICTIM_SHARE * payload / 2);
        assertThat(f.evidence())
                .anyMatch(e -> e.where().equals("sw1:" + dst) && e.counter().startsWith("UC3"));
        assertThat(qp.get("hops")).doesNotContain("sw1:" + dst);
    }

    @Test
    void theSameQpAloneIsNoVictim() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(dumbbell(List.of(), "h4", "h3", "h5")), tmp);
        assertThat(d.findings()).as(d.text()).noneMatch(f -> f.id().equals("victim.congestion_spreading"));
        assertThat(d.failed()).as(d.text()).isFalse();
    }
}
