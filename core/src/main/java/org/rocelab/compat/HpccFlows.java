package org.rocelab.compat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An HPCC flow file (hpcc-ns3-anchor.md §2.3): the first token is the flow count N, then N lines
 * {@code src dst pg dport size start_seconds}, sorted by start time (third.cc reads them lazily and
 * schedules each at its start). Ids are checked against the topology: both ends must be hosts.
 * Lines after the N-th flow are not read, as in HPCC.
 *
 * @param file the flow file
 * @param flows the flows in file order
 * @param ignoredLines number of non-blank lines after the N-th flow (not read)
 */
public record HpccFlows(Path file, List<HpccFlow> flows, int ignoredLines) {
    private static final long PS_PER_S = 1_000_000_000_000L;
    private static final int FIRST_SPORT = 10_000;

    public HpccFlows {
        flows = List.copyOf(flows);
    }

    /** Reads and validates a flow file against {@code topology}. */
    public static HpccFlows read(Path file, HpccTopology topology) {
        HpccText text = HpccText.read(file, "flow file");
        List<HpccText.Line> lines = text.lines();
        if (lines.isEmpty()) {
            throw text.error(0, "flow count: expected the number of flows on the first line, the file is empty");
        }
        HpccText.Line head = lines.get(0);
        int n = (int) HpccValues.uint(text, head.number(), head.token(0), "flow count", 100_000_000);
        if (head.size() != 1) {
            throw text.error(
                    head.number(),
                    "flow count: expected one integer on the first line, got " + head.size() + " values");
        }
        if (lines.size() - 1 < n) {
            throw text.error(
                    text.lastLineNumber(),
                    "flows: expected " + n + " flows (first line), the file ends after " + (lines.size() - 1));
        }
        boolean[] isSwitch = new boolean[topology.nodeCount()];
        topology.switchIds().forEach(id -> isSwitch[id] = true);
        Map<Long, Integer> nextPort = new HashMap<>();
        List<HpccFlow> flows = new ArrayList<>(n);
        long lastStart = Long.MIN_VALUE;
        int lastLine = 0;
        for (int i = 0; i < n; i++) {
            HpccText.Line l = lines.get(i + 1);
            int ln = l.number();
            if (l.size() != 6) {
                throw text.error(ln, "flow: expected 6 columns 'src dst pg dport size start_seconds', got " + l.size());
            }
            int src = host(text, ln, l.token(0), "flow src", topology, isSwitch);
            int dst = host(text, ln, l.token(1), "flow dst", topology, isSwitch);
            if (src == dst) {
                throw text.error(ln, "flow: src and dst are both host " + src + "; expected two different hosts");
            }
            int pg = (int) HpccValues.uint(text, ln, l.token(2), "flow pg", 7);
            int dport = (int) HpccValues.uint(text, ln, l.token(3), "flow dport", 65_535);
            long size = HpccValues.uint(text, ln, l.token(4), "flow size (bytes)", 0xFFFF_FFFFL);
            if (size == 0) {
                throw text.error(ln, "flow size (bytes): expected a size of at least 1 byte, got '0'");
            }
            long start = HpccValues.decimalPs(text, ln, l.token(5), "flow start", "seconds", PS_PER_S);
            if (start < lastStart) {
                throw text.error(
                        ln,
                        "flow start: " + seconds(start) + " s is earlier than " + seconds(lastStart) + " s on line "
                                + lastLine + "; HPCC needs flows sorted by start time");
            }
            lastStart = start;
            lastLine = ln;
            // third.cc portNumder[src][dst]++: one counter per (source, destination) pair
            int sport = nextPort.merge((long) src << 32 | dst, 1, Integer::sum) - 1 + FIRST_SPORT;
            flows.add(new HpccFlow(i, src, dst, pg, dport, size, start, sport & 0xFFFF, ln));
        }
        return new HpccFlows(file, flows, lines.size() - 1 - n);
    }

    private static int host(HpccText text, int ln, String token, String what, HpccTopology topo, boolean[] isSwitch) {
        long id;
        try {
            id = Long.parseLong(token);
        } catch (NumberFormatException e) {
            id = -1;
        }
        if (id < 0 || id >= topo.nodeCount()) {
            throw text.error(
                    ln,
                    what + ": expected a host id from 0 to " + (topo.nodeCount() - 1) + " ("
                            + topo.file().getFileName() + " has " + topo.nodeCount() + " nodes), got '" + token + "'");
        }
        if (isSwitch[(int) id]) {
            throw text.error(
                    ln, what + ": node " + id + " is a switch in " + topo.file().getFileName() + "; expected a host");
        }
        return (int) id;
    }

    private static String seconds(long ps) {
        return BigDecimal.valueOf(ps, 12).stripTrailingZeros().toPlainString();
    }
}
