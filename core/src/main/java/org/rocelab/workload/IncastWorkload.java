package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Timer;
import org.rocelab.stats.RunResult;

/**
 * Storage-style incast: every sender writes one {@code size} message into the receiver at
 * {@code start}, again every {@code interval} until the workload ends (once if the interval is
 * 0), for at most {@code rounds} rounds (0: until the workload ends). Each sender's start is shifted by a uniform jitter in [0, jitter) drawn from the workload's
 * own random stream, as real clients never fire in the same picosecond. Each message is a flow
 * with its own FCT.
 */
public final class IncastWorkload implements Workload {
    private final String name;
    private final List<String> senders;
    private final String receiver;
    private final int sizeBytes;
    private final int qps;
    private final long startPs;
    private final long intervalPs;
    private final int rounds;
    private final long jitterPs;
    private final long endPs;
    private final List<MessageFlow> flows = new ArrayList<>();
    /** One per sending QP, in the order the QPs were made. */
    private final List<Sender> qpSenders = new ArrayList<>();

    private PathModel paths;

    public IncastWorkload(
            String name,
            List<String> senders,
            String receiver,
            int sizeBytes,
            int qps,
            long startPs,
            long intervalPs,
            int rounds,
            long jitterPs,
            long endPs) {
        this.name = name;
        this.senders = senders;
        this.receiver = receiver;
        this.sizeBytes = sizeBytes;
        this.qps = Math.max(1, qps);
        this.startPs = startPs;
        this.intervalPs = intervalPs;
        this.rounds = rounds;
        this.jitterPs = jitterPs;
        this.endPs = endPs;
    }

    @Override
    public String name() {
        return name;
    }

    /** A completion writes only its own flow's end time. */
    @Override
    public boolean runsOnThreads() {
        return true;
    }

    @Override
    public String kind() {
        return "incast";
    }

    @Override
    public void start(Endpoints f) {
        paths = new PathModel(f);
        RandomStream rnd = f.sim().random(name + "/jitter");
        int idx = 0;
        for (String s : senders) {
            for (int q = 0; q < qps; q++) {
                Sender snd = new Sender(s, rnd.nextDouble() * jitterPs);
                snd.pair = RdmaPair.connect(f, s, receiver, sizeBytes, 64, snd::onCompletion, null);
                qpSenders.add(snd);
                snd.timer = f.sim().timer(f.sim().component(name + "/" + idx++), now -> snd.fire(now));
                snd.timer.scheduleAt(startPs + snd.offsetPs);
            }
        }
    }

    @Override
    public List<QueuePair> sendingQps() {
        List<QueuePair> qps = new ArrayList<>(qpSenders.size());
        for (Sender snd : qpSenders) {
            qps.add(snd.pair.srcQp);
        }
        return List.copyOf(qps);
    }

    /**
     * Reports every message; an unfinished one as having delivered its share of the bytes its QP's
     * responder placed in order (a QP's messages are placed one after the other, each {@code
     * size} bytes).
     */
    @Override
    public void collect(RunResult result, long runEndPs) {
        for (Sender snd : qpSenders) {
            long placed = snd.pair.dstQp.placedBytes();
            for (int k = 0; k < snd.sent.size(); k++) {
                MessageFlow m = snd.sent.get(k);
                if (m.endPs < 0) {
                    m.deliveredBytes = Math.max(0, Math.min(sizeBytes, placed - (long) k * sizeBytes));
                }
            }
        }
        MessageFlow.report(flows, result.workload(name, kind()), paths);
    }

    private final class Sender {
        final String src;
        final long offsetPs;
        final SendWr wr = new SendWr();
        /** This sender's messages in the order it posted them on its QP. */
        final List<MessageFlow> sent = new ArrayList<>();

        RdmaPair pair;
        Timer timer;
        int fired;

        Sender(String src, double offsetPs) {
            this.src = src;
            this.offsetPs = (long) offsetPs;
        }

        void fire(long now) {
            MessageFlow m = new MessageFlow(src, receiver, sizeBytes, now);
            flows.add(m);
            sent.add(m);
            wr.wrId(flows.size() - 1)
                    .opcode(WrOpcode.RDMA_WRITE)
                    .local(RdmaPair.BUFFER_VA, sizeBytes, pair.srcMr.lkey())
                    .remote(RdmaPair.BUFFER_VA, pair.dstMr.rkey())
                    .signaled(true);
            pair.srcQp.postSend(wr);
            fired++;
            if (intervalPs > 0 && now + intervalPs < endPs && (rounds == 0 || fired < rounds)) {
                timer.scheduleAt(now + intervalPs);
            }
        }

        void onCompletion(WorkCompletion wc) {
            if (wc.status.ok()) {
                flows.get((int) wc.wrId).endPs = wc.timePs;
            }
        }
    }
}
