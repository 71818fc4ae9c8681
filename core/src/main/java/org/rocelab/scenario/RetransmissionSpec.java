package org.rocelab.scenario;

/**
 * Reliable-connection recovery ({@code nic.retransmission}; IBTA QP attributes, roce-facts.md §9.5).
 * {@code timeout} is the QP attribute (local ACK timeout 4.096 µs × 2^timeout, 0 = no timer) or a
 * time with a unit, which becomes the smallest exponent whose timeout is at least that time (the QP
 * attribute holds only the exponent: {@code 2ms} is 9, 2.097152 ms).
 *
 * @param timeoutCode the IB timeout exponent 0..31
 * @param ackTimeoutPs local ACK timeout, ps (0 = disabled); default code 14 = 67.108864 ms
 * @param retryCnt transport retries 0..7 (default 7)
 * @param rnrRetry RNR retries 0..7, 7 = infinite (default 7)
 * @param mode recovery mode (default go-back-N)
 * @param irn IRN's timeouts and BDP cap (used with mode {@code irn})
 * @param minRnrTimer the RNR NAK timer code this NIC's responders advertise, 0..31 (IBA Table 45;
 *     default 12 = 0.64 ms, perftest's)
 */
public record RetransmissionSpec(
        int timeoutCode, long ackTimeoutPs, int retryCnt, int rnrRetry, RetransmitMode mode, Irn irn, int minRnrTimer) {
    /** perftest's {@code min_rnr_timer}: code 12, 0.64 ms. */
    public static final int DEFAULT_MIN_RNR_TIMER = 12;

    public static final RetransmissionSpec DEFAULT =
            new RetransmissionSpec(14, ackTimeoutPs(14), 7, 7, RetransmitMode.GO_BACK_N);

    /**
     * IRN's parameters (mode {@code irn}; Mittal et al., SIGCOMM 2018, §3.1, §3.2, §4.1).
     *
     * @param rtoLowPs RTO_low, ps (default 100 µs)
     * @param rtoHighPs RTO_high, ps (default 320 µs)
     * @param rtoLowPackets N: RTO_low applies with at most this many packets in flight (default 3)
     * @param bdpCapPackets BDP-FC cap in packets, 0 = auto (default)
     */
    public record Irn(long rtoLowPs, long rtoHighPs, int rtoLowPackets, int bdpCapPackets) {
        public static final Irn DEFAULT = new Irn(100_000_000L, 320_000_000L, 3, 0);
    }

    /** Without IRN parameters (they take their defaults). */
    public RetransmissionSpec(int timeoutCode, long ackTimeoutPs, int retryCnt, int rnrRetry, RetransmitMode mode) {
        this(timeoutCode, ackTimeoutPs, retryCnt, rnrRetry, mode, Irn.DEFAULT, DEFAULT_MIN_RNR_TIMER);
    }

    /** Local ACK timeout of IB exponent {@code code}: 4.096 µs × 2^code, ps; 0 for code 0. */
    public static long ackTimeoutPs(int code) {
        return code == 0 ? 0 : 4_096_000L << code;
    }

    /**
     * The smallest IB exponent 1..31 whose timeout is at least {@code ps} (0 for 0 = no timer), or -1
     * when {@code ps} is above 4.096 µs × 2^31.
     */
    public static int codeFor(long ps) {
        if (ps == 0) {
            return 0;
        }
        for (int code = 1; code <= 31; code++) {
            if (ackTimeoutPs(code) >= ps) {
                return code;
            }
        }
        return -1;
    }
}
