package org.rocelab.workload.perftest;

import java.util.Locale;

/**
 * perftest's text layout, line for line (linux-rdma/perftest src/perftest_parameters.c
 * {@code ctx_print_test_info}, {@code print_report_bw}, {@code print_report_lat};
 * roce-facts.md §6): the 87-dash result line, the test title, the parameter block with its
 * tab separators, the address lines with C's {@code %#x} formatting, and the result rows.
 */
public final class PerftestFormat {
    /** perftest's RESULT_LINE: 87 dashes. */
    public static final String RESULT_LINE = "-".repeat(87);

    private PerftestFormat() {}

    /** The title line, e.g. {@code "                    RDMA_Write BW Test"}. */
    public static String title(String verb, boolean bandwidth, boolean bidirectional) {
        return " ".repeat(20) + verb + " " + (bidirectional ? "Bidirectional " : "") + (bandwidth ? "BW " : "Latency ")
                + "Test";
    }

    /** The BW result title, in Gb/s with {@code --report_gbits}, else MiB/s (current HEAD). */
    public static String bwTitle(boolean gbits) {
        String unit = gbits ? "Gb/sec" : "MiB/sec";
        return " #bytes     #iterations    BW peak[" + unit + "]    BW average[" + unit + "]   MsgRate[Mpps]";
    }

    /** One BW result row: {@code REPORT_FMT " %-7lu    %-10lu       %-7.2lf            %-7.2lf\t\t     %-7.6lf"}. */
    public static String bwRow(long bytes, long iterations, double peak, double average, double msgRateMpps) {
        return String.format(
                Locale.ROOT,
                " %-7d    %-10d       %-7.2f            %-7.2f\t\t     %-7.6f",
                bytes,
                iterations,
                peak,
                average,
                msgRateMpps);
    }

    /** The latency result title. */
    public static String latTitle() {
        return " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   "
                + "99% percentile[usec]   99.9% percentile[usec] ";
    }

    /** One latency row ({@code REPORT_FMT_LAT}). */
    public static String latRow(long bytes, long iterations, LatencyStats s) {
        return String.format(
                Locale.ROOT,
                " %-7d %d          %-7.2f        %-7.2f      %-7.2f  \t       %-7.2f     \t%-7.2f\t\t%-7.2f \t\t%-7.2f",
                bytes,
                iterations,
                s.minUs(),
                s.maxUs(),
                s.typicalUs(),
                s.avgUs(),
                s.stdevUs(),
                s.p99Us(),
                s.p999Us());
    }

    /** The duration-mode ({@code -D}) latency title. */
    public static String latDurationTitle() {
        return " #bytes        #iterations       t_avg[usec]    tps average";
    }

    /** One parameter line of the header block: name padded to 16, value, optional second pair after two tabs. */
    public static String param(String name, String value, String name2, String value2) {
        String left = String.format(Locale.ROOT, " %-16s: %s", name, value);
        if (name2 == null) {
            return left;
        }
        return left + "\t\t" + String.format(Locale.ROOT, "%-15s: %s", name2, value2);
    }

    /** C's {@code %#0Nx}: "0x" plus zero-padded hex within width N, but plain zeros for 0. */
    public static String cHex(long value, int width) {
        String hex = Long.toHexString(value);
        if (value == 0) {
            return "0".repeat(Math.max(1, width));
        }
        int digits = Math.max(hex.length(), width - 2);
        return "0x" + "0".repeat(digits - hex.length()) + hex;
    }

    /**
     * An address line: {@code " local address: LID 0000 QPN 0x0154 PSN 0x76f7ac RKey 0x1bdfdf VAddr 0x007f3e25da2000"}.
     */
    public static String addressLine(String side, int lid, int qpn, int psn, int rkey, long vaddr) {
        return " " + side + " address: LID " + cHex(lid, 4) + " QPN " + cHex(qpn, 6) + " PSN " + cHex(psn, 6) + " RKey "
                + cHex(rkey & 0xFFFFFFFFL, 8) + " VAddr " + cHex(vaddr, 16);
    }

    /** A GID line; bytes printed with {@code %02d}, i.e. decimal, as perftest does. */
    public static String gidLine(byte[] gid) {
        StringBuilder sb = new StringBuilder(" GID: ");
        for (int i = 0; i < gid.length; i++) {
            if (i > 0) {
                sb.append(':');
            }
            sb.append(String.format(Locale.ROOT, "%02d", gid[i] & 0xFF));
        }
        return sb.toString();
    }

    /** The IPv4-mapped RoCEv2 GID of an IPv4 address (::ffff:a.b.c.d). */
    public static byte[] ipv4Gid(int ip) {
        byte[] g = new byte[16];
        g[10] = (byte) 0xFF;
        g[11] = (byte) 0xFF;
        g[12] = (byte) (ip >>> 24);
        g[13] = (byte) (ip >>> 16);
        g[14] = (byte) (ip >>> 8);
        g[15] = (byte) ip;
        return g;
    }
}
