package org.rocelab.sw;

import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketSink;

/**
 * One port of a {@link Switch}: its MAC ({@link Port}), the ingress entry (the port's upper
 * sink, a direct call into the switch pipeline), its egress queues, PFC generator, watchdog,
 * WRED markers and counters. Built by {@link Switch#addPort}.
 */
public final class SwitchPort implements PacketSink {
    final Switch owner;
    /** The first stage of the owner's ingress pipeline. */
    private final IngressClassifier ingress;

    final int index;
    final Port port;
    final int mtu;
    final Trust trust;
    final int defaultTc;
    final double cableLengthM;
    final EgressQueues queues;
    final PfcGenerator pfc;
    final PfcWatchdog watchdog;
    final WredMarker[] wred;
    final QueueCounters queueCounters = new QueueCounters();
    /** Frame bytes dequeued so far, all queues: the tx byte counter INT hop records carry. */
    long intTxBytes;
    /** The previous frame dequeued, any queue: its bytes and when it left (ps), for PINT. */
    int lastTxBytes;

    long lastTxPs;
    /** HPCC-PINT's utilization estimate, made when the first PINT frame leaves. */
    PintUtilization pint;
    /** Native/access VLAN (0 = none) and membership bitset over VIDs; empty for routed ports. */
    final int accessVlan;

    final long[] vlans = new long[64];
    final boolean bridged;
    /** Drops before an egress queue was chosen (ACL, TTL, no route, watchdog RX), per reason. */
    final long[] rxDrops = new long[QueueCounters.REASONS];

    SwitchPort(
            Switch owner,
            int index,
            Port port,
            int mtu,
            Trust trust,
            int defaultTc,
            double cableLengthM,
            EgressQueues queues,
            PfcGenerator pfc,
            PfcWatchdog watchdog,
            WredMarker[] wred,
            PortOptions opts) {
        this.owner = owner;
        this.ingress = owner.ingress();
        this.index = index;
        this.port = port;
        this.mtu = mtu;
        this.trust = trust;
        this.defaultTc = defaultTc;
        this.cableLengthM = cableLengthM;
        this.queues = queues;
        this.pfc = pfc;
        this.watchdog = watchdog;
        this.wred = wred;
        this.accessVlan = opts.accessVlan();
        if (accessVlan != 0) {
            vlans[accessVlan >>> 6] |= 1L << accessVlan;
        }
        for (int v : opts.trunkVlans()) {
            vlans[v >>> 6] |= 1L << v;
        }
        this.bridged = opts.bridged();
    }

    /** Whether this port bridges (belongs to a VLAN) rather than routes. */
    public boolean bridged() {
        return bridged;
    }

    /** Whether this port belongs to VLAN {@code vid}. */
    boolean member(int vid) {
        return (vlans[(vid & 0xFFF) >>> 6] >>> vid & 1) != 0;
    }

    /** Ingress: a frame received by this port's MAC enters the switch pipeline. */
    @Override
    public void receive(Packet p) {
        ingress.accept(p, this);
    }

    public int index() {
        return index;
    }

    public Port port() {
        return port;
    }

    public int mtu() {
        return mtu;
    }

    public Trust trust() {
        return trust;
    }

    public QueueCounters queueCounters() {
        return queueCounters;
    }

    /** Packets dropped on ingress (before a queue was chosen) for {@code reason}. */
    public long rxDrops(DropReason reason) {
        return rxDrops[reason.ordinal()];
    }

    /** Packets waiting in egress queue {@code q}. */
    public int queueLength(int q) {
        return queues.count(q);
    }

    /** Priorities this port holds in XOFF towards its peer. */
    public int xoffPriorities() {
        return pfc.xoffPriorities();
    }

    @Override
    public String toString() {
        return port.name();
    }
}
