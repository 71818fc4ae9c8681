package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcFactory;
import org.rocelab.cc.CcHost;
import org.rocelab.cc.CcRegistry;
import org.rocelab.cc.CongestionControl;
import org.rocelab.cc.DctcpRdma;
import org.rocelab.cc.HpccInt;
import org.rocelab.cc.Timely;
import org.rocelab.nic.QueuePair;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.scenario.CcSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.stats.RunResult;

/**
 * {@code nic.cc.algorithm: hpcc | dctcp | timely} in scenarios (issue 15): the keys reach the
 * algorithm through the registry with their units, each algorithm's update gives the number derived
 * by hand from ns-3's rdma-hw.cc for known feedback, and on a fabric the switch stamps HPCC's INT,
 * the DCTCP receiver echoes ECN on ACKs and every flow completes.
 */
class AckFeedbackScenarioTest {
    private static final long G = 100_000_000_000L;
    private final PacketPool pool = new PacketPool();

    private static final String STAR = "name: cc\nseed: 1\ntopology: {kind: star, hosts: 3, link: {speed: 100G}}\n";

    /** The sender CC a scenario's {@code nic.cc} gives, through the registry as a run builds it. */
    private static CongestionControl cc(String ccYaml) {
        Scenario s = ScenarioLoader.parse(STAR + "nic: {cc: " + ccYaml + "}\n", "cc.yaml", List.of(), null);
        CcSpec spec = s.nic("h0").cc();
        CcFactory f = CcRegistry.standard().factory(spec.algorithm(), spec.registryParams());
        return f.create(new Host());
    }

    private Packet ack(boolean marked) {
        Packet p = pool.acquire();
        p.becn = marked;
        return p;
    }

    @Test
    void dctcpAlphaAfterFourMarkedAcksInABatchOfEleven() {
        DctcpRdma d = (DctcpRdma) cc("{algorithm: dctcp, EWMA_GAIN: 1/16, DCTCP_RATE_AI: 615Mb/s}");
        // the scenario's segment is the path MTU: 4096 B (PACKET_PAYLOAD_SIZE is not a scenario key)
        long seg = 4096;
        // first ACK: only sets the batch, (sndNxt / seg) + 1 = 11 packets
        d.onAckFeedback(0, ack(false), seg, 10 * seg);
        assertThat(d.alpha()).isEqualTo(1.0);
        // nine more ACKs, four of them marked: the first mark cuts rate × (1 − α/2) and enters CWR
        for (int i = 2; i <= 10; i++) {
            d.onAckFeedback(0, ack(i % 2 == 0 && i <= 8), i * seg, 20 * seg);
        }
        assertThat(d.rateBps()).isEqualTo(G / 2);
        // the ACK beyond the batch: F = 4/11, α = (1 − g) · 1 + g · 4/11 = 1 − 7/176
        d.onAckFeedback(0, ack(false), 11 * seg, 20 * seg);
        assertThat(d.alpha()).isCloseTo(169.0 / 176.0, within(1e-15));
        assertThat(d.rateBps()).as("still in CWR: no additive increase").isEqualTo(G / 2);
        // out of CWR (beyond sndNxt at the cut, 20 segments): next batch adds DCTCP_RATE_AI
        d.onAckFeedback(0, ack(false), 21 * seg, 30 * seg);
        assertThat(d.rateBps()).isEqualTo(G / 2 + 615_000_000L);
    }

    private Packet timed(long sentNs) {
        Packet p = pool.acquire();
        p.intMode = IntHeader.TS;
        p.intTs = sentNs;
        return p;
    }

