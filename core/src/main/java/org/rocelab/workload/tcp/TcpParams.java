package org.rocelab.workload.tcp;

/**
 * Parameters of one TCP stream (docs/model.md#tcp lists units, defaults and sources).
 *
 * @param mssBytes maximum segment size, bytes: netdev MTU − 40 (IPv4 20 + TCP 20, no options)
 * @param initialWindowSegments initial congestion window, segments (RFC 5681 §3.1: 2 when the
 *     SMSS is above 2190 bytes)
 * @param receiveWindowBytes the receiver's advertised window, bytes: caps the flight size
 * @param minRtoPs lower bound of the retransmission timeout, ps (RFC 6298 §2.4 says 1 s; data
 *     centres use a few ms or less, Linux's floor is 200 ms; default 1 ms)
 * @param maxRtoPs upper bound of the backed-off RTO, ps (RFC 6298 §2.5: at least 60 s)
 * @param dctcp DCTCP (RFC 8257) instead of NewReno's reaction to ECN: ECT(0) on data, α per window
 * @param dctcpG DCTCP's EWMA gain g (RFC 8257 §4.2: 1/16)
 */
public record TcpParams(
        int mssBytes,
        int initialWindowSegments,
        long receiveWindowBytes,
        long minRtoPs,
        long maxRtoPs,
        boolean dctcp,
        double dctcpG) {
    /** 1 ms, the data-centre RTO floor used here. */
    public static final long DEFAULT_MIN_RTO_PS = 1_000_000_000L;
    /** 60 s (RFC 6298 §2.5). */
    public static final long DEFAULT_MAX_RTO_PS = 60_000_000_000_000L;
    /** 1 MiB. */
    public static final long DEFAULT_RECEIVE_WINDOW_BYTES = 1L << 20;

    public TcpParams {
        if (mssBytes < 88) {
            throw new IllegalArgumentException("tcp: MSS must be at least 88 bytes, got " + mssBytes);
        }
        if (initialWindowSegments < 1 || receiveWindowBytes < mssBytes || minRtoPs <= 0 || maxRtoPs < minRtoPs) {
            throw new IllegalArgumentException(
                    "tcp: need initial window >= 1 segment, receive window >= MSS and" + " 0 < min RTO <= max RTO");
        }
    }

    /** Defaults for a netdev MTU of {@code netdevMtu} bytes. */
    public static TcpParams forMtu(int netdevMtu, boolean dctcp) {
        int mss = netdevMtu - 40;
        return new TcpParams(
                mss,
                mss > 2190 ? 2 : mss > 1095 ? 3 : 4,
                DEFAULT_RECEIVE_WINDOW_BYTES,
                DEFAULT_MIN_RTO_PS,
                DEFAULT_MAX_RTO_PS,
                dctcp,
                1.0 / 16);
    }
}
