package org.rocelab.topo;

import org.rocelab.link.FecMode;

/**
 * The standard fabrics of DESIGN.md §3 with its names: hosts {@code h0…}; a star's switch
 * {@code sw0}; a dumbbell's {@code sw0, sw1}; leaf-spine {@code leaf0…, spine0…}; a three-tier
 * fat tree (Al-Fares et al., SIGCOMM 2008) {@code tor0…, agg0…, core0…}. Hosts are added first so
 * host ordinals equal node indices.
 */
public final class TopologyBuilders {
    private TopologyBuilders() {}

    /** Two hosts on one cable. */
    public static FabricGraph backToBack(long speedBps, long propagationPs, FecMode fec) {
        FabricGraph g = new FabricGraph();
        g.addNode("h0", NodeKind.HOST);
        g.addNode("h1", NodeKind.HOST);
        g.addCable(new Cable(0, 1, speedBps, propagationPs, fec));
        return g;
    }

    /** {@code hosts} hosts on one switch {@code sw0}. */
    public static FabricGraph star(int hosts, long speedBps, long propagationPs, FecMode fec) {
        require(hosts >= 1, "star needs at least 1 host");
        FabricGraph g = new FabricGraph();
        addHosts(g, hosts);
        int sw = g.addNode("sw0", NodeKind.SWITCH);
        for (int h = 0; h < hosts; h++) {
            g.addCable(new Cable(sw, h, speedBps, propagationPs, fec));
        }
        return g;
    }

    /** Two switches joined by one cable, {@code perSide} hosts on each. */
    public static FabricGraph dumbbell(int perSide, long speedBps, long propagationPs, FecMode fec) {
        require(perSide >= 1, "dumbbell needs at least 1 host per side");
        FabricGraph g = new FabricGraph();
        addHosts(g, 2 * perSide);
        int sw0 = g.addNode("sw0", NodeKind.SWITCH);
        int sw1 = g.addNode("sw1", NodeKind.SWITCH);
        for (int h = 0; h < perSide; h++) {
            g.addCable(new Cable(sw0, h, speedBps, propagationPs, fec));
        }
        for (int h = perSide; h < 2 * perSide; h++) {
            g.addCable(new Cable(sw1, h, speedBps, propagationPs, fec));
        }
        g.addCable(new Cable(sw0, sw1, speedBps, propagationPs, fec));
        return g;
    }

    /** Two-tier Clos: every leaf connects to every spine at {@code uplinkBps}. */
    public static FabricGraph leafSpine(
            int leaves, int spines, int hostsPerLeaf, long hostBps, long uplinkBps, long propagationPs, FecMode fec) {
        require(
                leaves >= 1 && spines >= 1 && hostsPerLeaf >= 1,
                "leaf-spine needs leaves, spines, hosts_per_leaf >= 1");
        FabricGraph g = new FabricGraph();
        addHosts(g, leaves * hostsPerLeaf);
        int firstLeaf = g.nodeCount();
        for (int l = 0; l < leaves; l++) {
            g.addNode("leaf" + l, NodeKind.SWITCH);
        }
        int firstSpine = g.nodeCount();
        for (int s = 0; s < spines; s++) {
            g.addNode("spine" + s, NodeKind.SWITCH);
        }
        for (int l = 0; l < leaves; l++) {
            for (int h = 0; h < hostsPerLeaf; h++) {
                g.addCable(new Cable(firstLeaf + l, l * hostsPerLeaf + h, hostBps, propagationPs, fec));
            }
            for (int s = 0; s < spines; s++) {
                g.addCable(new Cable(firstLeaf + l, firstSpine + s, uplinkBps, propagationPs, fec));
            }
        }
        return g;
    }

    /**
     * The k-ary fat tree: k pods of k/2 ToRs and k/2 aggregation switches, (k/2)^2 cores,
     * k^3/4 hosts; every link at {@code speedBps}.
     */
    public static FabricGraph fatTree(int k, long speedBps, long propagationPs, FecMode fec) {
        require(k >= 2 && k % 2 == 0, "fat-tree k must be an even number >= 2");
        int half = k / 2;
        FabricGraph g = new FabricGraph();
        addHosts(g, k * half * half);
        int firstTor = g.nodeCount();
        for (int i = 0; i < k * half; i++) {
            g.addNode("tor" + i, NodeKind.SWITCH);
        }
        int firstAgg = g.nodeCount();
        for (int i = 0; i < k * half; i++) {
            g.addNode("agg" + i, NodeKind.SWITCH);
        }
        int firstCore = g.nodeCount();
        for (int i = 0; i < half * half; i++) {
            g.addNode("core" + i, NodeKind.SWITCH);
        }
        for (int pod = 0; pod < k; pod++) {
            for (int t = 0; t < half; t++) {
                int tor = firstTor + pod * half + t;
                for (int h = 0; h < half; h++) {
                    g.addCable(new Cable(tor, (pod * half + t) * half + h, speedBps, propagationPs, fec));
                }
                for (int a = 0; a < half; a++) {
                    g.addCable(new Cable(tor, firstAgg + pod * half + a, speedBps, propagationPs, fec));
                }
            }
            for (int a = 0; a < half; a++) {
                int agg = firstAgg + pod * half + a;
                for (int c = 0; c < half; c++) {
                    g.addCable(new Cable(agg, firstCore + a * half + c, speedBps, propagationPs, fec));
                }
            }
        }
        return g;
    }

    private static void addHosts(FabricGraph g, int n) {
        for (int h = 0; h < n; h++) {
            g.addNode("h" + h, NodeKind.HOST);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
