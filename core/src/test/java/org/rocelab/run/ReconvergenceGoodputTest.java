package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.rc.TransportCounters;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;

/**
 * One RC QP (ib_write_bw h0 -> h1, 64KB = 64,000-byte messages at 100G) on a 2 x 2 leaf-spine
 * whose ECMP hash (src/dst IP, seed 7) puts the data on spine1 and the ACKs on spine0; leaf0 -
 * spine1 fails at t = 200 us for 400 us.
 *
 * <p>Derivation. A message is 14 frames of 4178 wire bytes, a FIRST of 4194 (RETH) and a LAST of
 * 2642 (2560 bytes): 65,328 bytes, τ = 5.22624 µs, so the line-rate goodput is G0 = 64,000 × 8
 * / τ = 97.967 Gb/s. The requester never idles, so an outage costs a stretch W of its wire time
 * (frames lost, then frames the responder discards as out of sequence until go-back-N restarts)
 * and the run's goodput is bytes / (bytes / G0 + c + W), c being the start-up cost a run without
 * fault has as well. W is measured from the flow records as the difference of c between the two
 * runs. It is: the local repair delay L, plus the head start of the first lost frame (it left h0
 * 438 to 772 ns before t: 334.24 ns + 10 ns to leaf0, 83.56 ns + 10 ns on the uplink), minus the
 * 344.24 ns the first frame that survives spends before leaf0, plus the NAK turnaround from that
 * frame's start: 875.6 ns to h1 (two 100G and two 400G hops, store and forward), rx_latency
 * 400 ns, the 86-byte NAK's 57.2 ns back, rx_latency 400 ns: 1732.8 ns. That gives W &ge; L +
 * 1826.6 ns; frame phases at each end and the NIC's frame already in its pipeline at each end
 * add at most four frame times (1336.96 ns).
 */
class ReconvergenceGoodputTest {
    private static final long US = 1_000_000L;
    private static final double TAU_PS = 65_328 * 8 * 10.0; // per 64,000-byte message at 100G
    private static final double W_MIN_PS = 1_826_600;
    private static final double W_SLACK_PS = 4 * 334_240;

    private static ScenarioRun run(String routing, String faults) {
        return FabricProbe.run(
                "name: outage",
                "duration: 1ms",
                "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 1, uplink_speed: 400G,",
                "           link: {speed: 100G, length: 2m}}",
                "switch:",
                "  ecmp: {fields: [src_ip, dst_ip], seed: 7}",
                "  routing: " + routing,
                "workloads:",
                "  - {name: bw, kind: ib_write_bw, from: h0, to: h1, size: 64KB, qps: 1}",
                faults);
    }

    private static final String FAULT = "faults: [{at: 200us, link: [leaf0, spine1], down: 400us}]";

    /** Start-up and outage cost of the run: its span less the line-rate time of its bytes, ps. */
    private static double cost(RunResult r) {
        FlowRecord f = r.workloads().get(0).flows().get(0);
        return (f.endPs() - f.startPs()) - f.deliveredBytes() / 64_000.0 * TAU_PS;
    }

    private final RunResult base =
            run("{local_repair: 10us, convergence: 100us}", "faults: []").run(null);

    @Test
    void theOutageCostsTheLocalRepairDelayPlusOneNakTurnaround() {
        ScenarioRun s = run("{local_repair: 10us, convergence: 100us}", FAULT);
        RunResult r = s.run(null);
        double w = cost(r) - cost(base);
        assertThat(w).isBetween(10 * US + W_MIN_PS, 10 * US + W_MIN_PS + W_SLACK_PS);
        double g0 = 64_000 * 8 / TAU_PS * 1000;
        assertThat(g0).isEqualTo(97.967, org.assertj.core.data.Offset.offset(0.001));
        assertThat(FabricRun.goodputGbps(base, "bw")).isLessThan(g0);
        // Frames lost on the dead link are the only drops: PSN 610 (on the uplink at t) to 640
        // (at leaf0 209.795 us, before the repair at 210 us), 31 frames. RC sees one gap and sends
        // one NAK; frames 641 .. 648 (started before the requester's go-back-N took effect) are
        // discarded out of sequence; the requester resends all 39.
        TransportCounters req = s.fabric().nic("h0").counters().transport;
        TransportCounters resp = s.fabric().nic("h1").counters().transport;
        assertThat(r.totalDrops()).isEqualTo(r.drops(DropReason.LINK_DOWN)).isEqualTo(31);
        assertThat(resp.outOfSequence).isEqualTo(8);
        assertThat(req.packetSeqErr).isEqualTo(1);
        assertThat(req.retransmittedPackets).isEqualTo(r.totalDrops() + resp.outOfSequence);
        assertThat(req.localAckTimeoutErr).isZero();
    }

    @Test
    void withStaticRoutesTheFlowLosesTheWholeOutage() {
        RunResult r = run("{local_repair: never, convergence: never}", FAULT).run(null);
        double w = cost(r) - cost(base);
        assertThat(w).isBetween(400 * US + W_MIN_PS, 400 * US + W_MIN_PS + W_SLACK_PS);
        assertThat(FabricRun.goodputGbps(r, "bw")).isLessThan(FabricRun.goodputGbps(base, "bw") * (1 - 0.39));
    }
}
