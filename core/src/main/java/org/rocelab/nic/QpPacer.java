package org.rocelab.nic;

import java.util.Arrays;
import org.rocelab.cc.CcHost;
import org.rocelab.cc.CongestionControl;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;

/**
 * The rate limiter of one sending QP, RC or UD (the per-QP rate limiter of a ConnectX NIC that
 * DCQCN's reaction point drives; Zhu et al., SIGCOMM 2015 §3.1): it owns the QP's
 * {@link CongestionControl} (as its {@link CcHost}) and paces the QP's data packets at its rate.
 * After a data packet of {@code w} wire bytes sent at {@code t} the next may go at t + w × 8 /
 * rate (the port's serialization time at that rate); a rate change re-times the next packet from
 * the last one sent and tells the QP to re-arm its wake-up.
 */
final class QpPacer implements CcHost {
    /** PSN slots kept for RTT samples: a packet {@value} or more PSNs back is not sampled. */
    static final int SLOTS = 4096;

    private final Nic nic;
    private final Component component;
    private final Runnable paceChanged;
    private final CongestionControl cc;
    private long nextSendPs;
    private long lastSendPs;
    private int lastWireBytes;
    /** Send time by PSN, only for a CC that wants RTT samples (null otherwise), in {@link #SLOTS}. */
    private final int[] sentPsn;

    private final long[] sentPs;

    /**
     * A pacer for the QP owning {@code component}, with a reaction point from the NIC's current
     * congestion control; {@code paceChanged} runs after each rate change.
     */
    QpPacer(Nic nic, Component component, Runnable paceChanged) {
        this.nic = nic;
        this.component = component;
        this.paceChanged = paceChanged;
        this.cc = nic.ccFactory().create(this);
        boolean rtt = cc.wantsRttSamples();
        this.sentPsn = rtt ? new int[SLOTS] : null;
        this.sentPs = rtt ? new long[SLOTS] : null;
        if (rtt) {
            Arrays.fill(sentPsn, -1);
        }
    }

    CongestionControl cc() {
        return cc;
    }

    /** The earliest time the QP's next data packet may start, ps. */
    long nextSendPs() {
        return nextSendPs;
    }

    /**
     * A data packet of {@code wireBytes} with {@code psn} went at {@code nowPs}: spaces the next and
     * tells the CC.
     */
    void sent(long nowPs, int wireBytes, int psn) {
        if (sentPs != null) {
            int slot = psn & (SLOTS - 1);
            sentPsn[slot] = psn;
            sentPs[slot] = nowPs;
        }
        lastSendPs = nowPs;
        lastWireBytes = wireBytes;
        nextSendPs = nowPs + nic.port().serializationPs(wireBytes, Math.max(1, cc.rateBps()));
        cc.onPacketSent(nowPs, wireBytes);
    }

    /** An ACK for {@code psn} arrived: an RTT sample to a CC that wants them. */
    void acked(long nowPs, int psn) {
        if (sentPs == null) {
            return;
        }
        int slot = psn & (SLOTS - 1);
        if (sentPsn[slot] == psn) {
            sentPsn[slot] = -1;
            cc.onRttSample(nowPs, nowPs - sentPs[slot]);
        }
    }

    @Override
    public Simulation sim() {
        return nic.sim();
    }

    @Override
    public Component component() {
        return component;
    }

    @Override
    public long lineRateBps() {
        return nic.port().rateBps();
    }

    @Override
    public void rateChanged() {
        if (lastWireBytes > 0) {
            nextSendPs = lastSendPs + nic.port().serializationPs(lastWireBytes, Math.max(1, cc.rateBps()));
        }
        paceChanged.run();
    }

    @Override
    public void countCnp(boolean handled) {
        if (handled) {
            nic.counters().rpCnpHandled++;
        } else {
            nic.counters().rpCnpIgnored++;
        }
    }
}
