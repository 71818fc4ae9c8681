package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nodes and cables a {@link TopologySpec} yields, with DESIGN.md §3 names: hosts
 * {@code h0, h1, …}; a star's switch {@code sw0}; dumbbell {@code sw0, sw1}; leaf-spine
 * {@code leaf0…, spine0…}; fat-tree {@code tor0…, agg0…, core0…}. A pure function of the spec,
 * used by validation (do named hosts, switches and links exist?) and by the topology builder.
 *
 * @param hosts host names in order
 * @param switches switch names in order
 * @param links cables, each once, {@code a} being the end listed first
 */
public record TopologyLayout(List<String> hosts, List<String> switches, List<Cable> links) {
    public TopologyLayout {
        hosts = List.copyOf(hosts);
        switches = List.copyOf(switches);
        links = List.copyOf(links);
    }

    /** One cable between nodes {@code a} and {@code b}. */
    public record Cable(String a, String b, LinkConfig config) {
        public boolean joins(String x, String y) {
            return (a.equals(x) && b.equals(y)) || (a.equals(y) && b.equals(x));
        }

        public String peerOf(String node) {
            return a.equals(node) ? b : a;
        }
    }

    public boolean isHost(String name) {
        return hosts.contains(name);
    }

    public boolean isSwitch(String name) {
        return switches.contains(name);
    }

    public boolean hasNode(String name) {
        return isHost(name) || isSwitch(name);
    }

    /** The cable between {@code x} and {@code y}, or null. */
    public Cable cable(String x, String y) {
        for (Cable c : links) {
            if (c.joins(x, y)) {
                return c;
            }
        }
        return null;
    }

    /** Cables at {@code node}, in layout order (one per port). */
    public List<Cable> cablesAt(String node) {
        List<Cable> out = new ArrayList<>();
        for (Cable c : links) {
            if (c.a().equals(node) || c.b().equals(node)) {
                out.add(c);
            }
        }
        return out;
    }

    /** Cables at every node, in layout order (one per port), computed in one pass. */
    public Map<String, List<Cable>> adjacency() {
        Map<String, List<Cable>> out = new LinkedHashMap<>();
        for (String h : hosts) {
            out.put(h, new ArrayList<>());
        }
        for (String s : switches) {
            out.put(s, new ArrayList<>());
        }
        for (Cable c : links) {
            out.computeIfAbsent(c.a(), k -> new ArrayList<>()).add(c);
            out.computeIfAbsent(c.b(), k -> new ArrayList<>()).add(c);
        }
        return out;
    }

