package org.rocelab.workload.perftest;

import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WcOpcode;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.workload.RdmaPair;

/**
 * perftest's BW loop ({@code run_iter_bw}, roce-facts.md §6.2): per QP keep up to {@code -t}
 * messages posted, one signalled completion per {@code -Q} messages (and on the last), repost as
 * completions free the queue, until {@code -n} messages per QP (or until {@code -D} ends). With
 * {@code -b} the server runs the same loop toward the client on the same QPs. Every post and
 * every signalled completion is timestamped (arrays sized before the run; nothing allocated
 * per message) to compute:
 *
 * <ul>
 *   <li>BW average = size × messages / (last completion − first post);
 *   <li>BW peak = size / min over i ≤ j of (completed[j] − posted[i]) / (j − i + 1), j over
 *       signalled completions (perftest's best per-message interval; 0 with {@code -N}/{@code -D});
 *   <li>MsgRate = messages / (last completion − first post) / 1e6.
 * </ul>
 *
 * With {@code -b} the two directions' figures are added, as perftest sums the reports it exchanges.
 */
public final class BwProgram implements PerftestProgram, PerftestConnection.Listener {
    /** Above this many messages per direction no timestamps are kept (peak reported as 0). */
    private static final long MAX_RECORDED = 4_000_000L;

    private final PerftestConnection conn;
    private final PerftestParams params;
    private final Simulation sim;
    private final boolean stopSimWhenDone;
    private final Direction[] dirs;
    private final Timer durationEnd;
    private int sizeBytes;
    private boolean done = true;
    private String error;
    private int running;

    /**
     * @param stopSimWhenDone call {@link Simulation#stop()} when the run ends (standalone runs)
     */
    public BwProgram(PerftestConnection conn, PerftestParams params, boolean stopSimWhenDone) {
        this.conn = conn;
        this.params = params;
        this.sim = conn.fabric().sim();
        this.stopSimWhenDone = stopSimWhenDone;
        this.dirs = new Direction[params.bidirectional() ? 2 : 1];
        for (int d = 0; d < dirs.length; d++) {
            dirs[d] = new Direction(d == 0);
        }
        this.durationEnd =
                sim.timer(sim.component(conn.componentName(params.test().program())), now -> finish());
    }

