package org.rocelab.cc;

/**
 * {@code swift}: delay-based window control of one sending QP (Kumar et al., "Swift: Delay is
 * Simple and Effective for Congestion Control in the Datacenter", SIGCOMM 2020). Implements the
 * fabric window of §3.1 Algorithm 1 with the target scaling of §3.2 and §3.5:
 *
 * <ul>
 *   <li>delay = the latest RTT sample of the NIC ({@link #onRttSample}: ACK arrival minus the send
 *       time of the PSN it acknowledges; it includes both NICs' pipelines, which rocelab does not
 *       subtract — there is no separate endpoint window);
 *   <li>target = base_target + hops × h + max(0, min(α/√cwnd + β, fs_range)), hops = switches the
 *       ACK crossed ({@link SwiftParams#targetDelayPs});
 *   <li>{@link #additiveIncrease}: delay &lt; target → cwnd += ai × acked / cwnd (cwnd ≥ 1) or ai ×
 *       acked (cwnd &lt; 1), i.e. ai packets per RTT;
 *   <li>{@link #multiplicativeDecrease}: delay ≥ target and the last decrease at least one RTT ago
 *       → cwnd ×= max(1 − β·(delay − target)/delay, 1 − max_mdf);
 *   <li>{@link #fastRecovery} (a NAK) and {@link #retransmitTimeout}: cwnd ×= 1 − max_mdf, at most
 *       once per RTT; RETX_RESET_THRESHOLD consecutive timeouts set cwnd = min_cwnd;
 *   <li>cwnd stays in [min_cwnd, max_cwnd]; it caps the packets in flight ({@link WindowLimiter}),
 *       and below one packet the QP is paced one packet per RTT / cwnd ({@link #rateBps()}).
 * </ul>
 *
 * Every RTT sample is also kept in an {@link RttHistogram} ({@link #rttSamples()}). No timers.
 */
public final class Swift implements CongestionControl, WindowLimiter {
    /** Makes swift QPs with {@code params}. */
    public record Factory(SwiftParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new Swift(host, params);
        }
    }

    /** IP TTL the NICs send with; hops = this minus the TTL an ACK arrives with. */
    static final int INITIAL_TTL = 64;

    private final CcHost host;
    private final SwiftParams p;
    private final long lineRateBps;
    private final RttHistogram samples = new RttHistogram();
    private double cwnd;
    private long delayPs;
    private int hops;
    private long lastDecreasePs = Long.MIN_VALUE / 4;
    private int retransmitCount;
    private int wireBytes;

    public Swift(CcHost host, SwiftParams params) {
        this.host = host;
        this.p = params;
        this.lineRateBps = host.lineRateBps();
        this.cwnd = params.initCwnd();
    }

    /** The knobs in use. */
    public SwiftParams params() {
        return p;
    }

    /** The congestion window, packets. */
    public double cwnd() {
        return cwnd;
    }

    /** The delay target for the current window and the latest hop count, ps. */
    public long targetDelayPs() {
        return p.targetDelayPs(hops, cwnd);
    }

    /** The latest delay sample, ps (0 before the first). */
    public long delayPs() {
        return delayPs;
    }

    /** Every RTT sample this QP took. */
    public RttHistogram rttSamples() {
        return samples;
    }

    @Override
    public double windowPackets() {
        return cwnd;
    }

    /** Line rate while cwnd ≥ 1 (the window limits); below, one packet per RTT / cwnd. */
    @Override
    public long rateBps() {
        if (cwnd >= 1 || delayPs == 0 || wireBytes == 0) {
            return lineRateBps;
        }
        double bps = cwnd * wireBytes * 8 * 1e12 / delayPs;
        return Math.max(1, Math.min(lineRateBps, (long) bps));
    }

    @Override
    public void onPacketSent(long nowPs, int bytes) {
        wireBytes = bytes;
    }

    /** Swift ignores ECN; a CNP is counted as ignored. */
    @Override
    public void onCnp(long nowPs) {
        host.countCnp(false);
    }

    @Override
    public boolean wantsRttSamples() {
        return true;
    }

    @Override
    public void onRttSample(long nowPs, long rttPs) {
        delayPs = rttPs;
        samples.record(rttPs);
    }

    @Override
    public void onAcked(long nowPs, int packets, int ackHops) {
        hops = ackHops;
        if (delayPs == 0 || packets <= 0) {
            return;
        }
        retransmitCount = 0;
        double before = cwnd;
        if (delayPs < targetDelayPs()) {
            additiveIncrease(packets);
        } else if (canDecrease(nowPs)) {
            multiplicativeDecrease(nowPs, delayPs, targetDelayPs());
        }
        settle(before);
    }

    /** cwnd += ai × acked / cwnd when cwnd ≥ 1, else ai × acked. */
    void additiveIncrease(int packets) {
        cwnd += cwnd >= 1 ? p.ai() * packets / cwnd : p.ai() * packets;
    }

    /** cwnd ×= max(1 − β·(delay − target)/delay, 1 − max_mdf). */
    void multiplicativeDecrease(long nowPs, long delay, long target) {
        cwnd *= p.decreaseFactor(delay, target);
        lastDecreasePs = nowPs;
    }

    @Override
    public void onLoss(long nowPs, boolean timeout) {
        double before = cwnd;
        if (timeout) {
            retransmitTimeout(nowPs);
        } else {
            fastRecovery(nowPs);
        }
        settle(before);
    }

    /** A NAK: cwnd ×= 1 − max_mdf if the last decrease is at least one RTT old. */
    void fastRecovery(long nowPs) {
        retransmitCount = 0;
        if (canDecrease(nowPs)) {
            cwnd *= 1 - p.maxMdf();
            lastDecreasePs = nowPs;
        }
    }

    /** A retransmit timeout: as fast recovery, or min_cwnd after RETX_RESET_THRESHOLD in a row. */
    void retransmitTimeout(long nowPs) {
        retransmitCount++;
        if (retransmitCount >= p.retxResetThreshold()) {
            cwnd = p.minCwnd();
            lastDecreasePs = nowPs;
        } else if (canDecrease(nowPs)) {
            cwnd *= 1 - p.maxMdf();
            lastDecreasePs = nowPs;
        }
    }

    /** At most one decrease per RTT (the latest sample). */
    private boolean canDecrease(long nowPs) {
        return nowPs - lastDecreasePs >= delayPs;
    }

    private void settle(double before) {
        cwnd = Math.max(p.minCwnd(), Math.min(p.maxCwnd(), cwnd));
        if (cwnd != before && (cwnd < 1 || before < 1)) {
            host.rateChanged();
        }
    }

    /** Swift arms no timer (its decisions run on ACKs, NAKs and retransmit timeouts): always idle. */
    @Override
    public boolean idle() {
        return true;
    }

    /**
     * {@code rate}: the window's rate, min(line, cwnd × packet bits / delay) in b/s; {@code cwnd}
     * (packets); {@code target_delay} and {@code delay} (ps).
     */
    @Override
    public double state(String variable) {
        return switch (variable) {
            case "rate" ->
                delayPs == 0 || wireBytes == 0
                        ? lineRateBps
                        : Math.min(lineRateBps, cwnd * wireBytes * 8 * 1e12 / delayPs);
            case "cwnd" -> cwnd;
            case "target_delay" -> targetDelayPs();
            case "delay" -> delayPs;
            default -> Double.NaN;
        };
    }
}
