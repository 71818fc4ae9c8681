package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.scenario.HeadroomEstimate;

/**
 * {@code headroom.too_small}: a fixed PFC headroom below SONiC's estimate for the cable, found
 * before the run and confirmed by the run's headroom drops, at three seeded receivers with three
 * speeds, cable lengths and wrong sizes; the needed figure is the formula's value in bytes, the drop
 * figure the switch's counter, and the fix (the estimate) removes the drops.
 */
class HeadroomCheckTest {
    @TempDir
    Path tmp;

    /** A star of 5 hosts, 4 senders into {@code dst}; {@code pfc} is the switch's pfc map. */
    static String star(String speed, String length, String pfc, int dst) {
        List<String> from = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            if (i != dst) {
                from.add("h" + i);
            }
        }
        return "name: headroom\nseed: 11\nduration: 200us\n"
                + "topology: {kind: star, hosts: 5, link: {speed: " + speed + ", length: " + length + "}}\n"
                // no ECN, no DCQCN and a 1 MB buffer: the incast is held by PFC alone
                + "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 1MB}, pfc: " + pfc
                + "}\n"
                + "workloads:\n  - {name: in, kind: ib_write_bw, from: " + from + ", to: h" + dst
                + ", size: 64KiB, duration: 200us}\n"
                + "outputs: {sample: 10us}\n";
    }

    static Stream<Arguments> cases() {
        SplittableRandom rnd = new SplittableRandom(20261202);
        String[][] c = {{"100G", "2m", "2KB"}, {"50G", "100m", "6KB"}, {"25G", "300m", "3000"}};
        List<Arguments> out = new ArrayList<>();
        for (String[] x : c) {
            out.add(Arguments.of(x[0], x[1], x[2], rnd.nextInt(5)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} headroom {2} into h{3}")
    @MethodSource("cases")
    void aHeadroomBelowTheFormulaIsFoundFirstWithTheFormulasValueAndItsDrops(
            String speed, String length, String headroom, int dst) {
        String yaml = star(speed, length, "{headroom: " + headroom + "}", dst);
        Path dir = tmp.resolve("before");
        Diagnosis d = DiagRun.run(DiagRun.yaml(yaml), dir);
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo("headroom.too_small");
        assertThat(top.place()).isEqualTo("sw0");
        assertThat(top.severity()).isEqualTo(Severity.ERROR);
        long speedBps = Long.parseLong(speed.replace("G", "")) * 1_000_000_000L;
        double metres = Double.parseDouble(length.replace("m", ""));
        int frame = 4096 + 14 + 20 + 8 + 12 + 16 + 4 + 4; // the NIC's largest RoCEv2 frame
        long needed = HeadroomEstimate.bytes(speedBps, metres, frame);
        String port = "sw0:h" + dst;
        assertThat(value(top, "headroom needed (SONiC estimate)", port)).isEqualTo(needed);
        RunOutputs run = RunOutputs.read(dir);
        double drops = run.counter("sw0", "_node", "_all", "headroom");
        assertThat(drops).isPositive().isEqualTo(run.summaryValue("drops.headroom"));
        assertThat(value(top, "headroom", "sw0")).isEqualTo((long) drops);
        assertThat(top.fix()).containsExactly("switch.pfc.headroom=" + needed);

        Diagnosis after = DiagRun.run(DiagRun.yaml(yaml, top.fix().get(0)), tmp.resolve("after"));
        assertThat(RunOutputs.read(tmp.resolve("after")).summaryValue("drops.headroom"))
                .isZero();
        assertThat(after.findings()).noneMatch(f -> f.id().equals("headroom.too_small"));
    }

    @Test
    void aFixedHeadroomAboveTheFormulaIsNoFinding() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(star("100G", "2m", "{headroom: 120KB}", 2)), tmp);
        assertThat(d.findings()).as(d.text()).noneMatch(f -> f.id().equals("headroom.too_small"));
        assertThat(d.failed()).as(d.text()).isFalse();
    }

    private static long value(Finding f, String counter, String where) {
        return f.evidence().stream()
                .filter(e -> e.counter().equals(counter) && e.where().equals(where))
                .map(e -> Long.parseLong(e.value()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(counter + " @ " + where + " not in " + f.evidence()));
    }
}
