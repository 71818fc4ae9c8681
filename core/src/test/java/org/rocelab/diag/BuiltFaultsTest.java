package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Faults that are not shipped as examples, built here and placed at seeded positions (another
 * switch, host or cable each time) with different wrong values: the doctor must name each first,
 * at its place, with a fix computed from the scenario's own values. Nothing here is keyed on a
 * name or constant the checks could know.
 */
class BuiltFaultsTest {
    @TempDir
    Path tmp;

    /** One built case: the scenario text, the expected top finding and the fix it must carry. */
    record Case(String label, String yaml, String id, String place, List<String> fix) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A 2-tier leaf-spine; {@code extra} goes under the top level, {@code sw} under switches. */
    static String leafSpine(
            int leaves,
            int spines,
            int hostsPerLeaf,
            String speed,
            String sw,
            String nics,
            String faults,
            String workloads,
            String duration) {
        return "name: built\nseed: 7\nduration: " + duration + "\n"
                + "topology: {kind: leaf-spine, leaves: " + leaves + ", spines: " + spines + ", hosts_per_leaf: "
                + hostsPerLeaf + ", uplink_speed: " + speed + ", link: {speed: " + speed + ", length: 2m}}\n"
                + "nic: {dscp: 26, pcp: 3, pfc: [3]}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}}}\n"
                + (sw.isEmpty() ? "" : "switches:\n" + sw)
                + (nics.isEmpty() ? "" : "nics:\n" + nics)
                + (faults.isEmpty() ? "" : "faults:\n" + faults)
                + "workloads:\n" + workloads
                + "outputs: {sample: 10us}\n";
    }

    /** ib_write_bw from every host of leaf {@code a} to the same-index host of leaf {@code b}. */
    static String pairs(int hostsPerLeaf, int a, int b, String duration) {
        List<String> from = new ArrayList<>();
        List<String> to = new ArrayList<>();
        for (int i = 0; i < hostsPerLeaf; i++) {
            from.add("h" + (a * hostsPerLeaf + i));
            to.add("h" + (b * hostsPerLeaf + i));
        }
        return "  - {name: bw, kind: ib_write_bw, from: " + from + ", to: " + to + ", size: 64KiB, qps: 2, duration: "
                + duration + "}\n";
    }

