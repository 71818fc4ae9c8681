package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.ToIntFunction;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Timer;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.StallRule;

/**
 * perftest's bandwidth programs inside a scenario ({@code ib_write_bw}, {@code ib_read_bw},
 * {@code ib_send_bw}): for each (from, to) pair and each of {@code qps} QPs, keep
 * {@code txDepth} messages of {@code size} in flight from {@code start} until the workload ends,
 * reposting on every completion as perftest does, until {@code iterations} messages per QP
 * (perftest {@code -n}; 0 = until the workload ends). Each QP is one stream in the outputs
 * ({@link #collect}).
 *
 * <p>Receives ({@code ib_send_bw}, and {@code ib_write_bw} with {@code write_with_imm}: perftest
 * {@code --write_with_imm}, an RDMA WRITE with immediate consumes a receive, IBA vol. 1 §9.4,
 * §10.8.2): the receiver posts {@code rq_depth}
 * receive WQEs (its NIC's {@code nic.rq_depth}, perftest's rx depth) before the first SEND. Each
 * receive completion is handled by the receiving program, one after another, for
 * {@code rx_cpu_time} each (poll the CQE, handle it, {@code ibv_post_recv} again): a single-threaded
 * poll loop is a server with that service time. With the default 0 the receive is posted again the
 * instant it completes, so the posted receives never fall below {@code rq_depth} and no SEND finds
 * the queue empty. A receiver slower than the sender runs its queue dry: the responder answers with
 * an RNR NAK ({@code out_of_buffer}) and the requester waits {@code min_rnr_timer} and retries
 * (IBA §9.7.5.2.8).
 */
public final class BandwidthWorkload implements Workload {
    private final String name;
    private final String kind;
    private final WrOpcode opcode;
    private final List<String[]> pairs;
    private final int qps;
    private final int sizeBytes;
    private final int txDepth;
    private final long startPs;
    private final long endPs;
    private final int iterations;
    private final ToIntFunction<String> rqDepth;
    private final long rxCpuPs;
    private final ToIntFunction<String> cqDepth;
    private final List<Stream> streams = new ArrayList<>();
    private PathModel paths;
    private org.rocelab.sim.Simulation sim;
    private IntConsumer qpDone = i -> {};

    public BandwidthWorkload(
            String name,
            String kind,
            WrOpcode opcode,
            List<String[]> pairs,
            int qps,
            int sizeBytes,
            int txDepth,
            long startPs,
            long endPs,
            int iterations) {
        this(name, kind, opcode, pairs, qps, sizeBytes, txDepth, startPs, endPs, iterations, h -> txDepth, 0, h -> 0);
    }

    /**
     * @param rqDepth the receive-queue depth of a receiving host ({@code nic.rq_depth}); used by SEND
     * @param rxCpuPs the receiver's time per receive completion before it posts the receive again, ps
     * @param cqDepth the CQ depth of a receiving host ({@code nic.cq_depth}; 0 = sized from the queues)
     */
    public BandwidthWorkload(
            String name,
            String kind,
            WrOpcode opcode,
            List<String[]> pairs,
            int qps,
            int sizeBytes,
            int txDepth,
            long startPs,
            long endPs,
            int iterations,
            ToIntFunction<String> rqDepth,
            long rxCpuPs,
            ToIntFunction<String> cqDepth) {
        this.name = name;
        this.kind = kind;
        this.opcode = opcode;
        this.pairs = pairs;
        this.qps = qps;
        this.sizeBytes = sizeBytes;
        this.txDepth = txDepth;
        this.startPs = startPs;
        this.endPs = endPs;
        this.iterations = iterations;
        this.rqDepth = rqDepth;
        this.rxCpuPs = rxCpuPs;
        this.cqDepth = cqDepth;
    }

