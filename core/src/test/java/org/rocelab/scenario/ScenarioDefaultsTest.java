package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;

/** What a minimal scenario gets: every default documented in docs/scenario.md. */
class ScenarioDefaultsTest {
    private final Scenario s = Yaml.load("topology: {kind: star, hosts: 3}\n");

    @Test
    void topLevel() {
        assertThat(s.name()).isEqualTo("t");
        assertThat(s.seed()).isEqualTo(1);
        assertThat(s.durationPs()).isEqualTo(10_000_000_000L);
        assertThat(s.topology())
                .isEqualTo(new TopologySpec.Star(3, new LinkConfig(100_000_000_000L, 2.0, 10_000L, FecMode.RS, 0.0)));
        assertThat(s.workloads()).isEmpty();
        assertThat(s.faults()).isEmpty();
        assertThat(s.outputs()).isEqualTo(new OutputSpec(10_000_000L, List.of()));
    }

    @Test
    void nic() {
        NicSpec n = s.nicDefaults();
        assertThat(n)
                .isEqualTo(new NicSpec(
                        4096,
                        4096,
                        9000,
                        RoceVersion.V2,
                        26,
                        3,
                        List.of(3),
                        Trust.DSCP,
                        PcieSpec.AUTO,
                        new CcSpec("dcqcn", "mlx5", Map.of()),
                        new CnpSpec(48, 6, 4_000_000L, "first_mark"),
                        new RetransmissionSpec(14, 67_108_864_000L, 7, 7, RetransmitMode.GO_BACK_N),
                        262_144L,
                        32768,
                        512,
                        4096));
        assertThat(s.nic("h2")).isSameAs(n);
        assertThat(n.maxRoceFrameBytes()).isEqualTo(4096 + 78);
        assertThat(n.cc().registryParams()).containsExactly(Map.entry("profile", "mlx5"));
    }

