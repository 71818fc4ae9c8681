package org.rocelab.workload.perftest;

/**
 * The parameters of one perftest run, as perftest's flags set them (roce-facts.md §6.2).
 * Values already validated by {@link #validated}; defaults come from {@link #defaults}.
 *
 * @param test the program
 * @param sizeBytes {@code -s}, 1 … {@value #MAX_SIZE_BYTES}
 * @param all {@code -a}: every power of two from 2 to {@value #MAX_SIZE_BYTES}, one row each
 * @param iterations {@code -n}: messages per QP (and per direction)
 * @param durationPs {@code -D} in ps, 0 = iteration mode
 * @param qps {@code -q}: QPs (BW tests)
 * @param pathMtu {@code -m}: RoCE path MTU, 0 = the port's active MTU
 * @param txDepth {@code -t}: messages in flight per QP
 * @param cqMod {@code -Q}: one signalled completion every this many messages (BW tests)
 * @param reportGbits {@code --report_gbits}
 * @param bidirectional {@code -b}
 * @param noPeak {@code -N} (always on with {@code -D}, as perftest forces)
 * @param gidIndex {@code -x}, -1 = not given
 */
public record PerftestParams(
        PerftestTest test,
        int sizeBytes,
        boolean all,
        int iterations,
        long durationPs,
        int qps,
        int pathMtu,
        int txDepth,
        int cqMod,
        boolean reportGbits,
        boolean bidirectional,
        boolean noPeak,
        int gidIndex) {
    /** perftest's MAX_SIZE: 8 MiB. */
    public static final int MAX_SIZE_BYTES = 8 * 1024 * 1024;
    /** perftest's default CQ moderation. */
    public static final int DEFAULT_CQ_MOD = 100;
    /** The most QPs {@code -q} accepts (perftest: up to 16384). */
    public static final int MAX_QPS = 16384;

    /** The defaults of {@code test}. */
    public static PerftestParams defaults(PerftestTest test) {
        return new PerftestParams(
                test,
                test.defaultSizeBytes(),
                false,
                test.defaultIterations(),
                0,
                1,
                0,
                test.defaultTxDepth(),
                DEFAULT_CQ_MOD,
                false,
                false,
                false,
                -1);
    }

    /**
     * Checks the combination as perftest does; returns the parameters with perftest's forced
     * dependencies applied (CQ moderation at most the TX depth; no peak in duration mode).
     *
     * @throws IllegalArgumentException with a one-line, perftest-like message
     */
    public PerftestParams validated() {
        String p = test.program() + ": ";
        if (sizeBytes < 1 || sizeBytes > MAX_SIZE_BYTES) {
            throw new IllegalArgumentException(
                    p + "-s " + sizeBytes + ": Message size should be between 1 and " + MAX_SIZE_BYTES);
        }
        if (pathMtu != 0 && pathMtu != 256 && pathMtu != 512 && pathMtu != 1024 && pathMtu != 2048 && pathMtu != 4096) {
            throw new IllegalArgumentException(
                    p + "-m " + pathMtu + ": Invalid MTU. Please choose mtu from {256,512,1024,2048,4096}");
        }
        if (iterations < 5) {
            throw new IllegalArgumentException(p + "-n " + iterations + ": Iteration num should be at least 5");
        }
        if (qps < 1 || qps > MAX_QPS) {
            throw new IllegalArgumentException(p + "-q " + qps + ": Num of qps should be between 1 and " + MAX_QPS);
        }
        if (txDepth < 1 || txDepth > 16384) {
            throw new IllegalArgumentException(p + "-t " + txDepth + ": Tx depth should be between 1 and 16384");
        }
        if (cqMod < 1 || cqMod > 1024) {
            throw new IllegalArgumentException(p + "-Q " + cqMod + ": CQ moderation should be between 1 and 1024");
        }
        if (durationPs < 0) {
            throw new IllegalArgumentException(p + "-D: Duration should be positive");
        }
        if (durationPs > 0 && all) {
            throw new IllegalArgumentException(p + "Duration mode currently doesn't support running on all sizes.");
        }
        if (!test.bandwidth() && bidirectional) {
            throw new IllegalArgumentException(p + "-b: Bidirectional is only available in BW test");
        }
        if (!test.bandwidth() && qps > 1) {
            throw new IllegalArgumentException(p + "-q " + qps + ": latency tests use one QP");
        }
        boolean peakOff = noPeak || durationPs > 0;
        return new PerftestParams(
                test,
                sizeBytes,
                all,
                iterations,
                durationPs,
                qps,
                pathMtu,
                txDepth,
                Math.min(cqMod, txDepth),
                reportGbits,
                bidirectional,
                peakOff,
                gidIndex);
    }

    /** The message sizes to run: {@code -s}, or 2, 4, … 8388608 with {@code -a}. */
    public int[] sizes() {
        if (!all) {
            return new int[] {sizeBytes};
        }
        int[] s = new int[23];
        for (int i = 0; i < s.length; i++) {
            s[i] = 2 << i;
        }
        return s;
    }
}