    static Stream<Arguments> cases() {
        List<Case> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(20261201);
        // 1. an ACL denying RoCEv2 on one spine of a leaf-spine (three spines, seeded choice, two rule shapes)
        for (int k = 0; k < 3; k++) {
            int spine = rnd.nextInt(3);
            String rule = k % 2 == 0 ? "{deny: {proto: udp, dst_port: 4791}}" : "{deny: {}}";
            String fixRules = k % 2 == 0 ? "{deny: {proto: udp, dst_port: 4791}}" : "{deny: {}}";
            out.add(new Case(
                    "acl on spine" + spine + " " + rule,
                    leafSpine(
                            2,
                            3,
                            2,
                            "100G",
                            "  spine" + spine + ": {acl: [" + rule + "]}\n",
                            "",
                            "",
                            pairs(2, 0, 1, "100us"),
                            "100us"),
                    "acl.blocks_roce",
                    "spine" + spine,
                    List.of("switches.spine" + spine + ".acl=[{permit: {proto: udp, dst_port: 4791}}, " + fixRules
                            + "]")));
        }
        // 2. a bad optic on one fabric link (one spine, so the traffic crosses it): BER on leaf k's uplink
        for (int k = 0; k < 3; k++) {
            int leaf = k;
            int other = (leaf + 1 + rnd.nextInt(2)) % 3;
            String ber = List.of("3e-4", "4e-4", "5e-4").get(k);
            out.add(new Case(
                    "bad optic leaf" + leaf + "-spine0 ber " + ber,
                    leafSpine(
                            3,
                            1,
                            1,
                            "100G",
                            "",
                            "",
                            "  - {at: 0us, link: [leaf" + leaf + ", spine0], ber: " + ber + "}\n",
                            "  - {name: bw, kind: ib_write_bw, from: [h" + other + ", h" + leaf + "], to: [h" + leaf
                                    + ", h" + other + "], size: 64KiB, duration: 300us}\n",
                            "300us"),
                    "phy.fcs_errors",
                    "leaf" + leaf + ":spine0|spine0:leaf" + leaf,
                    List.of("faults.0.ber=0")));
        }
        // 3. PFC off on one spine
        for (int k = 0; k < 3; k++) {
            int spine = rnd.nextInt(3);
            out.add(new Case(
                    "pfc off on spine" + spine,
                    leafSpine(
                            2,
                            3,
                            2,
                            "100G",
                            "  spine" + spine + ": {lossless: []}\n",
                            "",
                            "",
                            pairs(2, 0, 1, "100us"),
                            "100us"),
                    "pfc.one_hop",
                    "spine" + spine,
                    List.of("switches.spine" + spine + ".lossless=[3]")));
        }
        // 4. MTU too small on one spine; the fix is the fabric's own MTU
        int[] wrong = {1500, 2000, 4000};
        int[] fabric = {9216, 9100, 9000};
        for (int k = 0; k < 3; k++) {
            int spine = rnd.nextInt(3);
            String yaml = leafSpine(
                            2,
                            3,
                            2,
                            "100G",
                            "  spine" + spine + ": {mtu: " + wrong[k] + "}\n",
                            "",
                            "",
                            pairs(2, 0, 1, "100us"),
                            "100us")
                    .replace("switch: {", "switch: {mtu: " + fabric[k] + ", ");
            out.add(new Case(
                    "mtu " + wrong[k] + " on spine" + spine,
                    yaml,
                    "mtu.mismatch",
                    "spine" + spine,
                    List.of("switches.spine" + spine + ".mtu=" + fabric[k])));
        }
        // 5. Kmin 2 KB, Pmax 1 on one leaf; the proposed Kmin follows the port speed (100 KB per 25G)
        String[] speeds = {"100G", "50G", "25G"};
        String[] kmin = {"400KB", "200KB", "100KB"};
        String[] kmax = {"1600KB", "800KB", "400KB"};
        for (int k = 0; k < 3; k++) {
            int leaf = rnd.nextInt(3);
            out.add(new Case(
                    "kmin 2KB pmax 1 on leaf" + leaf + " at " + speeds[k],
                    leafSpine(
                            3,
                            1,
                            2,
                            speeds[k],
                            "  leaf" + leaf + ": {ecn: {3: {kmin: 2KB, kmax: 4KB, pmax: 1}}}\n",
                            "",
                            "",
                            "  - {name: bw, kind: ib_write_bw, from: [h" + (2 * ((leaf + 1) % 3)) + ", h"
                                    + (2 * ((leaf + 2) % 3)) + "], to: h" + (2 * leaf)
                                    + ", size: 64KiB, duration: 100us}\n",
                            "100us"),
                    "ecn.kmin_too_low",
                    "leaf" + leaf,
                    List.of(
                            "switches.leaf" + leaf + ".ecn.3.kmin=" + kmin[k],
                            "switches.leaf" + leaf + ".ecn.3.kmax=" + kmax[k],
                            "switches.leaf" + leaf + ".ecn.3.pmax=0.2")));
        }
        // 6. a stalled receiver behind two tiers: senders on other leaves, the receiver's NIC stops draining
        for (int k = 0; k < 3; k++) {
            int host = rnd.nextInt(6);
            int leaf = host / 2;
            int s1 = (2 * ((leaf + 1) % 3));
            int s2 = (2 * ((leaf + 2) % 3)) + 1;
            out.add(new Case(
                    "stalled receiver h" + host,
                    leafSpine(
                            3,
                            2,
                            2,
                            "100G",
                            "",
                            "",
                            "  - {at: 20us, host: h" + host + ", stall_rx: 1ms}\n",
                            "  - {name: bw, kind: ib_write_bw, from: [h" + s1 + ", h" + s2 + "], to: h" + host
                                    + ", size: 64KiB, duration: 300us}\n",
                            "300us"),
                    "pfc.storm",
                    "h" + host,
                    List.of()));
        }
        // 7. a half-done route change making a ring: ring of n switches, static routes two hops clockwise
        for (int n = 3; n <= 5; n++) {
            out.add(ring(n, rnd.nextInt(n)));
        }
        // 8. mixed DCQCN knobs on one host
        String[] knobs = {"{rpg_ai_rate: 20}", "{rpg_time_reset: 600}", "{rpg_hai_rate: 200, rpg_ai_rate: 10}"};
        for (int k = 0; k < 3; k++) {
            int host = rnd.nextInt(4);
            out.add(new Case(
                    "dcqcn knobs on h" + host + " " + knobs[k],
                    leafSpine(
                            2,
                            2,
                            2,
                            "100G",
                            "",
                            "  h" + host + ": {cc: " + knobs[k] + "}\n",
                            "",
                            pairs(2, 0, 1, "100us"),
                            "100us"),
                    "dcqcn.mixed_knobs",
                    "h" + host,
                    List.of("nics.h" + host + ".cc={algorithm: dcqcn, profile: mlx5}")));
        }
        // 9. a narrow PCIe slot on one host; the fix widens it as far as the port needs
        String[] slots = {"{gen: 3, lanes: 8}", "{gen: 3, lanes: 4}", "{gen: 4, lanes: 4}"};
        String[] fixes = {
            "{gen: 3, lanes: 16, mps: 256}", "{gen: 3, lanes: 16, mps: 256}", "{gen: 4, lanes: 8, mps: 256}"
        };
        for (int k = 0; k < 3; k++) {
            int host = rnd.nextInt(4);
            out.add(new Case(
                    "pcie " + slots[k] + " on h" + host,
                    leafSpine(
                            2,
                            2,
                            2,
                            "100G",
                            "",
                            "  h" + host + ": {pcie: " + slots[k] + "}\n",
                            "",
                            pairs(2, 0, 1, "100us"),
                            "100us"),
                    "pcie.too_narrow",
                    "h" + host,
                    List.of("nics.h" + host + ".pcie=" + fixes[k])));
        }
        // 10. all QPs of a pair on one hash: a leaf whose ECMP hash leaves out the UDP source port
        for (int k = 0; k < 3; k++) {
            int leaf = rnd.nextInt(3);
            out.add(new Case(
                    "ecmp without src_port on leaf" + leaf,
                    leafSpine(
                            3,
                            2,
                            1,
                            "100G",
                            "  leaf" + leaf + ": {ecmp: {fields: [src_ip, dst_ip, proto, dst_port]}}\n",
                            "",
                            "",
                            "  - {name: bw, kind: ib_write_bw, from: [h" + leaf + "], to: [h" + ((leaf + 1) % 3)
                                    + "], size: 64KiB, qps: 4, duration: 100us}\n",
                            "100us"),
                    "ecmp.low_entropy",
                    "leaf" + leaf,
                    List.of("switches.leaf" + leaf + ".ecmp.fields=[src_ip, dst_ip, proto, dst_port, src_port]")));
        }
        return out.stream().map(Arguments::of);
    }