    @Test
    void switchUsesSonicMapsAndAzureLosslessEcn() {
        SwitchSpec w = s.switchSpec("sw0");
        assertThat(w.mtu()).isEqualTo(9216);
        assertThat(w.trust()).isEqualTo(Trust.DSCP);
        assertThat(w.dscpToTc().get(3)).isEqualTo(3);
        assertThat(w.dscpToTc().get(4)).isEqualTo(4);
        assertThat(w.dscpToTc().get(5)).isEqualTo(2);
        assertThat(w.dscpToTc().get(8)).isEqualTo(0);
        assertThat(w.dscpToTc().get(46)).isEqualTo(5);
        assertThat(w.dscpToTc().get(48)).isEqualTo(6);
        assertThat(w.dscpToTc().get(26)).isEqualTo(1);
        assertThat(w.dscpToTc().stream().filter(tc -> tc == 1).count()).isEqualTo(58);
        assertThat(w.pcpToTc()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(w.tcToPg()).containsExactly(0, 0, 0, 3, 4, 0, 0, 7);
        assertThat(w.tcToQueue()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(w.lossless()).containsExactly(3);
        assertThat(w.buffer()).isEqualTo(new BufferSpec(32_000_000L, -3));
        assertThat(w.pfc())
                .isEqualTo(new PfcSpec(
                        true,
                        0,
                        2288,
                        new WatchdogSpec(true, 200_000_000_000L, 200_000_000_000L, WatchdogAction.DROP)));
        assertThat(w.ecn()).containsExactly(Map.entry(3, new EcnSpec(1_048_576L, 2_097_152L, 0.05, true)));
        assertThat(w.scheduler()).isEqualTo(new SchedulerSpec(List.of(), List.of(12, 12, 12, 12, 12, 12, 12, 12)));
        assertThat(w.acl()).isEmpty();
        // the seed unset: SONiC's seed for each switch's tier (EcmpSpec.tierSeed)
        assertThat(w.ecmp())
                .isEqualTo(
                        new EcmpSpec(List.of("src_ip", "dst_ip", "proto", "src_port", "dst_port"), EcmpSpec.BY_TIER));
        assertThat(w.routes()).isEmpty();
        assertThat(w.vlans()).isEmpty();
        assertThat(w.macAgePs()).isEqualTo(600_000_000_000_000L);
        assertThat(w.routing()).isEqualTo(new RoutingSpec(1_000_000_000L, 100_000_000_000L));
    }

    @Test
    void defaultScenarioWarnsThatDscp26IsLossyUnderSonicMap() {
        assertThat(s.warnings())
                .containsExactly(
                        "switch.dscp_to_tc: RoCE traffic of h0..h2 (DSCP 26) maps to TC 1 on sw0, which is lossy, "
                                + "while nic.pfc enables priority 3: PFC does not protect it");
    }

    @Test
    void workloadDefaultsFollowPerftest() {
        Scenario w = Yaml.load("topology: {kind: star, hosts: 3}\nworkloads:\n"
                + "  - {kind: ib_write_bw, from: h1, to: h0}\n"
                + "  - {kind: ib_read_lat, from: [h1, h2], to: h0}\n"
                + "  - {kind: incast, from: [h1, h2], to: h0, interval: 100us}\n"
                + "  - {kind: allreduce}\n"
                + "  - {kind: flows, cdf: {1KB: 0.5, 100KB: 0.9, 10MB: 1.0}, load: 0.3, hosts: [h0, h1]}\n"
                + "  - {kind: tcp, from: h2, to: h1}\n");
        WorkloadSpec bw = w.workloads().get(0);
        assertThat(bw)
                .isEqualTo(new WorkloadSpec(
                        "ib_write_bw-0",
                        WorkloadKind.IB_WRITE_BW,
                        List.of("h1"),
                        List.of("h0"),
                        List.of(),
                        65536,
                        1,
                        0,
                        0,
                        5000,
                        0,
                        128,
                        false,
                        null,
                        0,
                        null,
                        1,
                        -1,
                        -1,
                        0,
                        false));
        WorkloadSpec lat = w.workloads().get(1);
        assertThat(lat.sizeBytes()).isEqualTo(2);
        assertThat(lat.iterations()).isEqualTo(1000);
        assertThat(lat.txDepth()).isEqualTo(1);
        assertThat(lat.to()).containsExactly("h0", "h0");
        WorkloadSpec incast = w.workloads().get(2);
        assertThat(incast.sizeBytes()).isEqualTo(65536);
        assertThat(incast.intervalPs()).isEqualTo(100_000_000L);
        assertThat(incast.iterations()).as("rounds until the run ends").isZero();
        WorkloadSpec ar = w.workloads().get(3);
        assertThat(ar.hosts()).containsExactly("h0", "h1", "h2");
        assertThat(ar.sizeBytes()).isEqualTo(1_048_576);
        assertThat(ar.algorithm()).isEqualTo("ring");
        WorkloadSpec flows = w.workloads().get(4);
        assertThat(flows.cdf().sizesBytes()).containsExactly(0, 1_000, 100_000, 10_000_000);
        assertThat(flows.cdf().percents()).containsExactly(0, 50, 90, 100);
        assertThat(flows.load()).isEqualTo(0.3);
        WorkloadSpec tcp = w.workloads().get(5);
        assertThat(tcp.sizeBytes()).isZero();
        assertThat(tcp.tc()).isZero();
        assertThat(tcp.dscp()).isZero();
    }

    @Test
    void perftestDurationReplacesIterations() {
        Scenario w = Yaml.load(
                "topology: {kind: back-to-back}\nworkloads:\n  - {kind: ib_send_bw, from: h0, to: h1, duration: 2ms}\n");
        assertThat(w.workloads().get(0).iterations()).isZero();
        assertThat(w.workloads().get(0).durationPs()).isEqualTo(2_000_000_000L);
    }
}
