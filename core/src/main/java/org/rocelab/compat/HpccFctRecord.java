package org.rocelab.compat;

/**
 * One line of HPCC's {@code fct.txt}, written by {@code qp_finish} in third.cc with
 * {@code "%08x %08x %u %u %lu %lu %lu %lu\n"}: source IP and destination IP as 8 lowercase hex
 * digits (zero-padded, no {@code 0x}), then source port, destination port, size in bytes, start
 * time in ns, FCT in ns and standalone FCT in ns, in decimal, separated by one space.
 *
 * @param sip source host IPv4 address (see {@link HpccTopology#hostIp(int)}), unsigned
 * @param dip destination host IPv4 address, unsigned
 * @param sport source port
 * @param dport destination port
 * @param sizeBytes message size
 * @param startNs when the QP started, ns
 * @param fctNs completion time minus start, ns
 * @param standaloneFctNs HPCC's ideal FCT ({@link HpccPathMetrics#standaloneFctNs(int, int, long)})
 */
public record HpccFctRecord(
        int sip, int dip, int sport, int dport, long sizeBytes, long startNs, long fctNs, long standaloneFctNs) {

    /**
     * The record HPCC would print for {@code flow} completing at {@code finishPs}: addresses from the host
     * ids, HPCC's source port, start = {@link HpccFlow#startNs()}, fct = finish (rounded to the nearest
     * ns) − start, standalone FCT from {@code paths}.
     */
    public static HpccFctRecord completed(HpccFlow flow, long finishPs, HpccPathMetrics paths) {
        if (finishPs < flow.startPs()) {
            throw new IllegalArgumentException("flow " + flow.index() + " finishes at " + finishPs
                    + " ps, before its start " + flow.startPs() + " ps");
        }
        return new HpccFctRecord(
                HpccTopology.hostIp(flow.src()),
                HpccTopology.hostIp(flow.dst()),
                flow.sport(),
                flow.dport(),
                flow.sizeBytes(),
                flow.startNs(),
                (finishPs + 500) / 1000 - flow.startNs(),
                paths.standaloneFctNs(flow.src(), flow.dst(), flow.sizeBytes()));
    }

    /** Slowdown as fct_analysis.py computes it: fct / standalone, raised to 1 if below 1. */
    public double slowdown() {
        double s = (double) fctNs / (double) standaloneFctNs;
        return s < 1 ? 1.0 : s;
    }

    /** The line without its newline. */
    public String toLine() {
        StringBuilder sb = new StringBuilder(64);
        appendTo(sb);
        return sb.toString();
    }

    /** Appends the line (without newline) to {@code sb}. */
    public void appendTo(StringBuilder sb) {
        hex8(sb, sip);
        sb.append(' ');
        hex8(sb, dip);
        sb.append(' ')
                .append(sport)
                .append(' ')
                .append(dport)
                .append(' ')
                .append(sizeBytes)
                .append(' ')
                .append(startNs)
                .append(' ')
                .append(fctNs)
                .append(' ')
                .append(standaloneFctNs);
    }

    private static void hex8(StringBuilder sb, int v) {
        String h = Integer.toHexString(v);
        for (int i = h.length(); i < 8; i++) {
            sb.append('0');
        }
        sb.append(h);
    }

    /** Parses one fct.txt line; {@code file} and {@code line} name it in errors. */
    static HpccFctRecord parse(HpccText text, HpccText.Line l) {
        int ln = l.number();
        if (l.size() != 8) {
            throw text.error(
                    ln,
                    "fct line: expected 8 columns 'sip dip sport dport size start_ns fct_ns standalone_fct_ns', got "
                            + l.size());
        }
        return new HpccFctRecord(
                hex(text, ln, l.token(0), "sip"),
                hex(text, ln, l.token(1), "dip"),
                (int) HpccValues.uint(text, ln, l.token(2), "sport", 65_535),
                (int) HpccValues.uint(text, ln, l.token(3), "dport", 65_535),
                HpccValues.uint(text, ln, l.token(4), "size", Long.MAX_VALUE),
                HpccValues.uint(text, ln, l.token(5), "start_ns", Long.MAX_VALUE),
                HpccValues.uint(text, ln, l.token(6), "fct_ns", Long.MAX_VALUE),
                HpccValues.uint(text, ln, l.token(7), "standalone_fct_ns", Long.MAX_VALUE));
    }

    private static int hex(HpccText text, int ln, String t, String what) {
        if (t.length() == 8) {
            try {
                return Integer.parseUnsignedInt(t, 16);
            } catch (NumberFormatException e) {
                // message below
            }
        }
        throw text.error(ln, what + ": expected 8 hex digits like 0b000101, got '" + t + "'");
    }
}