    /** Ring of {@code n} switches, one host each, routes for the host two hops clockwise, rotated by {@code r}. */
    static Case ring(int n, int r) {
        StringBuilder b =
                new StringBuilder("name: ring\nseed: 3\nduration: 300us\ntopology:\n  kind: explicit\n  nodes: [");
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add("h" + i);
        }
        for (int i = 0; i < n; i++) {
            nodes.add("sw" + i);
        }
        b.append(String.join(", ", nodes)).append("]\n  link: {speed: 100G, length: 2m}\n  links:\n");
        for (int i = 0; i < n; i++) {
            b.append("    - {a: h").append(i).append(", b: sw").append(i).append("}\n");
        }
        for (int i = 0; i < n; i++) {
            int a = (i + r) % n;
            b.append("    - {a: sw")
                    .append(a)
                    .append(", b: sw")
                    .append((a + 1) % n)
                    .append("}\n");
        }
        b.append("nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}\n");
        b.append("switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 2MB}}\nswitches:\n");
        List<String> from = new ArrayList<>();
        List<String> to = new ArrayList<>();
        List<String> ports = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            b.append("  sw")
                    .append(i)
                    .append(": {routes: {h")
                    .append((i + 2) % n)
                    .append(": [sw")
                    .append((i + 1) % n)
                    .append("]}}\n");
            from.add("h" + i);
            to.add("h" + (i + 2) % n);
            ports.add("sw" + i + ":sw" + (i + 1) % n);
        }
        b.append("workloads:\n  - {name: ring, kind: ib_write_bw, from: ")
                .append(from)
                .append(", to: ")
                .append(to)
                .append(", size: 64KiB, duration: 300us}\noutputs: {sample: 10us}\n");
        java.util.Collections.sort(ports);
        List<String> cycle = new ArrayList<>();
        String p = ports.get(0);
        for (int i = 0; i < n; i++) {
            cycle.add(p);
            String next = Topo.peer(p);
            int idx = Integer.parseInt(next.substring(2));
            p = next + ":sw" + (idx + 1) % n;
        }
        return new Case(
                "ring of " + n + " rotated " + r,
                b.toString(),
                "routing.buffer_cycle",
                String.join(" -> ", cycle),
                null);
    }

    static Stream<Arguments> healthyFabrics() {
        String mix = "  - {name: mix, kind: flows, hosts: all, cdf: websearch, load: 0.5, duration: 300us}\n";
        String fatTree = "name: fat-tree\nseed: 5\nduration: 400us\n"
                + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: 2m}}\n"
                + "nic: {dscp: 26, pcp: 3, pfc: [3]}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}}}\n"
                + "workloads:\n" + mix + "outputs: {sample: 10us}\n";
        return Stream.of(
                Arguments.of("leaf-spine 2x2 websearch 50 %", leafSpine(2, 2, 4, "100G", "", "", "", mix, "400us")),
                Arguments.of(
                        "leaf-spine 2x2 perftest across",
                        leafSpine(2, 2, 2, "100G", "", "", "", pairs(2, 0, 1, "300us"), "300us")),
                Arguments.of("fat-tree k=4 websearch 50 %", fatTree));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("healthyFabrics")
    void aHealthyFabricUnderLoadHasNoFindingAtWarningOrAbove(String label, String yaml) {
        Diagnosis d = DiagRun.run(DiagRun.yaml(yaml), tmp);
        assertThat(d.findings().stream().filter(f -> f.severity().atLeastWarning()))
                .as(d.text())
                .isEmpty();
        assertThat(d.failed()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theBuiltFaultIsFoundFirstAtItsPlaceWithItsFix(Case c) {
        Diagnosis d = DiagRun.run(DiagRun.yaml(c.yaml()), tmp);
        assertThat(d.findings()).as(d.text()).isNotEmpty();
        Finding top = d.findings().get(0);
        assertThat(top.id()).as(d.text()).isEqualTo(c.id());
        assertThat(List.of(c.place().split("\\|"))).as(d.text()).contains(top.place());
        if (c.fix() != null) {
            assertThat(top.fix()).as(d.text()).containsExactlyInAnyOrderElementsOf(c.fix());
        } else {
            // routing: the fix must leave no buffer-dependency cycle, not even through ECMP choices
            assertThat(top.fix()).as(d.text()).isNotEmpty().noneMatch(f -> f.contains("watchdog"));
            Findings again = new Findings();
            new BufferCycleCheck()
                    .run(new DiagInput(DiagRun.yaml(c.yaml(), top.fix().toArray(new String[0])), null), again);
            assertThat(again.all()).as(String.join(" ", top.fix())).isEmpty();
        }
        assertThat(d.failed()).isTrue();
    }
}
