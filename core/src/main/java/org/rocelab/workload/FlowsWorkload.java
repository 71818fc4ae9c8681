package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rocelab.nic.Nic;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Timer;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;

/**
 * Flows with sizes drawn from a CDF and Poisson arrivals at a target load, as the HPCC
 * simulator's traffic generator makes them (hpcc-ns3-anchor.md §2.6): each host of the set
 * starts flows with exponential inter-arrival times of mean {@code meanSize·8 / (rate·load)} to a
 * destination drawn uniformly from the other hosts. Each flow is one RDMA WRITE on its own QP
 * (a new QP pair per flow, so QP numbers are never reused within a run), which the
 * {@link FlowQpListener} hears about from the post to the completion; the sending QP's qp.csv row
 * is taken at the completion ({@link QpRowTaker}) and the pair is destroyed once idle after it
 * ({@link QpReaper}), so memory follows the flows in progress.
 */
public final class FlowsWorkload implements Workload {
    private final String name;
    private final List<String> hosts;
    private final FlowSizeCdf cdf;
    private final double load;
    private final long startPs;
    private final long endPs;
    private final List<MessageFlow> flows = new ArrayList<>();
    private PathModel paths;
    private Endpoints fabric;
    /** The NIC of each host of the set, looked up once (a flow start forms or hashes no name). */
    private Nic[] nics;

    private FlowQpListener qpListener = FlowQpListener.NONE;
    private QpRowTaker qpRows = QpRowTaker.NONE;
    private final QpReaper reaper = new QpReaper();

    public FlowsWorkload(String name, List<String> hosts, FlowSizeCdf cdf, double load, long startPs, long endPs) {
        if (hosts.size() < 2) {
            throw new IllegalArgumentException("workload " + name + ": flows needs at least 2 hosts");
        }
        this.name = name;
        this.hosts = hosts;
        this.cdf = cdf;
        this.load = load;
        this.startPs = startPs;
        this.endPs = endPs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return "flows";
    }

    @Override
    public void start(Endpoints f) {
        this.fabric = f;
        paths = new PathModel(f);
        nics = new Nic[hosts.size()];
        for (int i = 0; i < nics.length; i++) {
            nics[i] = f.nic(hosts.get(i));
        }
        for (String h : hosts) {
            Source s = new Source(h, f.sim().random(name + "/" + h));
            s.timer = f.sim().timer(f.sim().component(name + "/" + h), now -> s.arrive(now));
            s.timer.scheduleAt(startPs + s.nextGapPs());
        }
    }

    @Override
    public void flowQps(FlowQpListener listener) {
        this.qpListener = listener;
    }

    /** Completions write their own flow's record and defer the shared ones ({@link #done}). */
    @Override
    public boolean runsOnThreads() {
        return true;
    }

    @Override
    public void qpRows(QpRowTaker taker) {
        this.qpRows = taker;
    }

    @Override
    public List<QpRecord> flowQpRows() {
        List<QpRecord> rows = new ArrayList<>();
        for (MessageFlow m : flows) {
            Supplier<QpRecord> row = m.pair != null ? qpRows.take(m.pair.srcQp) : m.qpRow;
            if (row != null) {
                rows.add(row.get());
            }
        }
        return rows;
    }

    @Override
    public void collect(RunResult result, long runEndPs) {
        MessageFlow.report(flows, result.workload(name, kind()), paths);
    }

    private final class Source {
        final String host;
        final Nic nic;
        final FlowArrivals arrivals;
        Timer timer;

        Source(String host, RandomStream rnd) {
            this.host = host;
            this.nic = fabric.nic(host);
            long rate = nic.port().rateBps();
            this.arrivals = new FlowArrivals(hosts.size(), hosts.indexOf(host), cdf, load, rate, rnd);
        }

        long nextGapPs() {
            return arrivals.nextGapPs();
        }

        void arrive(long now) {
            reaper.reap(now);
            int d = arrivals.nextDestination();
            long size = arrivals.nextSizeBytes();
            MessageFlow m = new MessageFlow(host, hosts.get(d), size, now);
            flows.add(m);
            int idx = flows.size() - 1;
            RdmaPair pair = RdmaPair.connect(fabric, nic, nics[d], size, 4, wc -> done(idx, wc), null);
            SendWr wr = new SendWr()
                    .wrId(idx)
                    .opcode(WrOpcode.RDMA_WRITE)
                    .local(RdmaPair.BUFFER_VA, (int) size, pair.srcMr.lkey())
                    .remote(RdmaPair.BUFFER_VA, pair.dstMr.rkey());
            m.pair = pair;
            pair.srcQp.postSend(wr);
            m.qpToken = qpListener.flowStarted(pair.srcQp);
            long next = now + nextGapPs();
            if (next < endPs) {
                timer.scheduleAt(next);
            }
        }

        void done(int idx, WorkCompletion wc) {
            MessageFlow m = flows.get(idx);
            if (wc.status.ok()) {
                m.endPs = wc.timePs;
            }
            long timePs = wc.timePs;
            // the sender's counters now, in its partition; the responder's and the workload's
            // shared records after the window on threads, in partition order
            Map<String, Long> senderMetrics = qpRows == QpRowTaker.NONE ? Map.of() : m.pair.srcQp.metrics();
            fabric.sim().serially(() -> {
                qpListener.flowEnded(m.qpToken);
                m.qpToken = -1;
                m.qpRow = qpRows.take(m.pair.srcQp, senderMetrics);
                reaper.completed(m.pair, timePs);
                m.pair = null;
            });
        }
    }
}
