package org.rocelab.compat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An HPCC topology file (hpcc-ns3-anchor.md §2.2): header {@code nodes switches links}, one line of
 * switch ids, then {@code links} lines {@code src dst rate delay error_rate}. Lines after the
 * {@code links}-th link are not read, as HPCC does not read them. Nodes that are not switches are
 * hosts; host {@code id} has IPv4 address {@code 0x0b000001 + (id/256 << 16) + (id%256 << 8)}.
 *
 * @param file the topology file
 * @param nodeCount number of nodes; ids are 0..nodeCount-1
 * @param switchIds the switch ids in file order
 * @param links the links in file order
 * @param ignoredLines number of non-blank lines after the last link (not read)
 */
public record HpccTopology(Path file, int nodeCount, List<Integer> switchIds, List<HpccLink> links, int ignoredLines) {
    public HpccTopology {
        switchIds = List.copyOf(switchIds);
        links = List.copyOf(links);
    }

    /** Reads and validates a topology file; problems are {@link HpccFormatException}s. */
    public static HpccTopology read(Path file) {
        return HpccTopologyReader.read(HpccText.read(file, "topology file"));
    }

    /** Whether {@code id} is a switch. */
    public boolean isSwitch(int id) {
        return switchIds.contains(id);
    }

    /** The host ids in ascending order. */
    public List<Integer> hostIds() {
        BitSet sw = new BitSet(nodeCount);
        switchIds.forEach(sw::set);
        List<Integer> hosts = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            if (!sw.get(i)) {
                hosts.add(i);
            }
        }
        return hosts;
    }

    /** The links of {@code node} in file order; HPCC's ns-3 interface index of the i-th is i + 1. */
    public List<HpccLink> linksOf(int node) {
        List<HpccLink> out = new ArrayList<>();
        for (HpccLink l : links) {
            if (l.src() == node || l.dst() == node) {
                out.add(l);
            }
        }
        return out;
    }

    /** Per node, its links in file order (ifindex = position + 1). */
    public Map<Integer, List<HpccLink>> linksByNode() {
        Map<Integer, List<HpccLink>> m = new HashMap<>();
        for (HpccLink l : links) {
            m.computeIfAbsent(l.src(), k -> new ArrayList<>()).add(l);
            m.computeIfAbsent(l.dst(), k -> new ArrayList<>()).add(l);
        }
        return m;
    }

    /** HPCC's IPv4 address of host {@code id} ({@code node_id_to_ip} in third.cc) as an unsigned int. */
    public static int hostIp(int id) {
        return 0x0b000001 + ((id / 256) << 16) + ((id % 256) << 8);
    }

    /** The node id inside an HPCC host address ({@code ip_to_node_id}: bits 8..23). */
    public static int nodeOfIp(int ip) {
        return (ip >>> 8) & 0xffff;
    }
}
