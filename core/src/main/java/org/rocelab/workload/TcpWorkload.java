package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.Nic;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.tcp.TcpFlow;
import org.rocelab.workload.tcp.TcpParams;

/**
 * Lossy TCP background traffic (scenario kind {@code tcp}): for each (from, to) pair,
 * {@code streams} bulk TCP streams of {@code size} bytes (0 = unlimited) in priority {@code tc}
 * with DSCP {@code dscp}, NewReno or DCTCP ({@link TcpFlow}). Each stream is one flow in the
 * outputs: bytes delivered in order between its start and its last ACK (or the end of the run).
 */
public final class TcpWorkload implements Workload {
    private final String name;
    private final List<String[]> pairs;
    private final int streams;
    private final long sizeBytes;
    private final int tc;
    private final int dscp;
    private final boolean dctcp;
    private final java.util.function.ToIntFunction<String> netdevMtu;
    private final long startPs;
    private final long endPs;
    private final List<TcpFlow> flows = new ArrayList<>();
    private final List<String[]> flowPairs = new ArrayList<>();
    private PathModel paths;

    /**
     * @param netdevMtu each host's netdev MTU, bytes (MSS = MTU − 40)
     * @param endPs no new data after this time
     */
    public TcpWorkload(
            String name,
            List<String[]> pairs,
            int streams,
            long sizeBytes,
            int tc,
            int dscp,
            boolean dctcp,
            java.util.function.ToIntFunction<String> netdevMtu,
            long startPs,
            long endPs) {
        this.name = name;
        this.pairs = pairs;
        this.streams = streams;
        this.sizeBytes = sizeBytes;
        this.tc = tc;
        this.dscp = dscp;
        this.dctcp = dctcp;
        this.netdevMtu = netdevMtu;
        this.startPs = startPs;
        this.endPs = endPs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return "tcp";
    }

    @Override
    public void start(Endpoints f) {
        paths = new PathModel(f);
        for (String[] pair : pairs) {
            Nic a = f.nic(pair[0]);
            Nic b = f.nic(pair[1]);
            int mtu = Math.min(netdevMtu.applyAsInt(pair[0]), netdevMtu.applyAsInt(pair[1]));
            TcpParams params = TcpParams.forMtu(mtu, dctcp);
            for (int i = 0; i < streams; i++) {
                TcpFlow flow = new TcpFlow(
                        a,
                        b,
                        RdmaPair.nextHopMac(f, a, b),
                        RdmaPair.nextHopMac(f, b, a),
                        tc,
                        dscp,
                        params,
                        sizeBytes,
                        flows.size(),
                        name + "/");
                flow.start(startPs, endPs);
                flows.add(flow);
                flowPairs.add(pair);
            }
        }
    }

    /** The streams, in (pair, stream) order. */
    public List<TcpFlow> flows() {
        return flows;
    }

    /**
     * A stream's sender state is written by its ACKs and its timers, all on the sending host (the
     * timers, the start included, are a component of that host, {@link Nic#hostComponent}), its
     * receiver state by its data segments on the receiving host. So the streams run on threads.
     */
    @Override
    public boolean runsOnThreads() {
        return true;
    }

    @Override
    public void collect(RunResult result, long runEndPs) {
        var w = result.workload(name, kind());
        for (int i = 0; i < flows.size(); i++) {
            TcpFlow t = flows.get(i);
            String[] pair = flowPairs.get(i);
            long delivered = t.deliveredBytes();
            long size = sizeBytes > 0 ? sizeBytes : Math.max(1, delivered);
            long ideal = paths.idealFctPs(pair[0], pair[1], size);
            long start = t.startedPs() >= 0 ? t.startedPs() : startPs;
            if (t.completedPs() >= 0) {
                w.add(FlowRecord.completed(i, pair[0], pair[1], size, start, t.completedPs(), ideal));
            } else {
                w.add(FlowRecord.incomplete(i, pair[0], pair[1], size, delivered, start, ideal));
            }
        }
    }
}
