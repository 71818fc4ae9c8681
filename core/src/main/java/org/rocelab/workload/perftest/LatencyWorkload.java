package org.rocelab.workload.perftest;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.sim.Timer;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.Endpoints;
import org.rocelab.workload.PathModel;
import org.rocelab.workload.Workload;

/**
 * perftest's latency programs inside a scenario ({@code ib_write_lat}, {@code ib_read_lat},
 * {@code ib_send_lat}): for each (from, to) pair a {@link LatencyProgram} ping-pong of
 * {@code iterations} messages of {@code size} from {@code start}, sharing the fabric with the
 * other workloads. Each pair is one flow in the outputs: size × completed iterations, from the
 * first post to the last iteration; its ideal time is iterations × the ideal time of one message
 * ({@link PathModel}: its base RTT holds both NIC traversals in each direction, like one
 * ping-pong). {@link #stats} gives the perftest latency figures.
 */
public final class LatencyWorkload implements Workload {
    private final String name;
    private final PerftestParams params;
    private final List<String[]> pairs;
    private final long startPs;
    private final List<LatencyProgram> programs = new ArrayList<>();
    private PathModel paths;

    /**
     * @param params validated parameters (size, iterations or duration)
     * @param pairs client and server host of each ping-pong
     */
    public LatencyWorkload(String name, PerftestParams params, List<String[]> pairs, long startPs) {
        this.name = name;
        this.params = params;
        this.pairs = List.copyOf(pairs);
        this.startPs = startPs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return params.test().program();
    }

    @Override
    public void start(Endpoints f) {
        paths = new PathModel(f);
        for (String[] pair : pairs) {
            PerftestConnection c = new PerftestConnection(f, pair[0], pair[1], 1, params.pathMtu(), params.txDepth());
            LatencyProgram p = new LatencyProgram(c, params, false);
            programs.add(p);
            Timer t =
                    f.sim().timer(f.sim().component(name + "/" + programs.size()), now -> p.start(params.sizeBytes()));
            t.scheduleAt(startPs);
        }
    }

    /** The latency statistics of pair {@code i} (needs at least 3 completed iterations). */
    public LatencyStats stats(int i) {
        return programs.get(i).stats();
    }

    @Override
    public void collect(RunResult result, long runEndPs) {
        var w = result.workload(name, kind());
        for (int i = 0; i < programs.size(); i++) {
            LatencyProgram p = programs.get(i);
            String src = pairs.get(i)[0];
            String dst = pairs.get(i)[1];
            long n = Math.max(1, params.durationPs() > 0 ? p.iterations() : params.iterations());
            long ideal = n * paths.idealFctPs(src, dst, params.sizeBytes());
            long bytes = (long) params.sizeBytes() * p.iterations();
            if (p.done() && p.iterations() > 0) {
                w.add(FlowRecord.completed(i, src, dst, bytes, startPs, startPs + p.elapsedPs(), ideal));
            } else {
                w.add(FlowRecord.incomplete(i, src, dst, (long) params.sizeBytes() * n, bytes, startPs, ideal));
            }
        }
    }
}
