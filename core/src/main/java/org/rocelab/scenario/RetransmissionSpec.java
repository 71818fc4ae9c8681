package org.rocelab.scenario;

/**
 * Reliable-connection recovery ({@code nic.retransmission}; IBTA QP attributes, roce-facts.md §9.5).
 * {@code timeout} is the QP attribute (local ACK timeout 4.096 µs × 2^timeout, 0 = no timer) or a
 * time with a unit.
 *
 * @param timeoutCode the IB timeout exponent 0..31, or -1 when given as a time
 * @param ackTimeoutPs local ACK timeout, ps (0 = disabled); default code 14 = 67.108864 ms
 * @param retryCnt transport retries 0..7 (default 7)
 * @param rnrRetry RNR retries 0..7, 7 = infinite (default 7)
 * @param mode recovery mode (default go-back-N)
 */
public record RetransmissionSpec(int timeoutCode, long ackTimeoutPs, int retryCnt, int rnrRetry, RetransmitMode mode) {
    public static final RetransmissionSpec DEFAULT =
            new RetransmissionSpec(14, ackTimeoutPs(14), 7, 7, RetransmitMode.GO_BACK_N);

    /** Local ACK timeout of IB exponent {@code code}: 4.096 µs × 2^code, ps; 0 for code 0. */
    public static long ackTimeoutPs(int code) {
        return code == 0 ? 0 : 4_096_000L << code;
    }
}