    @Test
    void timelyRateStepOnAKnownRttGradient() {
        Timely t = (Timely) cc("{algorithm: timely, TIMELY_MIN_RTT: 20us, TIMELY_T_LOW: 50us, RATE_AI: 1Gbps}");
        // RTTs 60 µs then 70 µs (between T_low and T_high): rttDiff = α · 10 µs = 8.75 µs,
        // gradient = 8.75 / 20 = 0.4375 > 0 → rate × (1 − β · 0.4375) = 100G × 0.65
        t.onAckFeedback(60_000_000L, timed(0), 4096, 10 * 4096);
        assertThat(t.rateBps()).as("the first RTT only records").isEqualTo(G);
        t.onAckFeedback(1_070_000_000L, timed(1_000_000), 11 * 4096, 20 * 4096);
        assertThat((double) t.rateBps()).isCloseTo(65e9, within(1.0));
        // 65 µs: rttDiff = 0.125 · 8.75 − 0.875 · 5 µs < 0 → additive increase δ = RATE_AI
        long before = t.rateBps();
        t.onAckFeedback(2_065_000_000L, timed(2_000_000), 21 * 4096, 30 * 4096);
        assertThat(t.rateBps()).isEqualTo(before + 1_000_000_000L);
    }

    @Test
    void hpccWindowAfterOneIntUpdate() {
        HpccInt h = (HpccInt) cc("{algorithm: hpcc, BASE_RTT: 12.24us, WINDOW: 153000, INT_MULTI: 4, MI_THRESH: 0}");
        Packet first = pool.acquire();
        first.intMode = IntHeader.HOPS;
        first.intMulti = 4;
        IntHeader.push(first, 1000, 0, 0, G);
        h.onAckFeedback(0, first, 1000, 10_000);
        Packet second = pool.acquire();
        second.intMode = IntHeader.HOPS;
        second.intMulti = 4;
        IntHeader.push(second, 11_000, 125_000, 32_000, G);
        h.onAckFeedback(0, second, 11_000, 20_000);
        // τ = 10 µs; 244 × 512 B sent → 99.94 Gb/s, u = 0.999424 (the older queue was empty);
        // Ū = (1 · 2.24 + 0.999424 · 10) / 12.24 = 0.99952941…; R = ⌊100G / (Ū/η)⌋ + W_AI
        double txRate = 244 * 512 * 8 / 10e-6;
        double u = (1 * (12_240 - 10_000) + (txRate / G) * 10_000) / 12_240.0;
        long rate = (long) (G / (u / 0.95)) + 40_000_000L;
        assertThat(h.rateBps()).isEqualTo(rate).isEqualTo(95_084_726_930L);
        // VAR_WIN: W × rate / line rate in whole bytes
        assertThat(h.windowBytes()).isEqualTo(153_000L * rate / G).isEqualTo(145_479L);
    }

