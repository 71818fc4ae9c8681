package org.rocelab.workload.perftest;

import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.nic.WcOpcode;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.workload.RdmaPair;

/**
 * perftest's latency loops on QP 0 (roce-facts.md §6.2), timestamping every client post:
 *
 * <ul>
 *   <li>{@code ib_write_lat} ({@code run_iter_lat_write}): the client writes first; each side
 *       writes to the other as soon as it sees the peer's write land in its buffer (perftest
 *       polls the buffer's last byte; here {@link QueuePair#onWritePlaced});
 *   <li>{@code ib_send_lat}: SEND / receive ping-pong, receives pre-posted and re-posted;
 *   <li>{@code ib_read_lat}: the client posts a READ, waits for its completion, posts the next.
 * </ul>
 *
 * Each of the {@code -n} iterations is one client post; the {@code -n} − 1 deltas between posts
 * go to {@link LatencyStats} with the test's RTT factor. With {@code -D} the loop runs for the
 * duration and only counts iterations.
 */
public final class LatencyProgram implements PerftestProgram, PerftestConnection.Listener {
    private final PerftestConnection conn;
    private final PerftestParams params;
    private final Simulation sim;
    private final boolean stopSimWhenDone;
    private final SendWr wr = new SendWr();
    private final Timer durationEnd;
    private final long[] postTimes;
    private int sizeBytes;
    private int clientPosts;
    private int serverPosts;
    private int clientSeen;
    private long startPs;
    private long endPs;
    private boolean done = true;
    private String error;

    public LatencyProgram(PerftestConnection conn, PerftestParams params, boolean stopSimWhenDone) {
        this.conn = conn;
        this.params = params;
        this.sim = conn.fabric().sim();
        this.stopSimWhenDone = stopSimWhenDone;
        this.postTimes = params.durationPs() > 0 ? null : new long[params.iterations()];
        this.durationEnd =
                sim.timer(sim.component(conn.componentName(params.test().program())), now -> finish());
    }

    @Override
    public void start(int size) {
        this.sizeBytes = size;
        done = false;
        error = null;
        clientPosts = 0;
        serverPosts = 0;
        clientSeen = 0;
        startPs = sim.now();
        conn.listener(this);
        if (params.test().opcode() == WrOpcode.SEND) {
            for (boolean side : new boolean[] {true, false}) {
                QueuePair qp = conn.qp(side, 0);
                int missing = PerftestConnection.RX_DEPTH - qp.postedReceives();
                for (int i = 0; i < missing; i++) {
                    qp.postRecv(i, RdmaPair.BUFFER_VA, sizeBytes, conn.mr(side).lkey());
                }
            }
        }
        if (params.durationPs() > 0) {
            durationEnd.scheduleAt(startPs + params.durationPs());
        }
        post(true);
    }

    private boolean more(int posts) {
        return params.durationPs() > 0 || posts < params.iterations();
    }

    private void post(boolean client) {
        if (client) {
            if (postTimes != null) {
                postTimes[clientPosts] = sim.now();
            }
            clientPosts++;
        } else {
            serverPosts++;
        }
        wr.wrId(client ? clientPosts : serverPosts)
                .opcode(params.test().opcode())
                .local(RdmaPair.BUFFER_VA, sizeBytes, conn.mr(client).lkey())
                .remote(RdmaPair.BUFFER_VA, conn.mr(!client).rkey())
                .signaled(true);
        if (!conn.qp(client, 0).postSend(wr)) {
            error = "Couldn't post send at " + (client ? "client" : "server");
            finish();
        }
    }

    /** The peer's message reached side {@code client}: answer, or (client) count an iteration. */
    private void seen(boolean client) {
        if (!client) {
            if (more(serverPosts)) {
                post(false);
            }
            return;
        }
        clientSeen++;
        endPs = sim.now();
        if (more(clientPosts)) {
            post(true);
        } else {
            finish();
        }
    }

    @Override
    public void onCompletion(boolean client, int index, WorkCompletion wc) {
        if (done || index != 0) {
            return;
        }
        if (!wc.status.ok()) {
            error = "Completion with error at " + (client ? "client" : "server") + " (" + wc.status + ")";
            finish();
            return;
        }
        if (params.test() == PerftestTest.IB_SEND_LAT && wc.opcode == WcOpcode.RECV) {
            conn.qp(client, 0)
                    .postRecv(
                            wc.wrId,
                            RdmaPair.BUFFER_VA,
                            sizeBytes,
                            conn.mr(client).lkey());
            seen(client);
        } else if (params.test() == PerftestTest.IB_READ_LAT && client && wc.opcode == WcOpcode.RDMA_READ) {
            seen(true);
        }
    }

    @Override
    public void onWritePlaced(boolean client, int index, long nowPs) {
        if (!done && index == 0 && params.test() == PerftestTest.IB_WRITE_LAT) {
            seen(client);
        }
    }

    private void finish() {
        if (done) {
            return;
        }
        done = true;
        endPs = Math.max(endPs, sim.now());
        durationEnd.cancel();
        if (stopSimWhenDone) {
            sim.stop();
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

    /** Statistics of the run that just ended (iteration mode). */
    public LatencyStats stats() {
        long[] deltas = new long[clientPosts - 1];
        for (int i = 0; i < deltas.length; i++) {
            deltas[i] = postTimes[i + 1] - postTimes[i];
        }
        return LatencyStats.of(deltas, params.test().rttFactor());
    }

    /** The client's post timestamps of the run that just ended, ps (iteration mode). */
    public long[] postTimesPs() {
        return java.util.Arrays.copyOf(postTimes, clientPosts);
    }

    /** Completed iterations of the run that just ended. */
    public long iterations() {
        return clientSeen;
    }

    /** Time from the first post to the end of the run, ps. */
    public long elapsedPs() {
        return endPs - startPs;
    }
}
