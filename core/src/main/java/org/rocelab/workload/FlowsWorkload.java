package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.rocelab.nic.Nic;
import org.rocelab.nic.QpMetrics;
import org.rocelab.nic.WorkCompletion;
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
 * ({@link QpReaper}), so memory follows the flows in progress. A global set-up makes the pairs up to
 * {@link FlowStarter#SET_UP_AHEAD_PS} ahead; each host's starter, in the host's partition of a
 * windowed run, posts the WRITE at the arrival, so arrivals do not cut windows
 * (docs/architecture.md, "Windows and threads"). No arrival comes at or after the workload's end.
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

    /** The hosts' arrival processes, in the order of the hosts (the order of their arrivals at one instant). */
    private Source[] sources;
    /**
     * The global set-up: makes the QP pairs of the flows arriving within {@link
     * FlowStarter#SET_UP_AHEAD_PS}.
     */
    private Timer setUp;

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
        setUp = f.sim().timer(f.sim().component(name + "/set-up"), this::setUpDue);
        sources = new Source[hosts.size()];
        for (int i = 0; i < sources.length; i++) {
            String h = hosts.get(i);
            Source s = new Source(h, f.sim().random(name + "/" + h));
            s.starter = new FlowStarter(
                    f.sim(),
                    f.hostTimerComponent(s.nic, name + "/" + h),
                    idx -> flows.get(idx).pair.postWrite(idx, (int) flows.get(idx).sizeBytes));
            s.nextArrivalPs = startPs + s.nextGapPs();
            sources[i] = s;
        }
        scheduleSetUp();
    }

    /**
     * The global set-up: destroys the finished pairs due ({@link QpReaper}), then draws each host's
     * arrivals within {@link FlowStarter#SET_UP_AHEAD_PS} (destination, size, next gap: the draws of
     * its own stream, in the order an arrival made them) and makes their flows and QP pairs in the
     * order the arrivals would have fired (time, then host order), so flow indices, QP numbers and
     * keys are those of a run that made each pair at its arrival; each host's starter posts the
     * WRITE at the arrival. Only the set-up touches both ends of a flow and the workload's shared
     * records, so only it cuts the windows of a windowed run: at most once per {@link
     * FlowStarter#SET_UP_AHEAD_PS}.
     */
    private void setUpDue(long now) {
        reaper.reap(now);
        long horizon = Math.min(endPs, now + FlowStarter.SET_UP_AHEAD_PS);
        List<long[]> due = new ArrayList<>();
        for (int i = 0; i < sources.length; i++) {
            Source s = sources[i];
            while (s.nextArrivalPs < horizon) {
                int d = s.arrivals.nextDestination();
                long size = s.arrivals.nextSizeBytes();
                due.add(new long[] {s.nextArrivalPs, i, d, size});
                s.nextArrivalPs += s.nextGapPs();
            }
        }
        due.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (long[] a : due) {
            sources[(int) a[1]].setUp(a[0], (int) a[2], a[3]);
        }
        scheduleSetUp();
    }

    /** Schedules the next set-up at the earliest arrival not set up, if any comes before the end. */
    private void scheduleSetUp() {
        long next = Long.MAX_VALUE;
        for (Source s : sources) {
            next = Math.min(next, s.nextArrivalPs);
        }
        if (next < endPs) {
            setUp.scheduleAt(next);
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

    /**
     * Reports every flow; an unfinished one as having delivered the bytes its responder placed in
     * order (all of them when the message completed there and only acknowledgements are still on
     * their way).
     */
    @Override
    public void collect(RunResult result, long runEndPs) {
        for (MessageFlow m : flows) {
            if (m.endPs < 0 && m.pair != null) {
                m.deliveredBytes = Math.min(m.sizeBytes, m.pair.dstQp.placedBytes());
            }
        }
        MessageFlow.report(flows, result.workload(name, kind()), paths);
    }

    private final class Source {
        final String host;
        final Nic nic;
        final FlowArrivals arrivals;
        /** Posts this host's flows at their arrivals, in the host's partition. */
        FlowStarter starter;
        /** The next arrival not set up. */
        long nextArrivalPs;

        Source(String host, RandomStream rnd) {
            this.host = host;
            this.nic = fabric.nic(host);
            long rate = nic.port().rateBps();
            this.arrivals = new FlowArrivals(hosts.size(), hosts.indexOf(host), cdf, load, rate, rnd);
        }

        long nextGapPs() {
            return arrivals.nextGapPs();
        }

        /** Makes the flow arriving at {@code atPs} to host {@code d} and its QP pair; posts nothing. */
        void setUp(long atPs, int d, long size) {
            MessageFlow m = new MessageFlow(host, hosts.get(d), size, atPs);
            flows.add(m);
            int idx = flows.size() - 1;
            m.pair = RdmaPair.connect(fabric, nic, nics[d], size, 4, wc -> done(idx, wc), null);
            // an arrival fired before the sampler at its instant: read from that sample on
            m.qpToken = qpListener.flowSetUp(m.pair.srcQp, atPs, atPs);
            starter.add(idx, atPs);
        }

        void done(int idx, WorkCompletion wc) {
            MessageFlow m = flows.get(idx);
            if (wc.status.ok()) {
                m.endPs = wc.timePs;
            }
            long timePs = wc.timePs;
            // the sender's counters now, in its partition; the responder's and the workload's
            // shared records after the window on threads, in partition order
            QpMetrics senderMetrics = qpRows == QpRowTaker.NONE ? QpMetrics.NONE : m.pair.srcQp.snapshot();
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
