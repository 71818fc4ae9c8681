package org.rocelab.rc;

/**
 * How a requester recovers from loss (IBA vol. 1 §9.7.5.1 go-back-N; Guo et al., SIGCOMM 2016
 * §4 go-back-0; mlx5 adaptive retransmission). Chosen by name, see {@link RetransmitProfile}.
 * Stateless: the requester keeps the counts.
 */
public interface RetransmitPolicy {
    /** The profile's name as used in configuration. */
    String name();

    /**
     * Whether recovery restarts the whole message: the requester rewinds to the first PSN of
     * the message holding the lost PSN, and the responder discards a partly received message
     * on a sequence error (NAKing its first PSN).
     */
    boolean restartMessage();

    /**
     * The local ACK timeout to arm after {@code consecutiveTimeouts} expiries without progress.
     *
     * @param configuredPs 4.096 µs × 2^timeout from the QP attributes (0 = infinite)
     */
    long timeoutPs(long configuredPs, int consecutiveTimeouts);

    /** Whether an expiry after {@code consecutiveTimeouts} earlier ones consumes retry_cnt. */
    boolean countsAgainstRetry(long configuredPs, int consecutiveTimeouts);

    /** Whether timeouts are adaptive (counted in roce_adp_retrans / roce_adp_retrans_to). */
    default boolean adaptive() {
        return false;
    }

    /** Whether loss is recovered by selective repeat (IRN, {@link IrnPolicy}) instead of a rewind. */
    default boolean selectiveRepeat() {
        return false;
    }
}
