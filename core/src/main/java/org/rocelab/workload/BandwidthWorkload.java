package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.run.Fabric;
import org.rocelab.sim.Timer;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;

/**
 * perftest's bandwidth programs inside a scenario ({@code ib_write_bw}, {@code ib_read_bw},
 * {@code ib_send_bw}): for each (from, to) pair and each of {@code qps} QPs, keep
 * {@code txDepth} messages of {@code size} in flight from {@code start} until the workload ends,
 * reposting on every completion as perftest does, until {@code iterations} messages per QP
 * (perftest {@code -n}; 0 = until the workload ends). Each QP is one stream in the outputs: bytes
 * completed between its first post and its last completion.
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
    private final List<Stream> streams = new ArrayList<>();
    private PathModel paths;

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
    public void start(Fabric f) {
        paths = new PathModel(f);
        for (String[] pair : pairs) {
            for (int q = 0; q < qps; q++) {
                Stream s = new Stream(pair[0], pair[1]);
                s.pair = RdmaPair.connect(
                        f, pair[0], pair[1], sizeBytes, txDepth, s::onSendCompletion, s::onRecvCompletion);
                s.pair.srcQp.flowId(streams.size());
                Timer t = f.sim().timer(f.sim().component(name + "/" + streams.size()), now -> s.begin());
                t.scheduleAt(startPs);
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

    @Override
    public void collect(RunResult result, long runEndPs) {
        var w = result.workload(name, kind);
        long id = 0;
        for (Stream s : streams) {
            long ideal = paths.idealFctPs(s.src, s.dst, Math.max(1, s.bytes));
            if (s.bytes > 0) {
                w.add(FlowRecord.completed(id++, s.src, s.dst, s.bytes, s.firstPostPs, s.lastDonePs, ideal));
            } else {
                w.add(FlowRecord.incomplete(id++, s.src, s.dst, sizeBytes, 0, startPs, ideal));
            }
        }
    }

    /** One QP's stream of messages. */
    private final class Stream {
        final String src;
        final String dst;
        final SendWr wr = new SendWr();
        RdmaPair pair;
        long bytes;
        long firstPostPs = -1;
        long lastDonePs;
        long nextId;

        Stream(String src, String dst) {
            this.src = src;
            this.dst = dst;
        }

        void begin() {
            firstPostPs = pair.src.sim().now();
            if (opcode == WrOpcode.SEND) {
                for (int i = 0; i < txDepth; i++) {
                    pair.dstQp.postRecv(i, RdmaPair.BUFFER_VA, sizeBytes, pair.dstMr.lkey());
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
            if (wc.timePs < endPs && more()) {
                post();
            }
        }

        void onRecvCompletion(WorkCompletion wc) {
            if (opcode == WrOpcode.SEND && wc.status.ok()) {
                pair.dstQp.postRecv(wc.wrId, RdmaPair.BUFFER_VA, sizeBytes, pair.dstMr.lkey());
            }
        }
    }
}
