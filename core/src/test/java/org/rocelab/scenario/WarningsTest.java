package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Misconfigurations real fabrics have: valid, with one warning line naming the key (DESIGN.md §3). */
class WarningsTest {
    private static final String STAR =
            "topology: {kind: star, hosts: 2}\nswitch:\n  dscp_to_tc: {26: 3}\n  lossless: [3]\n"
                    + "  ecn: {3: {kmin: 400KB, kmax: 1600KB}}\n";
    private static final String LEAF_SPINE = "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}\n"
            + "switch:\n  dscp_to_tc: {26: 3}\n  ecn: {3: {kmin: 400KB, kmax: 1600KB}}\n";

    @Test
    void consistentFabricHasNoWarnings() {
        assertThat(Yaml.load(STAR).warnings()).isEmpty();
        assertThat(Yaml.load(LEAF_SPINE).warnings()).isEmpty();
    }

    @Test
    void pfcOnOneSwitchOnly() {
        Scenario s = Yaml.load(LEAF_SPINE + "switches:\n  spine1: {lossless: []}\n");
        assertThat(s.warnings())
                .containsExactly("switches.spine1.lossless: lossless TCs [] on spine1 differ from [3] on leaf0 and "
                        + "others: PFC is not on every hop, lossless traffic crossing spine1 can be dropped");
    }

    @Test
    void losslessOnTheSwitchButNotTheNic() {
        Scenario s = Yaml.load(STAR + "nics:\n  h1: {pfc: []}\n");
        assertThat(s.warnings())
                .containsExactly(
                        "nics.h1.pfc: RoCE traffic of h1 (DSCP 26) is lossless TC 3 on sw0, but PFC is off for "
                                + "priority 3 on those NICs, which ignore sw0's pauses (lossless on the switch but not the NIC)");
    }

    @Test
    void nicPfcPrioritiesDifferFromSwitchLosslessTcs() {
        Scenario s = Yaml.load(STAR + "nic: {pfc: [3, 4]}\n");
        assertThat(s.warnings())
                .containsExactly("nic.pfc: PFC priority 4 of h0, h1 is not lossless on sw0 (lossless [3])");
    }

    @Test
    void nicTrafficLandsInALossyTc() {
        Scenario s = Yaml.load(STAR + "nic: {dscp: 24}\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.dscp_to_tc: RoCE traffic of h0, h1 (DSCP 24) maps to TC 1 on sw0, which is lossy, "
                                + "while nic.pfc enables priority 3: PFC does not protect it");
    }

    @Test
    void switchMtuBelowNicFrame() {
        Scenario s = Yaml.load(STAR + "  mtu: 1500\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.mtu: sw0 mtu 1500 is below the largest RoCE frame of h0, h1 (4174 bytes at path "
                                + "MTU 4096): those frames are dropped");
        assertThat(Yaml.load(STAR + "  mtu: 1500\nnic: {mtu: 1024}\n").warnings())
                .isEmpty();
    }

    @Test
    void switchToSwitchMtuMismatch() {
        Scenario s = Yaml.load(LEAF_SPINE + "switches:\n  spine0: {mtu: 9100}\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switches.spine0.mtu: mtu 9100 on spine0 differs from 9216 on leaf0, leaf1: frames larger than 9100 are dropped on those hops");
    }

    @Test
    void trustPcpWithUntaggedNics() {
        Scenario s = Yaml.load(STAR + "  trust: pcp\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.trust: sw0 trusts PCP but frames from h0, h1 are untagged (nic.trust is dscp): all of them land in TC 0",
                        "switch.lossless: RoCE traffic of h0, h1 (untagged) maps to TC 0 on sw0, which is lossy, while nic.pfc enables priority 3: "
                                + "PFC does not protect it");
        assertThat(Yaml.load(STAR + "  trust: pcp\nnic: {trust: pcp}\n").warnings())
                .isEmpty();
    }

    @Test
    void ecnKminFarBelowTypical() {
        Scenario s = Yaml.load(STAR.replace("kmin: 400KB", "kmin: 5KB"));
        assertThat(s.warnings())
                .containsExactly(
                        "switch.ecn.3.kmin: Kmin 5000 bytes on sw0 is far below typical (400000 bytes at 100G: "
                                + "HPCC uses 100KB per 25G, NVIDIA 150KB): every microburst of TC 3 over it is marked and DCQCN"
                                + " slows flows that were not congested");
        assertThat(Yaml.load(STAR.replace("kmin: 400KB", "kmin: 20KB")).warnings())
                .isEmpty();
        assertThat(Yaml.load(STAR.replace("kmin: 400KB", "kmin: 19999")).warnings())
                .hasSize(1);
    }

    @Test
    void ecnKminAbovePfcPointOfOneIngressPort() {
        // 4 MB buffer, dynamic_th 0 (alpha 1): one PG pauses at pool / 2, pool = buffer minus the
        // SONiC headroom estimate of TC 3 on the star's two ports
        String buffer = "  buffer: {size: 4MB, dynamic_th: 0}\n";
        Scenario s =
                Yaml.load(STAR.replace("kmin: 400KB", "kmin: 2000KB").replace("kmax: 1600KB", "kmax: 2100KB") + buffer);
        long pool = 4_000_000L
                - FabricChecks.headroomBytes(
                        s.switchSpec("sw0"), s.layout().adjacency().get("sw0"));
        assertThat(pool).isLessThan(4_000_000L);
        assertThat(s.warnings())
                .containsExactly(
                        "switch.ecn.3.kmin: Kmin 2000000 bytes on sw0 is at or above the PFC point of a lossless"
                                + " PG fed by one port (about " + pool / 2 + " bytes: dynamic_th 0 of a " + pool
                                + "-byte pool):"
                                + " such congestion is paused before any packet of TC 3 is marked, so DCQCN never slows it");
        String justBelow =
                STAR.replace("kmin: 400KB", "kmin: " + (pool / 2 - 1)).replace("kmax: 1600KB", "kmax: 2100KB");
        assertThat(Yaml.load(justBelow + buffer).warnings()).isEmpty();
    }

