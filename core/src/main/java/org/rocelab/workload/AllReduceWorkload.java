package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.KeyedLog;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.stats.RunResult;

/**
 * Ring all-reduce of {@code size} bytes over a host group, as NCCL's ring algorithm moves data:
 * 2(n − 1) steps (reduce-scatter then all-gather), in each of which every rank writes one chunk
 * of size/n to its right neighbour (RDMA WRITE with immediate, so the neighbour sees a
 * completion). A rank starts step k + 1 when its own step-k write completed and the step-k chunk
 * from its left neighbour arrived. Iterations follow back to back. Each rank's iteration is a
 * flow of 2(n − 1)/n × size bytes; nccl-tests' bus bandwidth equals that flow's goodput.
 *
 * <p>On threads ({@link #runsOnThreads}): a rank's state is written only by its own host's events
 * (its write's completion, its left neighbour's chunk landing in its receive queue, both on its
 * host) and by the global start timer; the iterations it begins go to a {@link KeyedLog}, read in
 * the order the events that began them fire.
 */
public final class AllReduceWorkload implements Workload {
    private final String name;
    private final List<String> ranks;
    private final long sizeBytes;
    private final int iterations;
    private final long startPs;
    private final KeyedLog<MessageFlow> flows = new KeyedLog<>();
    private Rank[] ring;
    private PathModel paths;
    private Simulation sim;

    public AllReduceWorkload(String name, List<String> ranks, long sizeBytes, int iterations, long startPs) {
        if (ranks.size() < 2) {
            throw new IllegalArgumentException("workload " + name + ": allreduce needs at least 2 hosts");
        }
        this.name = name;
        this.ranks = ranks;
        this.sizeBytes = sizeBytes;
        this.iterations = Math.max(1, iterations);
        this.startPs = startPs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return "allreduce";
    }

    private int steps() {
        return 2 * (ranks.size() - 1);
    }

    private int chunkBytes() {
        return (int) Math.max(1, sizeBytes / ranks.size());
    }

    @Override
    public void start(Endpoints f) {
        paths = new PathModel(f);
        sim = f.sim();
        int n = ranks.size();
        ring = new Rank[n];
        for (int i = 0; i < n; i++) {
            ring[i] = new Rank(i);
        }
        for (int i = 0; i < n; i++) {
            Rank r = ring[i];
            Rank right = ring[(i + 1) % n];
            r.toRight = RdmaPair.connect(
                    f, ranks.get(i), ranks.get((i + 1) % n), chunkBytes(), 64, r::onSend, right::onRecv);
        }
        Timer t = f.sim().timer(f.sim().component(name + "/start"), now -> {
            for (Rank r : ring) {
                r.beginIteration(now);
            }
        });
        t.scheduleAt(startPs);
    }

    @Override
    public List<QueuePair> sendingQps() {
        List<QueuePair> out = new ArrayList<>();
        if (ring != null) {
            for (Rank r : ring) {
                out.add(r.toRight.srcQp);
            }
        }
        return out;
    }

    @Override
    public boolean runsOnThreads() {
        return true;
    }

    @Override
    public void collect(RunResult result, long runEndPs) {
        MessageFlow.report(flows.inOrder(), result.workload(name, kind()), paths);
    }

    private final class Rank {
        final int index;
        final SendWr wr = new SendWr();
        RdmaPair toRight;
        int iteration;
        int step;
        boolean sendDone;
        int chunksIn;
        MessageFlow current;

        Rank(int index) {
            this.index = index;
        }

        void beginIteration(long now) {
            // the receive side of the left neighbour's pair needs posted receives for WRITE_WITH_IMM
            RdmaPair fromLeft = ring[(index + ring.length - 1) % ring.length].toRight;
            for (int i = 0; i < steps(); i++) {
                fromLeft.dstQp.postRecv(i, RdmaPair.BUFFER_VA, 0, fromLeft.dstMr.lkey());
            }
            current = new MessageFlow(
                    ranks.get(index), ranks.get((index + 1) % ranks.size()), (long) chunkBytes() * steps(), now);
            flows.add(current, sim.now(), sim.eventTie());
            step = 0;
            chunksIn = 0;
            sendStep();
        }

        void sendStep() {
            sendDone = false;
            wr.wrId(step)
                    .opcode(WrOpcode.RDMA_WRITE_WITH_IMM)
                    .local(RdmaPair.BUFFER_VA, chunkBytes(), toRight.srcMr.lkey())
                    .remote(RdmaPair.BUFFER_VA, toRight.dstMr.rkey())
                    .imm(step)
                    .signaled(true);
            toRight.srcQp.postSend(wr);
        }

        void onSend(WorkCompletion wc) {
            if (wc.status.ok()) {
                current.deliveredBytes += chunkBytes();
                sendDone = true;
                advance(wc.timePs);
            }
        }

        void onRecv(WorkCompletion wc) {
            if (wc.status.ok()) {
                chunksIn++;
                advance(wc.timePs);
            }
        }

        private void advance(long now) {
            while (sendDone && chunksIn > step) {
                step++;
                if (step == steps()) {
                    current.endPs = now;
                    iteration++;
                    if (iteration < iterations) {
                        beginIteration(now);
                    }
                    return;
                }
                sendStep();
            }
        }
    }
}