    @Override
    public void start(int size) {
        this.sizeBytes = size;
        this.done = false;
        this.error = null;
        conn.listener(this);
        running = dirs.length;
        if (params.test().opcode() == org.rocelab.rc.WrOpcode.SEND) {
            for (Direction d : dirs) {
                d.postReceives();
            }
        }
        for (Direction d : dirs) {
            d.begin();
        }
        if (params.durationPs() > 0) {
            durationEnd.scheduleAt(sim.now() + params.durationPs());
        }
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    public String error() {
        return error;
    }

    /** The result row of the run that just ended. */
    public BwRow row() {
        double peak = 0;
        double avg = 0;
        double rate = 0;
        long iters = 0;
        for (Direction d : dirs) {
            long msgs = d.completedMessages();
            long spanPs = d.lastCompletionPs - d.firstPostPs;
            if (spanPs > 0) {
                avg += msgs * (double) sizeBytes * 8 / spanPs * 1000;
                rate += msgs / (double) spanPs * 1e6;
            }
            peak += d.peakGbps();
            iters = params.durationPs() > 0 ? iters + msgs : params.iterations();
        }
        return new BwRow(sizeBytes, iters, params.noPeak() ? 0 : peak, avg, rate);
    }

    private void finish() {
        if (done) {
            return;
        }
        done = true;
        durationEnd.cancel();
        if (stopSimWhenDone) {
            sim.stop();
        }
    }

    @Override
    public void onCompletion(boolean client, int index, WorkCompletion wc) {
        if (done) {
            return;
        }
        if (!wc.status.ok()) {
            error = "Completion with error at " + (client ? "client" : "server") + " (" + wc.status + ")";
            finish();
            return;
        }
        if (wc.opcode == WcOpcode.RECV) {
            QueuePair qp = conn.qp(client, index);
            qp.postRecv(wc.wrId, RdmaPair.BUFFER_VA, sizeBytes, conn.mr(client).lkey());
            return;
        }
        Direction d = client ? dirs[0] : dirs[1];
        d.onSendCompletion(index, wc);
    }

    @Override
    public void onWritePlaced(boolean client, int index, long nowPs) {}

    /** One result row: Gb/s figures (the report converts to MiB/s without --report_gbits). */
    public record BwRow(long bytes, long iterations, double peakGbps, double avgGbps, double msgRateMpps) {}

    /** One direction's senders (client → server, or server → client with -b). */
    private final class Direction {
        final boolean fromClient;
        final int[] posted;
        final int[] completed;
        final SendWr wr = new SendWr();
        long[] postTimes;
        long[] completionTimes;
        int[] completionIndex;
        int totalPosted;
        int totalCompleted;
        int completionCount;
        long firstPostPs;
        long lastCompletionPs;

        Direction(boolean fromClient) {
            this.fromClient = fromClient;
            this.posted = new int[conn.qps()];
            this.completed = new int[conn.qps()];
            long n = (long) params.iterations() * conn.qps();
            if (params.durationPs() == 0 && !params.noPeak() && n <= MAX_RECORDED) {
                postTimes = new long[(int) n];
                completionTimes = new long[(int) n];
                completionIndex = new int[(int) n];
            }
        }

        void postReceives() {
            for (int q = 0; q < conn.qps(); q++) {
                QueuePair rx = conn.qp(!fromClient, q);
                int missing = PerftestConnection.RX_DEPTH - rx.postedReceives();
                for (int i = 0; i < missing; i++) {
                    rx.postRecv(
                            i,
                            RdmaPair.BUFFER_VA,
                            sizeBytes,
                            conn.mr(!fromClient).lkey());
                }
            }
        }

        void begin() {
            java.util.Arrays.fill(posted, 0);
            java.util.Arrays.fill(completed, 0);
            totalPosted = 0;
            totalCompleted = 0;
            completionCount = 0;
            firstPostPs = sim.now();
            lastCompletionPs = firstPostPs;
            for (int q = 0; q < conn.qps(); q++) {
                fill(q);
            }
        }

        boolean more(int q) {
            return params.durationPs() > 0 || posted[q] < params.iterations();
        }

        void fill(int q) {
            QueuePair qp = conn.qp(fromClient, q);
            while (more(q) && posted[q] - completed[q] < params.txDepth()) {
                int k = posted[q];
                boolean last = params.durationPs() == 0 && k + 1 == params.iterations();
                wr.wrId(k)
                        .opcode(params.test().opcode())
                        .local(
                                RdmaPair.BUFFER_VA,
                                sizeBytes,
                                conn.mr(fromClient).lkey())
                        .remote(RdmaPair.BUFFER_VA, conn.mr(!fromClient).rkey())
                        .signaled((k + 1) % params.cqMod() == 0 || last);
                if (!qp.postSend(wr)) {
                    error = "Couldn't post send: qp " + q + " scnt=" + k;
                    finish();
                    return;
                }
                if (postTimes != null) {
                    postTimes[totalPosted] = sim.now();
                }
                totalPosted++;
                posted[q]++;
            }
        }

        void onSendCompletion(int q, WorkCompletion wc) {
            int upTo = (int) wc.wrId + 1;
            int n = upTo - completed[q];
            completed[q] = upTo;
            totalCompleted += n;
            lastCompletionPs = wc.timePs;
            if (completionTimes != null) {
                completionTimes[totalCompleted - 1] = wc.timePs;
                completionIndex[completionCount++] = totalCompleted - 1;
            }
            if (params.durationPs() == 0) {
                boolean qpDone = completed[q] == params.iterations();
                if (qpDone && allDone()) {
                    if (--running == 0) {
                        finish();
                    }
                    return;
                }
            }
            fill(q);
        }

        private boolean allDone() {
            for (int c : completed) {
                if (c < params.iterations()) {
                    return false;
                }
            }
            return true;
        }

        long completedMessages() {
            return totalCompleted;
        }

        /** Best per-message interval over [posted[i], completed[j]], as Gb/s of this size. */
        double peakGbps() {
            if (completionTimes == null || completionCount == 0) {
                return 0;
            }
            long bestNum = Long.MAX_VALUE;
            long bestDen = 1;
            for (int c = 0; c < completionCount; c++) {
                int j = completionIndex[c];
                long tj = completionTimes[j];
                for (int i = 0; i <= j; i++) {
                    long num = tj - postTimes[i];
                    long den = (long) j - i + 1;
                    // num/den < bestNum/bestDen
                    if ((double) num * bestDen < (double) bestNum * den) {
                        bestNum = num;
                        bestDen = den;
                    }
                }
            }
            return bestNum <= 0 ? 0 : sizeBytes * 8.0 * bestDen / bestNum * 1000;
        }
    }
}
