package org.rocelab.workload;

import org.rocelab.nic.CompletionHandler;
import org.rocelab.nic.CompletionQueue;
import org.rocelab.nic.MemoryRegion;
import org.rocelab.nic.Nic;
import org.rocelab.nic.ProtectionDomain;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.rc.AccessFlags;
import org.rocelab.rc.WrOpcode;

/**
 * A connected RC QP pair between two hosts, set up as perftest does: a PD, one MR and a CQ on
 * each side, both QPs taken RESET → INIT → RTR → RTS with the smaller path MTU. The next hop of
 * each side is its attached switch's router MAC (or the peer NIC back to back).
 */
public final class RdmaPair {
    /** Base virtual address of every workload buffer. */
    public static final long BUFFER_VA = 0x7f00_0000_0000L;

    public final Nic src;
    public final Nic dst;
    public final QueuePair srcQp;
    public final QueuePair dstQp;
    public final MemoryRegion srcMr;
    public final MemoryRegion dstMr;
    private final CompletionQueue dstCq;

    private RdmaPair(
            Nic src,
            Nic dst,
            QueuePair srcQp,
            QueuePair dstQp,
            MemoryRegion srcMr,
            MemoryRegion dstMr,
            CompletionQueue dstCq) {
        this.src = src;
        this.dst = dst;
        this.srcQp = srcQp;
        this.dstQp = dstQp;
        this.srcMr = srcMr;
        this.dstMr = dstMr;
        this.dstCq = dstCq;
    }

    /** The receiver's CQ (its QP's send and receive completions). */
    public CompletionQueue dstCq() {
        return dstCq;
    }

    /**
     * Connects {@code from} to {@code to}.
     *
     * @param bufferBytes size of the buffers registered on both sides
     * @param depth send and receive queue depth
     * @param srcHandler completions at the sender (send CQ)
     * @param dstHandler completions at the receiver (receive CQ), may be null
     */
    public static RdmaPair connect(
            Endpoints f,
            String from,
            String to,
            long bufferBytes,
            int depth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        return connect(f, f.nic(from), f.nic(to), bufferBytes, depth, depth, srcHandler, dstHandler);
    }

    /**
     * Connects {@code from} to {@code to} with a receive queue of {@code recvDepth} at {@code to}
     * (its send queue and both queues at {@code from} hold {@code depth}).
     */
    public static RdmaPair connect(
            Endpoints f,
            String from,
            String to,
            long bufferBytes,
            int depth,
            int recvDepth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        return connect(f, f.nic(from), f.nic(to), bufferBytes, depth, recvDepth, srcHandler, dstHandler);
    }

    /** {@link #connect(Endpoints, String, String, long, int, CompletionHandler, CompletionHandler)} between NICs already looked up. */
    public static RdmaPair connect(
            Endpoints f,
            Nic a,
            Nic b,
            long bufferBytes,
            int depth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        return connect(f, a, b, bufferBytes, depth, depth, srcHandler, dstHandler);
    }

    /** As above with a receive queue of {@code recvDepth} at {@code b}. */
    public static RdmaPair connect(
            Endpoints f,
            Nic a,
            Nic b,
            long bufferBytes,
            int depth,
            int recvDepth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        return connect(
                f,
                a,
                b,
                bufferBytes,
                depth,
                recvDepth,
                Math.max(64, 2 * Math.max(depth, recvDepth)),
                srcHandler,
                dstHandler);
    }

    /**
     * Connects {@code from} to {@code to} with a receive queue of {@code recvDepth} and a CQ of
     * {@code dstCqDepth} CQEs at {@code to} (the receiving program's {@code nic.cq_depth}: its
     * unpolled completions overrun it, {@link CompletionQueue}).
     */
    public static RdmaPair connect(
            Endpoints f,
            String from,
            String to,
            long bufferBytes,
            int depth,
            int recvDepth,
            int dstCqDepth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        return connect(f, f.nic(from), f.nic(to), bufferBytes, depth, recvDepth, dstCqDepth, srcHandler, dstHandler);
    }

    private static RdmaPair connect(
            Endpoints f,
            Nic a,
            Nic b,
            long bufferBytes,
            int depth,
            int recvDepth,
            int dstCqDepth,
            CompletionHandler srcHandler,
            CompletionHandler dstHandler) {
        int access = AccessFlags.LOCAL_WRITE | AccessFlags.REMOTE_WRITE | AccessFlags.REMOTE_READ;
        ProtectionDomain pdA = a.allocPd();
        ProtectionDomain pdB = b.allocPd();
        MemoryRegion mrA = pdA.registerMr(BUFFER_VA, Math.max(1, bufferBytes), access);
        MemoryRegion mrB = pdB.registerMr(BUFFER_VA, Math.max(1, bufferBytes), access);
        CompletionQueue cqA = a.createCq(Math.max(64, 2 * depth), srcHandler);
        CompletionQueue cqB = b.createCq(dstCqDepth, dstHandler);
        QueuePair qa = a.createQp(pdA, cqA, cqA, depth, depth);
        QueuePair qb = b.createQp(pdB, cqB, cqB, depth, recvDepth);
        Nic.connect(qa, qb, 0, nextHopMac(f, a, b), nextHopMac(f, b, a));
        return new RdmaPair(a, b, qa, qb, mrA, mrB, cqB);
    }

    /**
     * Posts one RDMA WRITE of {@code bytes} from the source buffer to the destination buffer on the
     * source QP: a flow's whole message ({@code flows}, {@code run --hpcc}).
     */
    public void postWrite(long wrId, int bytes) {
        srcQp.postSend(new SendWr()
                .wrId(wrId)
                .opcode(WrOpcode.RDMA_WRITE)
                .local(BUFFER_VA, bytes, srcMr.lkey())
                .remote(BUFFER_VA, dstMr.rkey()));
    }

    /** Whether both QPs are {@link QueuePair#idle() idle}, so the pair can be destroyed. */
    public boolean idle() {
        return srcQp.idle() && dstQp.idle();
    }

    /**
     * Tears the pair down as an application does after its last completion: destroys both QPs
     * ({@link Nic#destroyQp}) and deregisters both memory regions; the CQs and protection domains
     * go with the last reference to them.
     *
     * @throws IllegalStateException if a QP is not idle
     */
    public void destroy() {
        src.destroyQp(srcQp);
        dst.destroyQp(dstQp);
        src.deregisterMr(srcMr);
        dst.deregisterMr(dstMr);
    }

    /** Where {@code self} sends toward {@code peer}: its attached switch's router MAC, or the peer back to back. */
    public static long nextHopMac(Endpoints f, Nic self, Nic peer) {
        var graph = f.graph();
        int node = self.nodeId();
        for (int c : graph.cablesAt(node)) {
            int other = graph.cables().get(c).other(node);
            if (f.switchAt(other) != null) {
                // a bridged (VLAN access/trunk) port puts the host in an L2 segment: frames go
                // to the peer's MAC and are bridged; a routed port: to the switch's router MAC
                var toSelf = f.switchAt(other).port(graph.name(node));
                return toSelf != null && toSelf.bridged()
                        ? peer.mac()
                        : f.switchAt(other).routerMac();
            }
        }
        return peer.mac();
    }
}
