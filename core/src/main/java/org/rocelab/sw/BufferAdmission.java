package org.rocelab.sw;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.sim.Simulation;

/**
 * Stage 4 of a {@link Switch}'s ingress pipeline, admission to the chosen egress queue: the egress
 * port's L2 MTU ({@code SAI_PORT_ATTR_MTU}: a longer frame is discarded), the PFC watchdog's drop
 * action on that queue ({@code TX DROP}), the shared-buffer MMU's ingress (port, PG) and egress
 * (port, queue) admission with headroom for lossless PGs ({@link SharedBufferMmu}, SAI buffer
 * model, roce-facts.md §2.1-2.2), and WRED/ECN at enqueue ({@link WredMarker}, SONiC {@code
 * WRED_PROFILE}) with the switch-generated CNP in place of a mark when configured ({@link
 * CnpGenerator}). Drops owned, all at the egress queue: {@code mtu}, {@code pfc_watchdog}, {@code
 * headroom}, {@code buffer}, {@code wred}.
 */
final class BufferAdmission {
    private final Simulation sim;
    private final SharedBufferMmu mmu;
    private final boolean ecnAtDequeue;
    private final CnpGenerator cnp;
    private final SwitchDrops drops;
    private final EgressEnqueue next;
    private final EcnMarks marks;
    private IngressClassifier classifier;
    private L3Router router;
    private SwitchPort[] ports = new SwitchPort[0];

    BufferAdmission(
            Simulation sim,
            SharedBufferMmu mmu,
            boolean ecnAtDequeue,
            CnpGenerator cnp,
            SwitchDrops drops,
            EcnMarks marks,
            EgressEnqueue next) {
        this.sim = sim;
        this.mmu = mmu;
        this.ecnAtDequeue = ecnAtDequeue;
        this.cnp = cnp;
        this.drops = drops;
        this.marks = marks;
        this.next = next;
    }

    /** The stages a switch CNP goes through: classified by its DSCP, routed like any frame. */
    void cnpPath(IngressClassifier c, L3Router r) {
        this.classifier = c;
        this.router = r;
    }

    void ports(SwitchPort[] all) {
        this.ports = all;
    }

    /** A frame from ingress port {@code ip}, PG {@code pg}, for queue {@code q} of {@code op}. */
    void accept(Packet p, SwitchPort ip, int pg, SwitchPort op, int q) {
        int bytes = p.frameBytes;
        if (bytes > op.mtu) {
            drops.atEgress(op, q, p, DropReason.MTU);
            return;
        }
        if (op.watchdog.dropping(q)) {
            op.watchdog.txDrop[q]++;
            drops.atEgress(op, q, p, DropReason.PFC_WATCHDOG);
            return;
        }
        int in = ip.index;
        int out = op.index;
        long queueBefore = mmu.queueBytes(out, q);
        int verdict = mmu.admitIngress(in, pg, bytes);
        if (verdict == SharedBufferMmu.DROP_HEADROOM) {
            drops.atEgress(op, q, p, DropReason.HEADROOM);
            return;
        }
        if (verdict == SharedBufferMmu.DROP_BUFFER) {
            drops.atEgress(op, q, p, DropReason.BUFFER);
            return;
        }
        boolean headroom = verdict == SharedBufferMmu.HEADROOM;
        if (!mmu.admitEgress(out, q, bytes)) {
            mmu.releaseIngress(in, pg, bytes, headroom);
            drops.atEgress(op, q, p, DropReason.BUFFER);
            return;
        }
        p.ingressPort = in;
        p.ingressPg = pg;
        p.inHeadroom = headroom;
        if (!ecnAtDequeue && op.wred[q] != null) {
            int ecnBefore = p.ecn;
            int w = op.wred[q].apply(p, queueBefore);
            if (w == WredMarker.MARKED) {
                marks.count(op, q, bytes);
                if (cnp != null) {
                    p.ecn = ecnBefore;
                    switchCnp(p, in);
                }
            } else if (w == WredMarker.DROP) {
                mmu.releaseEgress(out, q, bytes);
                mmu.releaseIngress(in, pg, bytes, headroom);
                drops.atEgress(op, q, p, DropReason.WRED);
                return;
            }
        }
        next.accept(p, ip, pg, op, q);
    }

    /**
     * Sends a switch CNP for {@code data}'s flow back towards its sender, routed like any frame
     * and charged to the ingress port {@code in} the data came from.
     */
    void switchCnp(Packet data, int in) {
        if (data.kind != PacketKind.ROCE_V2) {
            return;
        }
        Packet c = cnp.forFlow(data, sim.now());
        if (c == null) {
            return;
        }
        int cls = classifier.dscpClass(c.dscp);
        c.trafficClass = IngressClassifier.tc(cls);
        int out = router.lookup(c);
        if (out < 0) {
            drops.atIngress(ports[in], c, DropReason.NO_ROUTE);
            return;
        }
        accept(c, ports[in], IngressClassifier.pg(cls), ports[out], IngressClassifier.queue(cls));
    }

    /** CNPs generated in place of CE marks. */
    long cnpSent() {
        return cnp == null ? 0 : cnp.sent;
    }
}
