package org.rocelab.scenario;

import java.util.List;

/**
 * One workload ({@code workloads[i]}; DESIGN.md §3). Fields a kind does not use hold their
 * neutral value (empty list, 0, -1).
 *
 * @param name {@code name}, default {@code <kind>-<index>} (e.g. {@code ib_write_bw-0})
 * @param kind what runs
 * @param from senders (perftest clients, incast senders, TCP senders), in order
 * @param to receiver of each sender, same length as {@code from} ({@code to: h0} is repeated)
 * @param hosts the group for {@code flows} and {@code allreduce} (default all hosts)
 * @param sizeBytes message size: perftest {@code -s} (default 65536 for BW, 2 for latency),
 *     incast bytes per sender per round (default 64 KiB), allreduce buffer (default 1 MiB),
 *     tcp bytes per stream (0 = unlimited)
 * @param qps QPs per sender-receiver pair (perftest {@code -q}, default 1)
 * @param startPs start time, ps (default 0)
 * @param intervalPs incast: time between rounds, ps (0 = one round)
 * @param iterations perftest {@code -n} (default 5000 for ib_write_bw, 1000 otherwise), incast
 *     rounds (default 1), allreduce iterations (default 1); 0 when {@code durationPs} is set
 * @param durationPs perftest {@code -D} or flows generation window, ps (0 = not set)
 * @param txDepth perftest {@code -t} (default 128 for BW, 1 for latency)
 * @param bidirectional perftest {@code -b}
 * @param cdf flows: the flow-size CDF as read at load (an inline table, a file, a published name); null
 *     otherwise
 * @param load flows: offered load as a fraction of host link rate, (0, 1]
 * @param algorithm allreduce algorithm ({@code ring}), tcp congestion control ({@code newreno} or
 *     {@code dctcp}); null otherwise
 * @param streams tcp: parallel streams per pair (default 1)
 * @param tc priority the workload's traffic uses (PCP and NIC egress TC), -1 = the NIC's {@code pcp}
 * @param dscp DSCP the workload's packets carry, -1 = the NIC's {@code dscp} (tcp: 0)
 * @param rxCpuPs ib_send_bw: the receiving program's CPU time per receive completion (poll it,
 *     handle it, post the receive again), ps; completions are handled one after another
 *     (default 0: the receive is posted again the instant it completes); ib_write_bw too with
 *     {@code writeWithImm}
 * @param writeWithImm ib_write_bw: perftest {@code --write_with_imm}, RDMA WRITE with immediate,
 *     each consuming a receive the receiving program posted (default false)
 */
public record WorkloadSpec(
        String name,
        WorkloadKind kind,
        List<String> from,
        List<String> to,
        List<String> hosts,
        long sizeBytes,
        int qps,
        long startPs,
        long intervalPs,
        int iterations,
        long durationPs,
        int txDepth,
        boolean bidirectional,
        FlowSizeTable cdf,
        double load,
        String algorithm,
        int streams,
        int tc,
        int dscp,
        long rxCpuPs,
        boolean writeWithImm) {
    public WorkloadSpec {
        from = List.copyOf(from);
        to = List.copyOf(to);
        hosts = List.copyOf(hosts);
    }

    /**
     * Whether the receiver's program consumes a posted receive per message and reposts it (IBA vol.
     * 1 §9.4, §10.8.2): {@code ib_send_bw}, and {@code ib_write_bw} with immediate (perftest
     * {@code --write_with_imm} posts receives at the server, {@code ctx_set_recv_wqes}).
     */
    public boolean consumesReceives() {
        return kind == WorkloadKind.IB_SEND_BW || (kind == WorkloadKind.IB_WRITE_BW && writeWithImm);
    }
}