    /** SEND and RDMA WRITE with immediate consume a receive the receiver posted (IBA vol. 1 §9.4). */
    private boolean consumesReceives() {
        return opcode == WrOpcode.SEND || opcode == WrOpcode.RDMA_WRITE_WITH_IMM;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public void start(Endpoints f) {
        paths = new PathModel(f);
        sim = f.sim();
        for (String[] pair : pairs) {
            for (int q = 0; q < qps; q++) {
                Stream s = new Stream(pair[0], pair[1], streams.size());
                int recvDepth = consumesReceives() ? rqDepth.applyAsInt(pair[1]) : txDepth;
                s.recvDepth = recvDepth;
                int cq = cqDepth.applyAsInt(pair[1]);
                s.pair = RdmaPair.connect(
                        f,
                        pair[0],
                        pair[1],
                        sizeBytes,
                        txDepth,
                        recvDepth,
                        cq > 0 ? cq : Math.max(64, 2 * Math.max(txDepth, recvDepth)),
                        s::onSendCompletion,
                        s::onRecvCompletion);
                s.pair.srcQp.flowId(streams.size());
                Timer t = f.sim().timer(f.sim().component(name + "/" + streams.size()), now -> s.begin());
                t.scheduleAt(startPs);
                if (consumesReceives() && rxCpuPs > 0) {
                    s.rxPoll = f.sim().timer(f.sim().component(name + "/" + streams.size() + "/rx"), now -> s.polled());
                }
                streams.add(s);
            }
        }
    }

    /** The requester QPs; for ib_read_bw the responders, which send the READ responses. */
    @Override
    public List<QueuePair> sendingQps() {
        List<QueuePair> out = new ArrayList<>();
        for (Stream s : streams) {
            out.add(opcode == WrOpcode.RDMA_READ ? s.pair.dstQp : s.pair.srcQp);
        }
        return out;
    }

    /**
     * A stream's send side (its requester's completions) and receive side (its responder's) write
     * disjoint fields, each in its own host's partition; the end of a QP's series is deferred
     * ({@code Simulation.serially}). A receiving program with {@code rx_cpu_time} polls through a
     * global timer scheduled from the receiver's events, which threads cannot order.
     */
    @Override
    public boolean runsOnThreads() {
        return rxCpuPs == 0;
    }

    /** A stream's sending QP is done when its last message completed and it posts no more. */
    @Override
    public void sendingQpsDone(IntConsumer done) {
        this.qpDone = done;
    }

    /**
     * One flow per stream. A stream is completed when it completed its {@code iterations}, or, cut
     * by the end of its duration or of the run, when its last completion came within
     * {@link StallRule#streamWindowPs} of that end (it was still moving); otherwise it is reported
     * unfinished with the bytes it delivered. In duration mode (perftest {@code -D}) goodput is the
     * bytes completed within the duration over the duration, as perftest reports it.
     */
    @Override
    public void collect(RunResult result, long runEndPs) {
        var w = result.workload(name, kind).streams(true);
        long end = Math.min(endPs, runEndPs);
        if (iterations <= 0) {
            w.measuredOver(startPs, Math.max(startPs, end));
        }
        long id = 0;
        for (Stream s : streams) {
            long bytes = s.bytesByEnd;
            long ideal = paths.idealFctPs(s.src, s.dst, Math.max(1, bytes));
            boolean allDone = iterations > 0 && s.completions >= iterations;
            long window = StallRule.streamWindowPs(
                    paths.baseRttPs(s.src, s.dst), s.lastDoneByEndPs - s.firstPostPs, s.completionsByEnd);
            boolean moving = s.completionsByEnd > 0 && end - s.lastDoneByEndPs <= window;
            if (allDone) {
                w.add(FlowRecord.completed(id++, s.src, s.dst, s.bytes, s.firstPostPs, s.lastDonePs, ideal));
            } else if (moving) {
                w.add(FlowRecord.completed(id++, s.src, s.dst, bytes, s.firstPostPs, s.lastDoneByEndPs, ideal));
            } else {
                long posted = Math.max(Math.max(1, bytes), s.nextId * (long) sizeBytes);
                long start = s.firstPostPs >= 0 ? s.firstPostPs : startPs;
                w.add(FlowRecord.incomplete(id++, s.src, s.dst, posted, bytes, start, ideal));
            }
        }
    }

    /** One QP's stream of messages. */
    private final class Stream {
        final String src;
        final String dst;
        /** Index in {@link #streams} (and in {@link #sendingQps}). */
        final int index;

        final SendWr wr = new SendWr();
        RdmaPair pair;
        long bytes;
        long firstPostPs = -1;
        long lastDonePs;
        long nextId;
        long completions;
        /** Bytes, count and time of the completions up to the workload's end. */
        long bytesByEnd;

        long completionsByEnd;
        long lastDoneByEndPs;
        /** Receive WQEs posted before the first SEND (the receiver's rq_depth). */
        int recvDepth;
        /** The receiving program's poll loop (null when it reposts at once). */
        Timer rxPoll;
        /** Receive completions not yet handled by the receiving program (unpolled CQEs). */
        int rxBacklog;

        long nextRecvId;

        Stream(String src, String dst, int index) {
            this.src = src;
            this.dst = dst;
            this.index = index;
        }

        void begin() {
            firstPostPs = pair.src.sim().now();
            if (consumesReceives()) {
                for (int i = 0; i < recvDepth; i++) {
                    pair.dstQp.postRecv(nextRecvId++, RdmaPair.BUFFER_VA, sizeBytes, pair.dstMr.lkey());
                }
            }
            for (int i = 0; i < txDepth && more(); i++) {
                post();
            }
        }

        boolean more() {
            return iterations <= 0 || nextId < iterations;
        }

        void post() {
            wr.wrId(nextId++)
                    .opcode(opcode)
                    .local(RdmaPair.BUFFER_VA, sizeBytes, pair.srcMr.lkey())
                    .remote(RdmaPair.BUFFER_VA, pair.dstMr.rkey())
                    .signaled(true);
            pair.srcQp.postSend(wr);
        }

        void onSendCompletion(WorkCompletion wc) {
            if (!wc.status.ok()) {
                return;
            }
            bytes += wc.byteLen;
            lastDonePs = wc.timePs;
            completions++;
            if (wc.timePs <= endPs) {
                bytesByEnd += wc.byteLen;
                completionsByEnd++;
                lastDoneByEndPs = wc.timePs;
            }
            if (wc.timePs < endPs && more()) {
                post();
            } else if (completions == nextId) {
                // nothing in flight and nothing more to post: the stream's work is done; its series
                // end in the shared sampler, after the window on threads
                sim.serially(() -> qpDone.accept(index));
            }
        }

        void onRecvCompletion(WorkCompletion wc) {
            if (!consumesReceives() || !wc.status.ok()) {
                return;
            }
            if (rxPoll == null) {
                pair.dstQp.postRecv(wc.wrId, RdmaPair.BUFFER_VA, sizeBytes, pair.dstMr.lkey());
                return;
            }
            rxBacklog++;
            if (rxPoll.pending()) {
                pair.dstCq().leaveUnpolled(); // busy with an earlier one: the CQE waits in the CQ
            } else {
                rxPoll.scheduleIn(rxCpuPs);
            }
        }

        /**
         * The receiving program finished one completion: it posts the receive again and polls the
         * next. After a CQ overrun ({@code IBV_EVENT_CQ_ERR}) its QP is in error and it stops.
         */
        void polled() {
            rxBacklog--;
            if (pair.dstCq().inError()) {
                rxBacklog = 0;
                return;
            }
            pair.dstQp.postRecv(nextRecvId++, RdmaPair.BUFFER_VA, sizeBytes, pair.dstMr.lkey());
            if (rxBacklog > 0) {
                pair.dstCq().pollLeft();
                rxPoll.scheduleIn(rxCpuPs);
            }
        }
    }
}
