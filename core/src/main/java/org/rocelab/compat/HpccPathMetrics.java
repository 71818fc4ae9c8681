package org.rocelab.compat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Base RTT, bottleneck rate and standalone ("ideal") FCT between hosts, computed exactly as HPCC's
 * {@code scratch/third.cc} does ({@code CalculateRoute}, the maxRtt loop, {@code qp_finish}):
 *
 * <ul>
 *   <li>a BFS from the destination host over links that are up, expanding only switches (hosts never
 *       transit); a node's values are fixed when the BFS first reaches it (neighbours are visited in
 *       ascending node id; HPCC visits them in pointer order, which matters only when equal-hop
 *       paths differ in delay or rate);
 *   <li>{@code delay} = Σ link delays in ns; {@code txDelay} = Σ per hop
 *       ⌊payload × 8 × 10^9 / link_bps⌋ ns (one payload, no header, per hop);
 *       {@code bw} = min link rate on that path;
 *   <li>base RTT = 2 × delay + txDelay (txDelay counted once);
 *   <li>standalone FCT = base RTT + ⌊(size + ⌈size/payload⌉ × 48) × 8 × 10^9 / bw⌋ ns, where 48 B =
 *       14 (Ethernet/PPP) + 20 (IPv4) + 8 (UDP) + 6 (SeqTs: seq 4 + pg 2), i.e. the whole header
 *       without INT ({@code CustomHeader::GetStaticWholeHeaderSize() - IntHeader::GetStaticSize()}).
 * </ul>
 *
 * Pairs are evaluated lazily per destination and cached. Not thread-safe.
 */
public final class HpccPathMetrics {
    /** HPCC's per-packet header allowance in the standalone FCT, bytes. */
    public static final int HEADER_BYTES = 48;

    private final HpccTopology topology;
    private final int payloadBytes;
    private final List<long[]>[] adjacency;
    private final long[][] delayNs;
    private final long[][] txDelayNs;
    private final long[][] bwBps;
    private final boolean[] isSwitch;

    /** Metrics over all links of {@code topology} with HPCC's PACKET_PAYLOAD_SIZE {@code payloadBytes}. */
    @SuppressWarnings("unchecked")
    public HpccPathMetrics(HpccTopology topology, int payloadBytes) {
        if (payloadBytes <= 0) {
            throw new IllegalArgumentException("payloadBytes must be positive: " + payloadBytes);
        }
        this.topology = topology;
        this.payloadBytes = payloadBytes;
        int n = topology.nodeCount();
        adjacency = new List[n];
        for (int i = 0; i < n; i++) {
            adjacency[i] = new ArrayList<>();
        }
        for (HpccLink l : topology.links()) {
            adjacency[l.src()].add(new long[] {l.dst(), l.delayNs(), l.rateBps()});
            adjacency[l.dst()].add(new long[] {l.src(), l.delayNs(), l.rateBps()});
        }
        for (List<long[]> a : adjacency) {
            a.sort(Comparator.comparingLong(e -> e[0]));
        }
        isSwitch = new boolean[n];
        topology.switchIds().forEach(id -> isSwitch[id] = true);
        delayNs = new long[n][];
        txDelayNs = new long[n][];
        bwBps = new long[n][];
    }

    /** HPCC's pairRtt[src][dst] in ns. */
    public long baseRttNs(int src, int dst) {
        bfs(src, dst);
        return 2 * delayNs[dst][src] + txDelayNs[dst][src];
    }

    /** HPCC's pairBw[src][dst]: the smallest link rate on the BFS path, bit/s. */
    public long bottleneckBps(int src, int dst) {
        bfs(src, dst);
        return bwBps[dst][src];
    }

    /** One-way propagation (Σ link delays) on the BFS path, ns. */
    public long oneWayDelayNs(int src, int dst) {
        bfs(src, dst);
        return delayNs[dst][src];
    }

    /** HPCC's standalone FCT of a {@code sizeBytes} message from {@code src} to {@code dst}, ns. */
    public long standaloneFctNs(int src, int dst, long sizeBytes) {
        return standaloneFctNs(baseRttNs(src, dst), bottleneckBps(src, dst), sizeBytes, payloadBytes);
    }

    /**
     * The qp_finish formula: baseRtt + ⌊(size + ⌈size/payload⌉ × 48) × 8e9 / bw⌋, exact; in
     * {@code long}s while the product fits (messages below ~1.15 GB: no object per flow), else in
     * {@code BigInteger}s.
     */
    public static long standaloneFctNs(long baseRttNs, long bottleneckBps, long sizeBytes, int payloadBytes) {
        long packets = (sizeBytes - 1) / payloadBytes + 1;
        long totalBytes = sizeBytes + packets * HEADER_BYTES;
        if (totalBytes >= 0 && totalBytes <= Long.MAX_VALUE / 8_000_000_000L && bottleneckBps > 0) {
            return baseRttNs + totalBytes * 8_000_000_000L / bottleneckBps;
        }
        return baseRttNs
                + java.math.BigInteger.valueOf(totalBytes)
                        .multiply(java.math.BigInteger.valueOf(8_000_000_000L))
                        .divide(java.math.BigInteger.valueOf(bottleneckBps))
                        .longValueExact();
    }

    /** HPCC's maxRtt over all host pairs, ns. */
    public long maxRttNs() {
        long max = 0;
        List<Integer> hosts = topology.hostIds();
        for (int d : hosts) {
            for (int s : hosts) {
                if (s != d && reachable(s, d)) {
                    max = Math.max(max, baseRttNs(s, d));
                }
            }
        }
        return max;
    }

    /** HPCC's maxBdp over all host pairs: ⌊rtt × bw / 10^9 / 8⌋ bytes. */
    public long maxBdpBytes() {
        long max = 0;
        List<Integer> hosts = topology.hostIds();
        for (int d : hosts) {
            for (int s : hosts) {
                if (s != d && reachable(s, d)) {
                    long bdp = java.math.BigInteger.valueOf(baseRttNs(s, d))
                            .multiply(java.math.BigInteger.valueOf(bottleneckBps(s, d)))
                            .divide(java.math.BigInteger.valueOf(8_000_000_000L))
                            .longValueExact();
                    max = Math.max(max, bdp);
                }
            }
        }
        return max;
    }

    /** Whether the BFS from {@code dst} reaches {@code src}. */
    public boolean reachable(int src, int dst) {
        compute(dst);
        return delayNs[dst][src] >= 0;
    }

    private void bfs(int src, int dst) {
        if (src == dst || !reachable(src, dst)) {
            throw new IllegalArgumentException("no path from host " + src + " to host " + dst + " in "
                    + topology.file().getFileName() + (src == dst ? " (same host)" : ""));
        }
    }

    private void compute(int root) {
        if (delayNs[root] != null) {
            return;
        }
        int n = topology.nodeCount();
        long[] delay = new long[n];
        long[] tx = new long[n];
        long[] bw = new long[n];
        java.util.Arrays.fill(delay, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = root;
        delay[root] = 0;
        bw[root] = Long.MAX_VALUE;
        while (head < tail) {
            int now = queue[head++];
            for (long[] e : adjacency[now]) {
                int next = (int) e[0];
                if (delay[next] < 0) {
                    delay[next] = delay[now] + e[1];
                    tx[next] = tx[now] + (long) payloadBytes * 8_000_000_000L / e[2];
                    bw[next] = Math.min(bw[now], e[2]);
                    if (isSwitch[next]) {
                        queue[tail++] = next;
                    }
                }
            }
        }
        delayNs[root] = delay;
        txDelayNs[root] = tx;
        bwBps[root] = bw;
    }
}
