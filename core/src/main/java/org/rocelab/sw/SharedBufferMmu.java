package org.rocelab.sw;

import java.util.Arrays;

/**
 * A switch's memory management unit: one shared buffer, byte accounting per ingress (port, PG)
 * and per egress (port, queue), dynamic thresholds, reserved minimum per PG, headroom per
 * lossless PG, and the XOFF/XON decision (SAI buffer model, roce-facts.md §2.1-2.2 and §3.4;
 * HPCC switch-mmu.cc, hpcc-ns3-anchor.md §2.4). No simulator dependency: plain numbers in, a
 * verdict out.
 *
 * <p>Pool: {@code pool = buffer − Σ reserved − Σ headroom}. A PG holds {@code bytes}; the first
 * {@code reserved} of them are its own, the rest ({@code shared = max(0, bytes − reserved)}) come
 * from the pool. Threshold {@code limit = α × (pool − pool_used)}. A packet goes to the shared
 * part if the PG's shared bytes after it stay ≤ limit and the pool has room; otherwise a lossless
 * PG takes it into its headroom (and XOFF is due), dropping only if the headroom overflows
 * ({@link #DROP_HEADROOM}, a configuration error); a lossy PG drops it ({@link #DROP_BUFFER}).
 * XOFF when the headroom is in use or shared ≥ limit; XON when the headroom is empty and shared
 * + xon_offset ≤ limit (or shared is 0). Lossy egress queues are limited to α_q × free pool.
 */
public final class SharedBufferMmu {
    /** Admitted into the reserved or shared part. */
    public static final int SHARED = 0;
    /** Admitted into the PG's headroom. */
    public static final int HEADROOM = 1;
    /** Lossless PG headroom overflow. */
    public static final int DROP_HEADROOM = 2;
    /** Lossy PG over its dynamic threshold or the pool is full. */
    public static final int DROP_BUFFER = 3;

    private final long bufferBytes;
    private final long pgReservedBytes;
    private final long xonOffsetBytes;
    private ThresholdPolicy policy;

    private int ports;
    private long reservedTotal;
    private long headroomTotal;
    private long poolBytes;
    private long sharedUsed;
    private long sharedWatermark;
    private long headroomUsed;
    private long headroomWatermark;

    private long[] headroomSize = new long[4];
    private int[] losslessPgs = new int[4];
    private int[] losslessQueues = new int[4];
    private long[] pgBytes = new long[32];
    private long[] pgHeadroom = new long[32];
    private long[] pgSharedWm = new long[32];
    private long[] pgHeadroomWm = new long[32];
    private boolean[] xoff = new boolean[32];
    private long[] queueBytes = new long[32];
    private long[] queueWm = new long[32];

    public SharedBufferMmu(long bufferBytes, long pgReservedBytes, long xonOffsetBytes, ThresholdPolicy policy) {
        this.bufferBytes = bufferBytes;
        this.pgReservedBytes = pgReservedBytes;
        this.xonOffsetBytes = xonOffsetBytes;
        this.policy = policy;
        this.poolBytes = bufferBytes;
    }

    /**
     * Adds a port whose lossless PGs ({@code losslessPgMask}) each get {@code headroomBytes}.
     *
     * @return the port index
     * @throws IllegalArgumentException naming buffer.size when the reservations leave no pool
     */
    public int addPort(long headroomBytes, int losslessPgMask, int losslessQueueMask) {
        long newReserved = reservedTotal + 8 * pgReservedBytes;
        long newHeadroom = headroomTotal + Integer.bitCount(losslessPgMask) * headroomBytes;
        if (bufferBytes - newReserved - newHeadroom <= 0) {
            throw new IllegalArgumentException("buffer.size: " + bufferBytes + " B leaves no shared buffer for "
                    + (ports + 1) + " ports with " + Integer.bitCount(losslessPgMask) + " lossless PGs of "
                    + headroomBytes + " B headroom each");
        }
        int p = ports++;
        if (p == headroomSize.length) {
            grow();
        }
        reservedTotal = newReserved;
        headroomTotal = newHeadroom;
        poolBytes = bufferBytes - reservedTotal - headroomTotal;
        headroomSize[p] = headroomBytes;
        losslessPgs[p] = losslessPgMask;
        losslessQueues[p] = losslessQueueMask;
        return p;
    }