    @Test
    void hpccOnAStarGetsOneIntHopPerPacketAndSettlesNearEta() {
        ScenarioRun run = FabricProbe.run(
                "name: hpcc-star",
                "seed: 1",
                "duration: 300us",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {cc: {algorithm: hpcc, BASE_RTT: 3us}}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2], to: h0, size: 2MB}");
        RunResult r = run.run(null);
        double sum = 0;
        for (String h : List.of("h1", "h2")) {
            for (QueuePair qp : run.fabric().nic(h).qps()) {
                HpccInt cc = (HpccInt) qp.congestionControl();
                // a single switch: Ū has moved off its initial 1, so INT records arrived with rates
                assertThat(cc.utilization()).isNotEqualTo(1.0);
                sum += cc.rateBps();
            }
        }
        // two senders on one 100G port: together close to η = 95 % of it (W_AI adds 2 × 40 Mb/s)
        assertThat(sum / G).isBetween(0.90, 1.0);
        assertThat(r.totalDrops()).isZero();
        assertThat(r.pauseFramesTx()).isZero();
    }

    @Test
    void dctcpReceiversEchoEcnOnAcksInsteadOfSendingCnps() {
        ScenarioRun run = FabricProbe.run(
                "name: dctcp-star",
                "seed: 1",
                "duration: 1ms",
                "topology: {kind: star, hosts: 5, link: {speed: 100G, length: 2m}}",
                "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 20KB, kmax: 200KB, pmax: 0.1}}}",
                "nic: {cc: {algorithm: dctcp}}",
                "outputs: {sample: 1us}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2, h3, h4], to: h0, size: 1MB}");
        RunResult r = run.run(null);
        assertThat(r.workloads().get(0).completedFlows()).isEqualTo(4);
        assertThat(r.ecnMarked()).isPositive();
        assertThat(r.cnpSent()).as("marks go back as ECN-Echo on ACKs").isZero();
        // the echoed marks reached the senders: the first one halves the rate (α starts at 1)
        org.rocelab.stats.TimeSeries ts = r.timeSeries();
        double min = Double.MAX_VALUE;
        for (int i = 0; i < ts.size(); i++) {
            int id = ts.seriesId(i);
            if (ts.metric(id).equals("rate_gbps") && ts.entity(id).matches("h[1-4]/qp.*")) {
                min = Math.min(min, ts.value(i));
            }
        }
        assertThat(min).isLessThanOrEqualTo(50.0);
    }

    @Test
    void knobsOfOneAlgorithmAreRefusedUnderAnotherWithOneLine() {
        assertThatThrownBy(() -> cc("{algorithm: dcqcn, U_TARGET: 0.9}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("cc.yaml:4:")
                .hasMessageEndingWith(
                        "nic.cc.U_TARGET: is a knob of hpcc, hpcc_pint; set nic.cc.algorithm to one of them");
        assertThatThrownBy(() -> cc("{algorithm: hpcc, U_TARGET: 2}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.U_TARGET: hpcc knob 'U_TARGET': expected a number in [0.01, 1.0]");
        assertThatThrownBy(() -> cc("{algorithm: timely, TIMELY_T_LOW: 5xs}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.TIMELY_T_LOW: timely knob 'TIMELY_T_LOW': expected a time");
        assertThatThrownBy(() -> cc("{algorithm: dctcp, U_TARGET: 0.9}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining(
                        "nic.cc.U_TARGET: is a knob of hpcc, hpcc_pint; dctcp takes EWMA_GAIN, DCTCP_RATE_AI");
        assertThatThrownBy(() -> cc("{algorithm: hpcc_pint, FAST_REACT: 1}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("cc.yaml:4:")
                .hasMessageEndingWith("nic.cc.FAST_REACT: is a knob of hpcc; hpcc_pint takes U_TARGET, MI_THRESH,"
                        + " RATE_AI, MIN_RATE, PINT_LOG_BASE, PINT_PROB, BASE_RTT, WINDOW, VAR_WIN");
        assertThatThrownBy(() -> cc("{algorithm: hpcc_pint, PINT_LOG_BASE: 1.0001}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("cc.yaml:4:")
                .hasMessageContaining(
                        "nic.cc.PINT_LOG_BASE: hpcc_pint knob 'PINT_LOG_BASE': expected a number from" + " 1.0002 to");
        assertThatThrownBy(() -> cc("{algorithm: hpcc_pint, PINT_PROB: 1.5}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.PINT_PROB: hpcc_pint knob 'PINT_PROB': expected a number in [0.0, 1.0]");
        assertThatThrownBy(() -> ScenarioLoader.parse(
                        "name: cc\ntopology: {kind: star, hosts: 3, link: {speed: 40G}}\nnic: {cc: {algorithm: hpcc}}\n",
                        "cc.yaml",
                        List.of(),
                        null))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.algorithm: hpcc needs every switch port at 25G, 50G, 100G, 200G or 400G");
    }

    /** A stand-alone host for driving one QP's algorithm. */
    private static final class Host implements CcHost {
        private final Simulation sim = new Simulation(1);
        private final Component component = sim.component("h0/qp1");

        @Override
        public Simulation sim() {
            return sim;
        }

        @Override
        public Component component() {
            return component;
        }

        @Override
        public long lineRateBps() {
            return G;
        }

        @Override
        public void rateChanged() {}

        @Override
        public void countCnp(boolean handled) {}
    }
}
