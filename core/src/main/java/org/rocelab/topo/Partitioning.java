package org.rocelab.topo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The nodes of a fabric split into partitions for a windowed run (docs/architecture.md,
 * "Windows and threads"): each switch with the hosts cabled to it is one group, so a host's
 * cable never crosses partitions and only switch-to-switch cables carry frames between them; a
 * host without a switch is a group of its own. Groups are weighed by their ports (cable ends:
 * events scale with the ports that send and receive) and placed, heaviest first, on the
 * lightest partition (Graham's longest-processing-time rule, within 4/3 of the best balance),
 * ties going to the lower group and partition index, so the split depends only on the graph.
 * Balancing by the cost measured in previous windows (Unison, Bai et al., EuroSys 2024) is left
 * to the engine that runs the windows.
 */
public final class Partitioning {
    private final int[] partitionOf;
    private final long[] weight;
    private final int cutCables;

    private Partitioning(int[] partitionOf, long[] weight, int cutCables) {
        this.partitionOf = partitionOf;
        this.weight = weight;
        this.cutCables = cutCables;
    }

    /**
     * Splits {@code graph} into at most {@code partitions} partitions (fewer when it has fewer
     * groups).
     *
     * @throws IllegalArgumentException if {@code partitions} is below 1
     */
    public static Partitioning of(FabricGraph graph, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be 1 or more, got " + partitions);
        }
        int n = graph.nodeCount();
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        List<long[]> groups = new ArrayList<>(); // {first node, ports}
        for (int node = 0; node < n; node++) {
            if (graph.kind(node) == NodeKind.SWITCH) {
                groupOf[node] = groups.size();
                groups.add(new long[] {node, 0});
            }
        }
        for (int node = 0; node < n; node++) {
            if (graph.kind(node) != NodeKind.HOST) {
                continue;
            }
            for (int c : graph.cablesAt(node)) {
                int peer = graph.cables().get(c).other(node);
                if (graph.kind(peer) == NodeKind.SWITCH) {
                    groupOf[node] = groupOf[peer];
                    break;
                }
            }
            if (groupOf[node] < 0) {
                groupOf[node] = groups.size();
                groups.add(new long[] {node, 0});
            }
        }
        for (int node = 0; node < n; node++) {
            groups.get(groupOf[node])[1] += graph.cablesAt(node).size();
        }
        Integer[] order = new Integer[groups.size()];
        for (int g = 0; g < order.length; g++) {
            order[g] = g;
        }
        Arrays.sort(
                order,
                Comparator.comparingLong((Integer g) -> -groups.get(g)[1]).thenComparingInt(g -> g));
        int p = Math.max(1, Math.min(partitions, groups.size()));
        long[] weight = new long[p];
        int[] partitionOfGroup = new int[groups.size()];
        for (int g : order) {
            int lightest = 0;
            for (int i = 1; i < p; i++) {
                if (weight[i] < weight[lightest]) {
                    lightest = i;
                }
            }
            partitionOfGroup[g] = lightest;
            weight[lightest] += groups.get(g)[1];
        }
        int[] partitionOf = new int[n];
        for (int node = 0; node < n; node++) {
            partitionOf[node] = partitionOfGroup[groupOf[node]];
        }
        int cut = 0;
        for (Cable c : graph.cables()) {
            if (partitionOf[c.a()] != partitionOf[c.b()]) {
                cut++;
            }
        }
        return new Partitioning(partitionOf, weight, cut);
    }

    /**
     * Every node its own partition, in node order (a windowed run on one thread: each host's and
     * each switch's events of a window run back to back, docs/architecture.md "Windows on one
     * thread"); weights are the nodes' ports, every cable is cut.
     */
    public static Partitioning byNode(FabricGraph graph) {
        int n = graph.nodeCount();
        int[] partitionOf = new int[n];
        long[] weight = new long[n];
        for (int node = 0; node < n; node++) {
            partitionOf[node] = node;
            weight[node] = graph.cablesAt(node).size();
        }
        return new Partitioning(partitionOf, weight, graph.cables().size());
    }

    /** Partitions made. */
    public int partitions() {
        return weight.length;
    }

    /** The partition of {@code node}. */
    public int partitionOf(int node) {
        return partitionOf[node];
    }

    /** The ports (cable ends) of a partition's nodes: its weight. */
    public long weight(int partition) {
        return weight[partition];
    }

    /** Cables whose ends lie in different partitions: the ones whose frames cross through mailboxes. */
    public int cutCables() {
        return cutCables;
    }
}
