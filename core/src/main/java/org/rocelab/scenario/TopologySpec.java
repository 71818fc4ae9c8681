package org.rocelab.scenario;

import java.util.List;

/**
 * The {@code topology} section, one record per {@code kind} (DESIGN.md §3). Every kind has a
 * {@link LinkConfig} for host links; {@link TopologyLayout#of} lists the nodes and cables it
 * yields, with the names of DESIGN.md §3.
 */
public sealed interface TopologySpec {
    /** Host-link cable ({@code topology.link}). */
    LinkConfig link();

    /** Two hosts h0, h1 on one cable. */
    record BackToBack(LinkConfig link) implements TopologySpec {}

    /** {@code hosts} hosts h0.. on one switch sw0. */
    record Star(int hosts, LinkConfig link) implements TopologySpec {}

    /**
     * Two switches sw0, sw1 joined by one cable of {@code uplinkSpeedBps}; h0..h(n-1) on sw0,
     * hn..h(2n-1) on sw1.
     */
    record Dumbbell(int hostsPerSide, long uplinkSpeedBps, LinkConfig link) implements TopologySpec {}

    /**
     * {@code leaves} leaf switches each with {@code hostsPerLeaf} hosts (leaf i has hosts
     * h(i·hostsPerLeaf)..), every leaf cabled to every spine at {@code uplinkSpeedBps}.
     */
    record LeafSpine(int leaves, int spines, int hostsPerLeaf, long uplinkSpeedBps, LinkConfig link)
            implements TopologySpec {}

    /**
     * A k-ary fat tree (Al-Fares et al., SIGCOMM 2008): k pods of k/2 ToR (tor) and k/2
     * aggregation (agg) switches, (k/2)² core switches, k³/4 hosts, k/2 per ToR.
     */
    record FatTree(int k, LinkConfig link) implements TopologySpec {}

    /**
     * Named nodes and cables. Hosts are the nodes listed in {@code hosts} and, when that list is
     * empty, the names {@code h<digits>}; the rest are switches.
     */
    record Explicit(List<String> nodes, List<ExplicitLink> links, LinkConfig link, List<String> hosts)
            implements TopologySpec {
        public Explicit {
            nodes = List.copyOf(nodes);
            links = List.copyOf(links);
            hosts = List.copyOf(hosts);
        }

        /** Whether node {@code n} is a host. */
        public boolean isHost(String n) {
            return hosts.isEmpty() ? TopologyLayout.isHostName(n) : hosts.contains(n);
        }
    }

    /** One cable of an explicit topology. */
    record ExplicitLink(String a, String b, LinkConfig config) {}

    /**
     * An HPCC ns-3 topology file ({@code hpcc-ns3-anchor.md} §2.2), resolved against the scenario's
     * folder. Node ids become names in id order: hosts h0.., switches sw0..; {@code layout} is the
     * file's content read at load.
     */
    record Hpcc(String file, TopologyLayout layout, LinkConfig link) implements TopologySpec {}
}
