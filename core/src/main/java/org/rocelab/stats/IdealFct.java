package org.rocelab.stats;

import java.math.BigInteger;

/**
 * The ideal ("standalone") flow completion time that FCT slowdown divides by: the flow alone on
 * an idle path. Same form as the HPCC ns-3 simulator's {@code qp_finish} output
 * (hpcc-ns3-anchor.md, FCT output): base RTT plus the flow's bytes, with per-packet headers,
 * serialized at the bottleneck rate.
 *
 * <pre>ideal = baseRtt + (size + ⌈size / payloadPerPacket⌉ · headerBytes) · 8 / bottleneckRate</pre>
 *
 * HPCC uses 48 header bytes per packet (Ethernet 14 + IPv4 20 + UDP 8 + 6, no preamble or IFG);
 * rocelab's own profiles pass the exact per-packet wire overhead instead (DESIGN.md §2).
 */
public final class IdealFct {
    private IdealFct() {}

    /** HPCC ns-3's header allowance per packet, in bytes. */
    public static final int HPCC_HEADER_BYTES = 48;

    /**
     * The ideal FCT of a flow of {@code sizeBytes}.
     *
     * @param sizeBytes flow size (payload bytes), at least 1
     * @param payloadPerPacketBytes payload carried by a full packet (the RoCE path MTU)
     * @param headerBytesPerPacket bytes added to every packet on the wire
     * @param bottleneckBps the slowest link rate on the path, bit/s
     * @param baseRttPs round-trip propagation and processing delay of the idle path, ps
     * @return ideal FCT in ps, rounded up to a whole ps
     */
    public static long ps(
            long sizeBytes, int payloadPerPacketBytes, int headerBytesPerPacket, long bottleneckBps, long baseRttPs) {
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("flow size must be positive, got " + sizeBytes);
        }
        if (payloadPerPacketBytes <= 0 || headerBytesPerPacket < 0 || bottleneckBps <= 0 || baseRttPs < 0) {
            throw new IllegalArgumentException("payload per packet and bottleneck rate must be positive,"
                    + " header bytes and base RTT non-negative");
        }
        long packets = (sizeBytes + payloadPerPacketBytes - 1) / payloadPerPacketBytes;
        long wireBits = (sizeBytes + packets * headerBytesPerPacket) * 8;
        // bits * 1e12 / bps, rounded up, in exact integer arithmetic.
        BigInteger[] qr = BigInteger.valueOf(wireBits)
                .multiply(BigInteger.valueOf(1_000_000_000_000L))
                .divideAndRemainder(BigInteger.valueOf(bottleneckBps));
        long serializationPs = qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
        return Math.addExact(baseRttPs, serializationPs);
    }

    /** FCT slowdown: actual over ideal completion time. Not clamped to 1, so a wrong ideal shows. */
    public static double slowdown(long fctPs, long idealFctPs) {
        if (idealFctPs <= 0) {
            throw new IllegalArgumentException("ideal FCT must be positive, got " + idealFctPs);
        }
        return (double) fctPs / idealFctPs;
    }
}
