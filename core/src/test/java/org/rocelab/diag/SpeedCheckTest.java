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

/**
 * {@code phy.speed_downgrade}: one cable of an explicit 2-leaf/2-spine fabric below its peers'
 * speed (an uplink or a host link, at seeded positions and speeds) is found first at its port, with
 * what the port carried (the mean of its {@code tx_gbps} samples while sending, at most the slow
 * speed) and the fix back to its peers' speed; the same fabric at one speed has no such finding.
 */
class SpeedCheckTest {
    @TempDir
    Path tmp;

    static final String[] LINKS = {
        "h0 leaf0", "h1 leaf0", "h2 leaf1", "h3 leaf1", "leaf0 spine0", "leaf0 spine1", "leaf1 spine0", "leaf1 spine1"
    };

    /** The fabric with link {@code slow} at {@code speed} (-1: none); h0, h1 send to h2, h3. */
    static String fabric(int slow, String speed) {
        StringBuilder b = new StringBuilder("name: speed\nseed: 4\nduration: 200us\ntopology:\n  kind: explicit\n");
        b.append("  nodes: [h0, h1, h2, h3, leaf0, leaf1, spine0, spine1]\n");
        b.append("  link: {speed: 100G, length: 2m}\n  links:\n");
        for (int i = 0; i < LINKS.length; i++) {
            String[] ab = LINKS[i].split(" ");
            b.append("    - {a: ").append(ab[0]).append(", b: ").append(ab[1]);
            if (i == slow) {
                b.append(", speed: ").append(speed);
            }
            b.append("}\n");
        }
        b.append("nic: {dscp: 26, pcp: 3, pfc: [3]}\n");
        b.append("switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n");
        b.append("workloads:\n  - {name: bw, kind: ib_write_bw, from: [h0, h1], to: [h2, h3], size: 64KiB, qps: 4,"
                + " duration: 200us}\n");
        b.append("outputs: {sample: 10us}\n");
        return b.toString();
    }

    static Stream<Arguments> cases() {
        SplittableRandom rnd = new SplittableRandom(7171);
        List<Arguments> out = new ArrayList<>();
        String[] speeds = {"25G", "40G", "50G"};
        for (int k = 0; k < 3; k++) {
            // an uplink twice, a host link once (a sender's or a receiver's)
            int link = k < 2 ? 4 + rnd.nextInt(4) : rnd.nextInt(4);
            out.add(Arguments.of(link, speeds[k]));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "link {0} at {1}")
    @MethodSource("cases")
    void theSlowLinkIsFoundFirstAtItsPortWithWhatItCarried(int link, String speed) {
        Path dir = tmp.resolve("run");
        Diagnosis d = DiagRun.run(DiagRun.yaml(fabric(link, speed)), dir);
        String[] ab = LINKS[link].split(" ");
        String port = ab[1].startsWith("leaf") && ab[0].startsWith("h") ? ab[1] + ":" + ab[0] : ab[0] + ":" + ab[1];
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo("phy.speed_downgrade");
        assertThat(top.place()).isEqualTo(port);
        assertThat(top.fix()).containsExactly("topology.links." + link + ".speed=100G");
        assertThat(top.evidence().get(0)).isEqualTo(new Evidence("topology.links." + link + ".speed", port, speed));
        double slow = Double.parseDouble(speed.replace("G", ""));
        RunOutputs run = RunOutputs.read(dir);
        boolean carried = false;
        for (Evidence e : top.evidence()) {
            if (e.counter().equals("tx_gbps (mean while sending)")) {
                double busy = EcnCheck.busyRate(run, e.where());
                assertThat(Double.parseDouble(e.value())).isEqualTo(Math.round(busy * 1000) / 1000.0);
                assertThat(busy).isLessThanOrEqualTo(slow * 1.0001);
                carried = true;
            }
        }
        assertThat(carried).as(top.evidence().toString()).isTrue();
        assertThat(d.findings())
                .filteredOn(f -> f.id().equals("phy.speed_downgrade"))
                .hasSize(1);
    }

    @Test
    void oneSpeedEverywhereIsNoFinding() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(fabric(-1, "")), tmp);
        assertThat(d.findings()).as(d.text()).noneMatch(f -> f.id().equals("phy.speed_downgrade"));
        assertThat(d.failed()).as(d.text()).isFalse();
    }
}