    @Test
    void aclDenyingRoceV2() {
        Scenario s = Yaml.load(
                STAR
                        + "  acl:\n    - permit: {proto: tcp}\n    - deny: {proto: udp, dst_port: 4791}\n    - deny: {proto: udp, dst_port: 53}\n");
        assertThat(s.warnings())
                .containsExactly("switch.acl.1: RULE_2 on sw0 denies UDP 4791: RoCEv2 traffic it matches is dropped");
        assertThat(s.switchDefaults().acl().get(0)).isEqualTo(new AclRule(true, 6, null, null, -1, -1, -1));
    }

    @Test
    void roceV1AcrossRoutedHops() {
        String wl =
                "workloads:\n  - {kind: ib_write_bw, from: h0, to: h1}\n  - {kind: ib_write_bw, from: h0, to: h3}\n";
        Scenario s = Yaml.load(LEAF_SPINE + "nic: {roce: v1}\n" + wl);
        assertThat(s.warnings())
                .containsExactly(
                        "workloads.0: RoCE v1 between h0 (on leaf0) and h1 share leaf0, which bridges only within VLANs"
                                + " and has none holding both: it drops their v1 frames (RoCE v1 is layer 2 only;"
                                + " configure a VLAN or use v2)",
                        "workloads.1: RoCE v1 between h0 (on leaf0) and h3 (on leaf1) crosses routed hops: "
                                + "RoCE v1 is not routable (configure a VLAN or use v2)");
        assertThat(Yaml.load(LEAF_SPINE + wl).warnings()).isEmpty();
    }

    @Test
    void nicsWithDifferentDcqcnKnobs() {
        Scenario s = Yaml.load(STAR + "nics:\n  h1: {cc: {rpg_ai_rate: 10}}\n");
        assertThat(s.warnings())
                .containsExactly(
                        "nics.h1.cc: h1's congestion control (dcqcn/mlx5 rpg_ai_rate=10) differs from the other "
                                + "NICs' (dcqcn/mlx5): flows sharing a bottleneck will not converge to a fair share");
    }

    @Test
    void tcpFramesAboveSwitchMtu() {
        Scenario s = Yaml.load(STAR + "  mtu: 4200\nworkloads:\n  - {kind: tcp, from: h0, to: h1}\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.mtu: sw0 mtu 4200 is below the TCP frames of h0, h1 (9018 bytes at netdev_mtu 9000): those frames are dropped");
    }

    @Test
    void nicLosslessButSwitchPfcOffNamesTheSwitchLosslessKey() {
        Scenario s = Yaml.load(STAR, "switch.lossless=[]");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.lossless: RoCE traffic of h0, h1 (DSCP 26) maps to TC 3 on sw0, which is lossy, "
                                + "while nic.pfc enables priority 3: PFC does not protect it");
    }

    @Test
    void aDefaultEverySwitchInheritsIsOneLineListingTheSwitches() {
        Scenario s = Yaml.load("topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}\n"
                + "switch:\n  ecn: {3: {kmin: 1KB, kmax: 1600KB}}\n  acl: [{deny: {proto: udp, dst_port: 4791}}]\n");
        assertThat(s.warnings())
                .containsExactly(
                        "switch.dscp_to_tc: RoCE traffic of h0..h3 (DSCP 26) maps to TC 1 on leaf0, leaf1, which is lossy,"
                                + " while nic.pfc enables priority 3: PFC does not protect it",
                        "switch.ecn.3.kmin: Kmin 1000 bytes on leaf0, leaf1, spine0, spine1 is far below typical (400000"
                                + " bytes at 100G: HPCC uses 100KB per 25G, NVIDIA 150KB): every microburst of TC 3 over it"
                                + " is marked and DCQCN slows flows that were not congested",
                        "switch.acl.0: RULE_1 on leaf0, leaf1, spine0, spine1 denies UDP 4791: RoCEv2 traffic it matches"
                                + " is dropped");
    }

    /**
     * validate merges lines by finding, key and sentence with the switch and the hosts left open,
     * not by rewriting the text: two hosts with their own {@code nics.<host>.pfc} are two lines
     * (rewriting every "h0" in "nics.h0.pfc: … of h0" made the two lines alike and printed one,
     * "nics.h0, h1.pfc: …", a key that does not exist), while one default key on several switches
     * is one line naming them.
     */
    @Test
    void linesAreMergedByFindingKeyAndPlaceNotByTheirText() {
        String off = ", but PFC is off for priority 3 on those NICs, which ignore sw0's pauses (lossless on the switch"
                + " but not the NIC)";
        assertThat(Yaml.load(STAR + "nics:\n  h0: {pfc: []}\n  h1: {pfc: []}\n").warnings())
                .containsExactly(
                        "nics.h0.pfc: RoCE traffic of h0 (DSCP 26) is lossless TC 3 on sw0" + off,
                        "nics.h1.pfc: RoCE traffic of h1 (DSCP 26) is lossless TC 3 on sw0" + off);
        assertThat(Yaml.load(LEAF_SPINE + "  mtu: 1500\n").warnings())
                .containsExactly("switch.mtu: leaf0, leaf1 mtu 1500 is below the largest RoCE frame of h0..h3 (4174"
                        + " bytes at path MTU 4096): those frames are dropped");
    }
}