    /**
     * Changes which PGs and queues of {@code port} are lossless during a run (PFC turned on or
     * off live). A PG that stops being lossless leaves XOFF; its bytes already in headroom drain
     * as usual. The headroom reserved per port when it was added is not re-carved.
     *
     * @return the PGs that were in XOFF and no longer are (their XON is due)
     */
    public int lossless(int port, int losslessPgMask, int losslessQueueMask) {
        int released = 0;
        for (int pg = 0; pg < 8; pg++) {
            int i = port * 8 + pg;
            if (xoff[i] && (losslessPgMask >>> pg & 1) == 0) {
                xoff[i] = false;
                released |= 1 << pg;
            }
        }
        losslessPgs[port] = losslessPgMask;
        losslessQueues[port] = losslessQueueMask;
        return released;
    }

    /** Replaces the threshold policy during a run (e.g. a new {@code dynamic_th}). */
    public void policy(ThresholdPolicy newPolicy) {
        this.policy = newPolicy;
    }

    private void grow() {
        int n = headroomSize.length * 2;
        headroomSize = Arrays.copyOf(headroomSize, n);
        losslessPgs = Arrays.copyOf(losslessPgs, n);
        losslessQueues = Arrays.copyOf(losslessQueues, n);
        pgBytes = Arrays.copyOf(pgBytes, n * 8);
        pgHeadroom = Arrays.copyOf(pgHeadroom, n * 8);
        pgSharedWm = Arrays.copyOf(pgSharedWm, n * 8);
        pgHeadroomWm = Arrays.copyOf(pgHeadroomWm, n * 8);
        xoff = Arrays.copyOf(xoff, n * 8);
        queueBytes = Arrays.copyOf(queueBytes, n * 8);
        queueWm = Arrays.copyOf(queueWm, n * 8);
    }

    // ---------------------------------------------------------------- ingress

    /**
     * Charges {@code bytes} to ingress (port, pg).
     *
     * @return {@link #SHARED}, {@link #HEADROOM}, {@link #DROP_HEADROOM} or {@link #DROP_BUFFER}
     */
    public int admitIngress(int port, int pg, int bytes) {
        int i = port * 8 + pg;
        long before = pgBytes[i];
        long after = before + bytes;
        long sharedBefore = Math.max(0, before - pgReservedBytes);
        long sharedAfter = Math.max(0, after - pgReservedBytes);
        long delta = sharedAfter - sharedBefore;
        boolean lossless = (losslessPgs[port] >>> pg & 1) != 0;
        if (delta == 0 || (sharedAfter <= pgLimit(port, pg, lossless) && sharedUsed + delta <= poolBytes)) {
            pgBytes[i] = after;
            sharedUsed += delta;
            if (sharedAfter > pgSharedWm[i]) {
                pgSharedWm[i] = sharedAfter;
            }
            if (sharedUsed > sharedWatermark) {
                sharedWatermark = sharedUsed;
            }
            return SHARED;
        }
        if (!lossless) {
            return DROP_BUFFER;
        }
        long h = pgHeadroom[i] + bytes;
        if (h > headroomSize[port]) {
            return DROP_HEADROOM;
        }
        pgHeadroom[i] = h;
        headroomUsed += bytes;
        if (h > pgHeadroomWm[i]) {
            pgHeadroomWm[i] = h;
        }
        if (headroomUsed > headroomWatermark) {
            headroomWatermark = headroomUsed;
        }
        return HEADROOM;
    }

    /** Returns {@code bytes} charged to (port, pg): from its headroom if {@code fromHeadroom}, or headroom first when the policy says so. */
    public void releaseIngress(int port, int pg, int bytes, boolean fromHeadroom) {
        int i = port * 8 + pg;
        if (policy.releaseHeadroomFirst()) {
            long h = Math.min(pgHeadroom[i], bytes);
            pgHeadroom[i] -= h;
            headroomUsed -= h;
            bytes -= (int) h;
            if (bytes == 0) {
                return;
            }
        } else if (fromHeadroom) {
            pgHeadroom[i] -= bytes;
            headroomUsed -= bytes;
            return;
        }
        long before = pgBytes[i];
        long after = before - bytes;
        sharedUsed -= Math.max(0, before - pgReservedBytes) - Math.max(0, after - pgReservedBytes);
        pgBytes[i] = after;
    }

    /** The current shared-buffer limit of (port, pg): α × free pool. */
    public long pgLimit(int port, int pg) {
        return pgLimit(port, pg, (losslessPgs[port] >>> pg & 1) != 0);
    }

