package org.rocelab.rc;

/**
 * {@code irn}: IRN's loss recovery (Mittal et al., "Revisiting Network Support for RDMA", SIGCOMM
 * 2018, §3): selective repeat instead of go-back-N — the responder keeps out-of-order packets
 * ({@link ReorderBuffer}) and answers each with a NACK naming it (a simplified SACK); the requester
 * marks what was acknowledged selectively and resends only the holes — plus BDP-FC, a cap of
 * {@link #bdpCapPackets} packets in flight, and two retransmit timeouts: {@link #rtoLowPs} when at
 * most {@link #rtoLowPackets} packets are in flight, {@link #rtoHighPs} otherwise. It needs no PFC.
 *
 * @param rtoLowPs RTO_low, ps
 * @param rtoHighPs RTO_high, ps
 * @param rtoLowPackets N: RTO_low applies with at most this many packets in flight
 * @param bdpCapPackets the BDP cap in packets; 0 = auto ({@link #autoBdpCap})
 */
public record IrnPolicy(long rtoLowPs, long rtoHighPs, int rtoLowPackets, int bdpCapPackets)
        implements RetransmitPolicy {
    /** The auto BDP cap's round trip: 4 µs (docs/model.md#irn). */
    public static final long AUTO_BDP_RTT_PS = 4_000_000L;

    /** IRN §4.1: RTO_low 100 µs, RTO_high 320 µs, N 3; BDP cap auto. */
    public static final IrnPolicy DEFAULT = new IrnPolicy(100_000_000L, 320_000_000L, 3, 0);

    public IrnPolicy {
        if (rtoLowPs <= 0 || rtoHighPs < rtoLowPs || rtoLowPackets < 0 || bdpCapPackets < 0) {
            throw new IllegalArgumentException(
                    "irn: expected 0 < rto_low <= rto_high, rto_low_packets >= 0, bdp_cap >= 0");
        }
        if (bdpCapPackets > ReorderBuffer.CAPACITY) {
            throw new IllegalArgumentException(
                    "irn: bdp_cap must be at most " + ReorderBuffer.CAPACITY + " packets, got " + bdpCapPackets);
        }
    }

    /**
     * The auto BDP cap for a port of {@code lineRateBps} and a path MTU of {@code mtu} bytes:
     * ⌈line rate × 4 µs / (8 × MTU)⌉ + 1 packets, at most {@link ReorderBuffer#CAPACITY}.
     */
    public static int autoBdpCap(long lineRateBps, int mtu) {
        long bits = (long) mtu * 8;
        long bdpBits = java.math.BigInteger.valueOf(lineRateBps)
                .multiply(java.math.BigInteger.valueOf(AUTO_BDP_RTT_PS))
                .divide(java.math.BigInteger.valueOf(1_000_000_000_000L))
                .longValueExact();
        long packets = (bdpBits + bits - 1) / bits + 1;
        return (int) Math.min(ReorderBuffer.CAPACITY, Math.max(2, packets));
    }

    /** This policy with the auto BDP cap resolved for the port and MTU. */
    public IrnPolicy resolved(long lineRateBps, int mtu) {
        return bdpCapPackets > 0
                ? this
                : new IrnPolicy(rtoLowPs, rtoHighPs, rtoLowPackets, autoBdpCap(lineRateBps, mtu));
    }

    @Override
    public String name() {
        return "irn";
    }

    @Override
    public boolean restartMessage() {
        return false;
    }

    /** RTO_high; the requester picks RTO_low itself from the packets in flight ({@link #timeoutPs(int)}). */
    @Override
    public long timeoutPs(long configuredPs, int consecutiveTimeouts) {
        return rtoHighPs;
    }

    /** RTO_low with at most N packets in flight, else RTO_high. */
    public long timeoutPs(int packetsInFlight) {
        return packetsInFlight <= rtoLowPackets ? rtoLowPs : rtoHighPs;
    }

    @Override
    public boolean countsAgainstRetry(long configuredPs, int consecutiveTimeouts) {
        return true;
    }

    @Override
    public boolean selectiveRepeat() {
        return true;
    }
}