    /** For each host, the switches it is cabled to (empty for back-to-back). */
    public Map<String, List<String>> hostAttachments() {
        java.util.Set<String> sw = new java.util.HashSet<>(switches);
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String h : hosts) {
            out.put(h, new ArrayList<>());
        }
        for (Cable c : links) {
            if (out.containsKey(c.a()) && sw.contains(c.b())) {
                out.get(c.a()).add(c.b());
            }
            if (out.containsKey(c.b()) && sw.contains(c.a())) {
                out.get(c.b()).add(c.a());
            }
        }
        return out;
    }

    /**
     * Each switch's tier, in switch order: 0 for a switch cabled to a host (a ToR or leaf), else one
     * more than its lowest-tier switch neighbour (fat tree: aggregation 1, core 2; leaf-spine: spine
     * 1). A switch no host reaches through switches gets the tier of a breadth-first walk from the
     * first switch of its island (0 there).
     */
    public Map<String, Integer> tiers() {
        Map<String, List<Cable>> adj = adjacency();
        java.util.Set<String> hostSet = new java.util.HashSet<>(hosts);
        Map<String, Integer> tier = new java.util.HashMap<>();
        java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>();
        for (String s : switches) {
            for (Cable c : adj.get(s)) {
                if (hostSet.contains(c.peerOf(s))) {
                    tier.put(s, 0);
                    queue.add(s);
                    break;
                }
            }
        }
        for (String seed : switches) {
            if (queue.isEmpty() && !tier.containsKey(seed)) {
                tier.put(seed, 0);
                queue.add(seed);
            }
            while (!queue.isEmpty()) {
                String s = queue.poll();
                for (Cable c : adj.get(s)) {
                    String peer = c.peerOf(s);
                    if (!hostSet.contains(peer) && !tier.containsKey(peer)) {
                        tier.put(peer, tier.get(s) + 1);
                        queue.add(peer);
                    }
                }
            }
        }
        Map<String, Integer> ordered = new LinkedHashMap<>();
        for (String s : switches) {
            ordered.put(s, tier.get(s));
        }
        return ordered;
    }

    /** The layout of {@code spec} (for {@link TopologySpec.Hpcc}, the one read at load). */
    public static TopologyLayout of(TopologySpec spec) {
        LinkConfig link = spec.link();
        List<String> hosts = new ArrayList<>();
        List<String> switches = new ArrayList<>();
        List<Cable> cables = new ArrayList<>();
        if (spec instanceof TopologySpec.BackToBack) {
            hosts.add("h0");
            hosts.add("h1");
            cables.add(new Cable("h0", "h1", link));
        } else if (spec instanceof TopologySpec.Star s) {
            switches.add("sw0");
            for (int i = 0; i < s.hosts(); i++) {
                hosts.add("h" + i);
                cables.add(new Cable("sw0", "h" + i, link));
            }
        } else if (spec instanceof TopologySpec.Dumbbell d) {
            switches.add("sw0");
            switches.add("sw1");
            for (int i = 0; i < 2 * d.hostsPerSide(); i++) {
                hosts.add("h" + i);
                cables.add(new Cable(i < d.hostsPerSide() ? "sw0" : "sw1", "h" + i, link));
            }
            cables.add(new Cable("sw0", "sw1", link.withSpeed(d.uplinkSpeedBps())));
        } else if (spec instanceof TopologySpec.LeafSpine ls) {
            for (int l = 0; l < ls.leaves(); l++) {
                switches.add("leaf" + l);
            }
            for (int s = 0; s < ls.spines(); s++) {
                switches.add("spine" + s);
            }
            for (int l = 0; l < ls.leaves(); l++) {
                for (int j = 0; j < ls.hostsPerLeaf(); j++) {
                    String h = "h" + (l * ls.hostsPerLeaf() + j);
                    hosts.add(h);
                    cables.add(new Cable("leaf" + l, h, link));
                }
            }
            LinkConfig up = link.withSpeed(ls.uplinkSpeedBps());
            for (int l = 0; l < ls.leaves(); l++) {
                for (int s = 0; s < ls.spines(); s++) {
                    cables.add(new Cable("leaf" + l, "spine" + s, up));
                }
            }
        } else if (spec instanceof TopologySpec.FatTree ft) {
            fatTree(ft.k(), link, hosts, switches, cables);
        } else if (spec instanceof TopologySpec.Explicit ex) {
            for (String n : ex.nodes()) {
                (ex.isHost(n) ? hosts : switches).add(n);
            }
            for (TopologySpec.ExplicitLink l : ex.links()) {
                cables.add(new Cable(l.a(), l.b(), l.config()));
            }
        } else if (spec instanceof TopologySpec.Hpcc hp) {
            return hp.layout();
        }
        return new TopologyLayout(hosts, switches, cables);
    }

    /** Whether an explicit node name denotes a host: {@code h} followed by digits. */
    public static boolean isHostName(String name) {
        return name.length() > 1 && name.charAt(0) == 'h' && SourceMap.isIndex(name.substring(1));
    }

    private static void fatTree(int k, LinkConfig link, List<String> hosts, List<String> switches, List<Cable> cables) {
        int half = k / 2;
        for (int i = 0; i < k * half; i++) {
            switches.add("tor" + i);
        }
        for (int i = 0; i < k * half; i++) {
            switches.add("agg" + i);
        }
        for (int i = 0; i < half * half; i++) {
            switches.add("core" + i);
        }
        int h = 0;
        for (int t = 0; t < k * half; t++) {
            for (int j = 0; j < half; j++) {
                hosts.add("h" + h);
                cables.add(new Cable("tor" + t, "h" + h, link));
                h++;
            }
        }
        for (int pod = 0; pod < k; pod++) {
            for (int t = 0; t < half; t++) {
                for (int a = 0; a < half; a++) {
                    cables.add(new Cable("tor" + (pod * half + t), "agg" + (pod * half + a), link));
                }
            }
        }
        for (int pod = 0; pod < k; pod++) {
            for (int a = 0; a < half; a++) {
                for (int c = 0; c < half; c++) {
                    cables.add(new Cable("agg" + (pod * half + a), "core" + (a * half + c), link));
                }
            }
        }
    }
}
