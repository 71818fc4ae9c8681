package org.rocelab.topo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fabric as a graph: named nodes (hosts and switches) and cables, in a deterministic order
 * (hosts h0, h1, … first, then switches in their naming order). Addresses follow from the host
 * index ({@link Addressing}); routes from {@link ShortestPathRoutes}.
 */
public final class FabricGraph {
    private final List<String> names = new ArrayList<>();
    private final List<NodeKind> kinds = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final List<Cable> cables = new ArrayList<>();
    private final List<List<Integer>> cablesAt = new ArrayList<>();

    /** Adds a node; names must be unique. */
    public int addNode(String name, NodeKind kind) {
        if (index.containsKey(name)) {
            throw new IllegalArgumentException("duplicate node name '" + name + "'");
        }
        int id = names.size();
        names.add(name);
        kinds.add(kind);
        index.put(name, id);
        cablesAt.add(new ArrayList<>());
        return id;
    }

    /** Adds a cable; returns its index. */
    public int addCable(Cable c) {
        if (c.a() < 0 || c.a() >= names.size() || c.b() < 0 || c.b() >= names.size()) {
            throw new IllegalArgumentException("cable end out of range: " + c);
        }
        int id = cables.size();
        cables.add(c);
        cablesAt.get(c.a()).add(id);
        cablesAt.get(c.b()).add(id);
        return id;
    }

    public int nodeCount() {
        return names.size();
    }

    public String name(int node) {
        return names.get(node);
    }

    public NodeKind kind(int node) {
        return kinds.get(node);
    }

    /** Node index by name, or -1. */
    public int node(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    public List<String> nodes() {
        return Collections.unmodifiableList(names);
    }

    public List<Cable> cables() {
        return Collections.unmodifiableList(cables);
    }

    /** Indices of the cables at {@code node}, in the order they were added (its port order). */
    public List<Integer> cablesAt(int node) {
        return Collections.unmodifiableList(cablesAt.get(node));
    }

    /** Node indices of all hosts, in index order. */
    public int[] hosts() {
        return ofKind(NodeKind.HOST);
    }

    /** Node indices of all switches, in index order. */
    public int[] switches() {
        return ofKind(NodeKind.SWITCH);
    }

    private int[] ofKind(NodeKind k) {
        int n = 0;
        for (NodeKind x : kinds) {
            if (x == k) {
                n++;
            }
        }
        int[] out = new int[n];
        int j = 0;
        for (int i = 0; i < kinds.size(); i++) {
            if (kinds.get(i) == k) {
                out[j++] = i;
            }
        }
        return out;
    }
}
