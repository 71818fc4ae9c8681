package org.rocelab.compat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Parses and validates the three parts of an HPCC topology file (see {@link HpccTopology}). */
final class HpccTopologyReader {
    private HpccTopologyReader() {}

    static HpccTopology read(HpccText text) {
        List<HpccText.Line> lines = text.lines();
        if (lines.isEmpty()) {
            throw text.error(0, "header: expected 'nodes switches links', the file is empty");
        }
        HpccText.Line head = lines.get(0);
        if (head.size() != 3) {
            throw text.error(
                    head.number(),
                    "header: expected 3 integers 'nodes switches links', got " + head.size() + " values");
        }
        int nodes = (int) HpccValues.uint(text, head.number(), head.token(0), "header nodes", 65_536);
        int switches = (int) HpccValues.uint(text, head.number(), head.token(1), "header switches", nodes);
        int linkCount = (int) HpccValues.uint(text, head.number(), head.token(2), "header links", 10_000_000);
        if (nodes == 0) {
            throw text.error(head.number(), "header nodes: expected at least 1 node, got '0'");
        }
        int next = 1;
        List<Integer> switchIds = new ArrayList<>();
        BitSet isSwitch = new BitSet(nodes);
        if (switches > 0) {
            if (lines.size() < 2) {
                throw text.error(
                        head.number(),
                        "switch ids: expected a line of " + switches + " switch ids after the header, the file ends");
            }
            HpccText.Line sw = lines.get(next++);
            if (sw.size() != switches) {
                throw text.error(sw.number(), "switch ids: expected " + switches + " ids (header), got " + sw.size());
            }
            for (String t : sw.tokens()) {
                int id = nodeId(text, sw.number(), t, "switch id", nodes);
                if (isSwitch.get(id)) {
                    throw text.error(sw.number(), "switch ids: " + id + " is listed twice");
                }
                isSwitch.set(id);
                switchIds.add(id);
            }
        }
        List<HpccLink> links = new ArrayList<>();
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < linkCount; i++) {
            if (next >= lines.size()) {
                throw text.error(
                        text.lastLineNumber(),
                        "links: expected " + linkCount + " link lines (header), the file ends after " + i);
            }
            HpccText.Line l = lines.get(next++);
            links.add(link(text, l, i, nodes, seen));
        }
        return new HpccTopology(text.file(), nodes, switchIds, links, lines.size() - next);
    }

    private static HpccLink link(HpccText text, HpccText.Line l, int index, int nodes, Map<Long, Integer> seen) {
        int ln = l.number();
        if (l.size() != 5) {
            throw text.error(ln, "link: expected 5 columns 'src dst rate delay error_rate', got " + l.size());
        }
        int a = nodeId(text, ln, l.token(0), "link src", nodes);
        int b = nodeId(text, ln, l.token(1), "link dst", nodes);
        if (a == b) {
            throw text.error(ln, "link: src and dst are both " + a + "; expected two different nodes");
        }
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        Integer before = seen.putIfAbsent(key, ln);
        if (before != null) {
            throw text.error(
                    ln,
                    "link: " + a + "-" + b + " is already linked on line " + before
                            + " (HPCC keeps one interface per node pair)");
        }
        long rate = HpccValues.rateBps(text, ln, l.token(2), "link rate");
        long delay = HpccValues.timePs(text, ln, l.token(3), "link delay");
        double err = HpccValues.number(text, ln, l.token(4), "link error_rate", 0.0, 1.0);
        return new HpccLink(index, a, b, rate, delay, err, ln);
    }

    private static int nodeId(HpccText text, int ln, String token, String what, int nodes) {
        long id;
        try {
            id = Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw text.error(ln, what + ": expected a node id from 0 to " + (nodes - 1) + ", got '" + token + "'");
        }
        if (id < 0 || id >= nodes) {
            throw text.error(
                    ln,
                    what + ": expected a node id from 0 to " + (nodes - 1) + " (header: " + nodes + " nodes), got "
                            + token);
        }
        return (int) id;
    }
}
