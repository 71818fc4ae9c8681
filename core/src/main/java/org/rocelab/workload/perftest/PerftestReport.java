package org.rocelab.workload.perftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rocelab.nic.QueuePair;
import org.rocelab.workload.RdmaPair;

/**
 * The client's output of a perftest run, in perftest's layout (roce-facts.md §6): the header
 * block of {@code ctx_print_test_info}, the local and remote address lines with their GIDs, and
 * the result block (title, one row per size, RESULT_LINE). Uses {@link PerftestFormat}.
 */
public final class PerftestReport {
    /** GID index printed when {@code -x} is not given: the RoCEv2 IPv4 entry on a typical mlx5 port. */
    public static final int DEFAULT_GID_INDEX = 3;
    /** MiB/s per Gb/s: 1e9 / 8 / 2^20. */
    private static final double MIB_PER_GBIT = 1e9 / 8 / (1 << 20);

    private PerftestReport() {}

    /** Every line the client prints. */
    public static List<String> lines(PerftestResult r) {
        List<String> out = new ArrayList<>(header(r));
        out.addAll(results(r));
        return out;
    }

    /** Header block and address lines. */
    public static List<String> header(PerftestResult r) {
        PerftestParams p = r.params();
        PerftestTest t = p.test();
        PerftestConnection c = r.connection();
        List<String> out = new ArrayList<>();
        out.add(PerftestFormat.RESULT_LINE);
        out.add(PerftestFormat.title(t.verb(), t.bandwidth(), p.bidirectional()));
        out.add(PerftestFormat.param("Dual-port", "OFF", "Device", "mlx5_0"));
        out.add(PerftestFormat.param("Number of qps", Integer.toString(p.qps()), "Transport type", "IB"));
        out.add(PerftestFormat.param("Connection type", "RC", "Using SRQ", "OFF"));
        out.add(PerftestFormat.param("PCIe relax order", "ON", null, null));
        out.add(PerftestFormat.param("ibv_wr* API", "ON", null, null));
        out.add(PerftestFormat.param("TX depth", Integer.toString(p.txDepth()), null, null));
        if (t.bandwidth()) {
            out.add(PerftestFormat.param("CQ Moderation", Integer.toString(p.cqMod()), null, null));
        }
        out.add(PerftestFormat.param("Mtu", c.pathMtu() + "[B]", null, null));
        out.add(PerftestFormat.param("Link type", "Ethernet", null, null));
        out.add(PerftestFormat.param(
                "GID index", Integer.toString(p.gidIndex() >= 0 ? p.gidIndex() : DEFAULT_GID_INDEX), null, null));
        if (t.opcode() == org.rocelab.rc.WrOpcode.RDMA_READ) {
            out.add(PerftestFormat.param(
                    "Outstand reads", Integer.toString(c.client().config().maxRdAtomic()), null, null));
        } else {
            out.add(PerftestFormat.param("Max inline data", "0[B]", null, null));
        }
        out.add(" rdma_cm QPs\t : OFF");
        out.add(PerftestFormat.param("Data ex. method", "Ethernet", null, null));
        out.add(PerftestFormat.RESULT_LINE);
        for (int q = 0; q < c.qps(); q++) {
            out.addAll(address(c, true, q, "local"));
        }
        for (int q = 0; q < c.qps(); q++) {
            out.addAll(address(c, false, q, "remote"));
        }
        return out;
    }

    private static List<String> address(PerftestConnection c, boolean client, int q, String side) {
        QueuePair qp = c.qp(client, q);
        int ip = client ? c.client().ipv4() : c.server().ipv4();
        return List.of(
                PerftestFormat.addressLine(
                        side, 0, qp.qpn(), c.psn(client, q), c.mr(client).rkey(), RdmaPair.BUFFER_VA),
                PerftestFormat.gidLine(PerftestFormat.ipv4Gid(ip)));
    }

    /** The result block: RESULT_LINE, title, rows, RESULT_LINE. */
    public static List<String> results(PerftestResult r) {
        PerftestParams p = r.params();
        List<String> out = new ArrayList<>();
        out.add(PerftestFormat.RESULT_LINE);
        if (p.test().bandwidth()) {
            out.add(PerftestFormat.bwTitle(p.reportGbits()));
            double f = p.reportGbits() ? 1 : MIB_PER_GBIT;
            for (PerftestResult.Row row : r.rows()) {
                BwProgram.BwRow b = row.bw();
                out.add(PerftestFormat.bwRow(
                        b.bytes(), b.iterations(), b.peakGbps() * f, b.avgGbps() * f, b.msgRateMpps()));
            }
        } else if (p.durationPs() > 0) {
            out.add(PerftestFormat.latDurationTitle());
            for (PerftestResult.Row row : r.rows()) {
                double seconds = row.elapsedPs() / 1e12;
                double avgUs = row.iterations() == 0
                        ? 0
                        : row.elapsedPs() / 1e6 / row.iterations() / p.test().rttFactor();
                double tps = row.iterations() / seconds;
                out.add(String.format(
                        Locale.ROOT,
                        " %-7d       %d            %-7.2f        %-7.2f",
                        row.bytes(),
                        row.iterations(),
                        avgUs,
                        tps));
            }
        } else {
            out.add(PerftestFormat.latTitle());
            for (PerftestResult.Row row : r.rows()) {
                out.add(PerftestFormat.latRow(row.bytes(), row.iterations(), row.latency()));
            }
        }
        out.add(PerftestFormat.RESULT_LINE);
        return out;
    }
}
