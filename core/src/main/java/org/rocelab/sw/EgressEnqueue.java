package org.rocelab.sw;

import org.rocelab.packet.Packet;

/**
 * Stage 5, the last of a {@link Switch}'s ingress pipeline: an admitted frame joins its egress
 * queue ({@link EgressQueues}) and the port is kicked. The ingress PG's XOFF decision is taken
 * here (802.1Qbb: the PG crossed its threshold or is in headroom, so the ingress port sends PFC;
 * {@link SharedBufferMmu#checkXoff} reads the PG's counters only, so it commutes with the
 * enqueue). The idle-egress fast path: a frame for a free port with every queue empty goes to the
 * port's pull without the ring, the scheduler loop or the watchdog observation
 * ({@link EgressQueues#holdAlone}). No drops: admission was decided before.
 */
final class EgressEnqueue {
    private final SharedBufferMmu mmu;
    /** The port whose pull is running now (a CNP sent from its dequeue must not kick it again), or -1. */
    private int pulling = -1;

    EgressEnqueue(SharedBufferMmu mmu) {
        this.mmu = mmu;
    }

    void pulling(int port) {
        this.pulling = port;
    }

    void accept(Packet p, SwitchPort ip, int pg, SwitchPort op, int q) {
        int out = op.index;
        boolean xoff = mmu.checkXoff(ip.index, pg);
        if (!xoff && out != pulling && op.port.free() && op.queues.holdAlone(q, p, op.port.pausedMask())) {
            op.port.kick(); // idle egress: the port's pull takes p without ring, scheduler loop or watchdog
            return;
        }
        op.queues.enqueue(q, p);
        if (xoff) {
            ip.pfc.xoff(pg);
        }
        if (out != pulling) {
            op.port.kick();
        }
    }
}
