package org.rocelab.link;

import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/**
 * A full-duplex cable between two {@link Port}s: two {@link Channel}s, a negotiated rate, and an
 * up/down state. A link whose ends disagree on FEC never comes up (frames sent into it are
 * dropped as {@code link_down}); taking a link down loses every frame on the wire.
 */
public final class Link {
    private final String name;
    private final Port a;
    private final Port b;
    private final Channel aToB;
    private final Channel bToA;
    private LinkSpec spec;
    private boolean adminUp = true;

    public Link(Simulation sim, PacketPool pool, Port a, Port b, LinkSpec spec) {
        this.name = a.name() + "~" + b.name();
        this.a = a;
        this.b = b;
        this.spec = spec;
        this.aToB = new Channel(sim, pool, a.name() + ">" + b.name(), b, spec.propagationPs());
        this.bToA = new Channel(sim, pool, b.name() + ">" + a.name(), a, spec.propagationPs());
        a.attach(aToB, spec.rateBps());
        b.attach(bToA, spec.rateBps());
        applyPhy();
        if (!spec.fecMatches()) {
            a.neverUp();
            b.neverUp();
        }
    }

    private void applyPhy() {
        aToB.errorModel(new PhyErrorModel(spec.fecA(), spec.berAtoB(), spec.rateBps()));
        bToA.errorModel(new PhyErrorModel(spec.fecB(), spec.berBtoA(), spec.rateBps()));
    }

    public String name() {
        return name;
    }

    public Port a() {
        return a;
    }

    public Port b() {
        return b;
    }

    public LinkSpec spec() {
        return spec;
    }

    /**
     * Marks both directions as crossing between partitions of a windowed run: frames sent inside
     * a window reach the wire through a mailbox at the window's end (docs/architecture.md,
     * "Windows and threads").
     */
    public void betweenPartitions() {
        aToB.betweenPartitions();
        bToA.betweenPartitions();
    }

    /**
     * Marks both directions as within one partition of a windowed run, or within one crew of a
     * threaded run (partitions one thread runs one after the other, so no mailbox): the frames
     * arriving in a window are read when the window starts (docs/architecture.md, Performance).
     */
    public void withinPartition() {
        aToB.withinPartition();
        bToA.withinPartition();
    }

    /** The channel carrying frames from {@code from} to the other end. */
    public Channel channelFrom(Port from) {
        return from == a ? aToB : bToA;
    }

    /**
     * The smaller delay of the two directions ({@link Channel#delayPs}), ps: a frame put on this
     * cable reaches the other end no sooner. FEC and propagation do not change after set-up (a
     * degrading optic changes only the bit-error rate), so neither does this.
     */
    public long minDelayPs() {
        return Math.min(aToB.delayPs(), bToA.delayPs());
    }

    /** Whether frames can cross: administratively up and FEC agreeing. */
    public boolean up() {
        return adminUp && spec.fecMatches();
    }

    /** Takes the link down (frames on the wire are lost) or brings it back up. */
    public void setUp(boolean upNow) {
        boolean was = up();
        adminUp = upNow;
        boolean is = up();
        if (was && !is) {
            aToB.flush();
            bToA.flush();
        }
        a.linkState(is);
        b.linkState(is);
    }

    /** Changes the pre-FEC bit-error rate of both directions (a degrading optic). */
    public void setBer(double aToBBer, double bToABer) {
        spec = spec.withBer(aToBBer, bToABer);
        applyPhy();
    }
}
