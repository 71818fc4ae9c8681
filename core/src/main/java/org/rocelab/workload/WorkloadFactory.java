package org.rocelab.workload;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.rc.WrOpcode;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadSpec;
import org.rocelab.workload.perftest.LatencyWorkload;
import org.rocelab.workload.perftest.PerftestParams;
import org.rocelab.workload.perftest.PerftestTest;

/** Makes the {@link Workload}s a scenario names, one class per kind. */
public final class WorkloadFactory {
    /** Default incast start jitter: senders fire within 1 µs of each other. */
    public static final long INCAST_JITTER_PS = 1_000_000L;

    private WorkloadFactory() {}

    /** The scenario's workloads (files they name, such as CDFs, were read when the scenario loaded). */
    public static List<Workload> create(Scenario s) {
        List<Workload> out = new ArrayList<>();
        for (WorkloadSpec w : s.workloads()) {
            out.add(create(s, w));
        }
        return out;
    }

    static Workload create(Scenario s, WorkloadSpec w) {
        long end = w.durationPs() > 0 ? Math.min(s.durationPs(), w.startPs() + w.durationPs()) : s.durationPs();
        List<String> hosts = w.hosts().isEmpty() ? s.hosts() : w.hosts();
        switch (w.kind()) {
            case IB_WRITE_BW:
                return bw(s, w, w.writeWithImm() ? WrOpcode.RDMA_WRITE_WITH_IMM : WrOpcode.RDMA_WRITE, end);
            case IB_READ_BW:
                return bw(s, w, WrOpcode.RDMA_READ, end);
            case IB_SEND_BW:
                return bw(s, w, WrOpcode.SEND, end);
            case IB_WRITE_LAT:
                return latency(w, PerftestTest.IB_WRITE_LAT, end);
            case IB_READ_LAT:
                return latency(w, PerftestTest.IB_READ_LAT, end);
            case IB_SEND_LAT:
                return latency(w, PerftestTest.IB_SEND_LAT, end);
            case INCAST:
                return new IncastWorkload(
                        w.name(),
                        w.from(),
                        w.to().get(0),
                        (int) w.sizeBytes(),
                        w.qps(),
                        w.startPs(),
                        w.intervalPs(),
                        w.iterations(),
                        INCAST_JITTER_PS,
                        end);
            case FLOWS:
                return new FlowsWorkload(w.name(), hosts, FlowSizeCdf.of(w.cdf()), w.load(), w.startPs(), end);
            case ALLREDUCE:
                return new AllReduceWorkload(w.name(), hosts, w.sizeBytes(), w.iterations(), w.startPs());
            case TCP:
                return tcp(s, w, end);
            default:
                throw new IllegalArgumentException(
                        "workloads: kind " + w.kind().yamlName()
                                + " is not simulated yet; supported: ib_write_bw, ib_read_bw, ib_send_bw, ib_write_lat, ib_read_lat, ib_send_lat, incast, flows, allreduce, tcp");
        }
    }

    private static Workload latency(WorkloadSpec w, PerftestTest test, long end) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < w.from().size(); i++) {
            pairs.add(new String[] {w.from().get(i), w.to().get(i)});
        }
        long duration = w.durationPs() > 0 ? Math.max(1, end - w.startPs()) : 0;
        PerftestParams p = new PerftestParams(
                test,
                (int) w.sizeBytes(),
                false,
                w.iterations() > 0 ? w.iterations() : test.defaultIterations(),
                duration,
                1,
                0,
                Math.max(1, w.txDepth()),
                PerftestParams.DEFAULT_CQ_MOD,
                false,
                false,
                false,
                -1);
        return new LatencyWorkload(w.name(), p.validated(), pairs, w.startPs());
    }

    private static Workload tcp(Scenario s, WorkloadSpec w, long end) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < w.from().size(); i++) {
            pairs.add(new String[] {w.from().get(i), w.to().get(i)});
        }
        return new TcpWorkload(
                w.name(),
                pairs,
                Math.max(1, w.streams()),
                w.sizeBytes(),
                Math.max(0, w.tc()),
                Math.max(0, w.dscp()),
                "dctcp".equals(w.algorithm()),
                h -> s.nic(h).netdevMtu(),
                w.startPs(),
                end);
    }

    private static Workload bw(Scenario s, WorkloadSpec w, WrOpcode op, long end) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < w.from().size(); i++) {
            pairs.add(new String[] {w.from().get(i), w.to().get(i)});
        }
        return new BandwidthWorkload(
                w.name(),
                w.kind().yamlName(),
                op,
                pairs,
                Math.max(1, w.qps()),
                (int) w.sizeBytes(),
                Math.max(1, w.txDepth()),
                w.startPs(),
                end,
                w.durationPs() > 0 ? 0 : w.iterations(),
                h -> s.nic(h).rqDepth(),
                w.rxCpuPs(),
                h -> s.nic(h).cqDepth());
    }
}