    private long pgLimit(int port, int pg, boolean lossless) {
        double alpha = policy.pgAlpha(port, pg, lossless);
        return limit(alpha);
    }

    private long limit(double alpha) {
        long free = poolBytes - sharedUsed;
        if (free <= 0) {
            return 0;
        }
        if (Double.isInfinite(alpha)) {
            return Long.MAX_VALUE;
        }
        return (long) (alpha * free);
    }

    /**
     * Whether (port, pg) must now send XOFF: lossless, not yet paused, and its headroom in use or
     * its shared bytes at or above the limit. Marks it paused when it answers true.
     */
    public boolean checkXoff(int port, int pg) {
        int i = port * 8 + pg;
        if (xoff[i] || (losslessPgs[port] >>> pg & 1) == 0) {
            return false;
        }
        long shared = Math.max(0, pgBytes[i] - pgReservedBytes);
        if (pgHeadroom[i] > 0 || (shared > 0 && shared >= pgLimit(port, pg, true))) {
            xoff[i] = true;
            return true;
        }
        return false;
    }

    /**
     * Whether (port, pg) may now send XON: paused, headroom empty, and shared bytes 0 or at least
     * xon_offset below the limit. Marks it resumed when it answers true.
     */
    public boolean checkXon(int port, int pg) {
        int i = port * 8 + pg;
        if (!xoff[i] || pgHeadroom[i] > 0) {
            return false;
        }
        long shared = Math.max(0, pgBytes[i] - pgReservedBytes);
        if (shared == 0 || shared + xonOffsetBytes <= pgLimit(port, pg, true)) {
            xoff[i] = false;
            return true;
        }
        return false;
    }

    // ---------------------------------------------------------------- egress

    /**
     * Charges {@code bytes} to egress (port, queue); a lossy queue refuses them beyond α_q × free
     * pool (false, nothing charged). Lossless queues are never limited at egress (SONiC
     * egress_lossless_profile static_th covers the whole buffer).
     */
    public boolean admitEgress(int port, int queue, int bytes) {
        int i = port * 8 + queue;
        long after = queueBytes[i] + bytes;
        if ((losslessQueues[port] >>> queue & 1) == 0 && after > limit(policy.queueAlpha(port, queue))) {
            return false;
        }
        queueBytes[i] = after;
        if (after > queueWm[i]) {
            queueWm[i] = after;
        }
        return true;
    }

    public void releaseEgress(int port, int queue, int bytes) {
        queueBytes[port * 8 + queue] -= bytes;
    }

    // ---------------------------------------------------------------- state and watermarks

    public int ports() {
        return ports;
    }

    /** The shared pool: buffer minus reserved minima minus headroom. */
    public long poolBytes() {
        return poolBytes;
    }

    public long sharedUsedBytes() {
        return sharedUsed;
    }

    public long headroomUsedBytes() {
        return headroomUsed;
    }

    public long headroomBytes(int port) {
        return headroomSize[port];
    }

    public boolean xoff(int port, int pg) {
        return xoff[port * 8 + pg];
    }

    public long pgBytes(int port, int pg) {
        return pgBytes[port * 8 + pg];
    }

    public long pgSharedBytes(int port, int pg) {
        return Math.max(0, pgBytes[port * 8 + pg] - pgReservedBytes);
    }

    public long pgHeadroomBytes(int port, int pg) {
        return pgHeadroom[port * 8 + pg];
    }

    public long queueBytes(int port, int queue) {
        return queueBytes[port * 8 + queue];
    }

    public long pgSharedWatermark(int port, int pg) {
        return pgSharedWm[port * 8 + pg];
    }

    public long pgHeadroomWatermark(int port, int pg) {
        return pgHeadroomWm[port * 8 + pg];
    }

    public long queueWatermark(int port, int queue) {
        return queueWm[port * 8 + queue];
    }

    /** Highest pool occupancy seen ({@code show buffer_pool watermark}). */
    public long poolWatermark() {
        return sharedWatermark;
    }

    /** Highest total headroom occupancy seen. */
    public long headroomPoolWatermark() {
        return headroomWatermark;
    }

    /** Whether nothing is charged anywhere (idle fabric). */
    public boolean empty() {
        if (sharedUsed != 0 || headroomUsed != 0) {
            return false;
        }
        for (int i = 0; i < ports * 8; i++) {
            if (pgBytes[i] != 0 || queueBytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
