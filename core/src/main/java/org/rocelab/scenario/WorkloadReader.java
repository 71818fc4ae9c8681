package org.rocelab.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Reads {@code workloads} into {@link WorkloadSpec}s with per-kind defaults and host checks. */
final class WorkloadReader {
    /**
     * The largest message one work request moves, in bytes. IBA allows 2^31 (the RETH's DMA
     * length, mlx5's {@code max_msg_sz} 0x80000000); rocelab counts a message's bytes in a signed
     * 32-bit int, so one byte less.
     */
    static final long MAX_MESSAGE_BYTES = Integer.MAX_VALUE;

    private WorkloadReader() {}

    static List<WorkloadSpec> read(Field list, TopologyLayout layout, Path baseDir, Path dataDir) {
        List<WorkloadSpec> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<Field> items = list.elements();
        for (int i = 0; i < items.size(); i++) {
            WorkloadSpec w = one(items.get(i), i, layout, baseDir, dataDir);
            if (!names.add(w.name())) {
                throw items.get(i).get("name").error("workload name '" + w.name() + "' is used twice");
            }
            out.add(w);
        }
        return out;
    }

    private static WorkloadSpec one(Field w, int index, TopologyLayout layout, Path baseDir, Path dataDir) {
        String kindText = w.get("kind").text("");
        WorkloadKind kind;
        try {
            kind = WorkloadKind.valueOf(kindText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw w.get("kind")
                    .error("expected a workload kind like ib_write_bw, incast, flows, allreduce or tcp, got "
                            + w.get("kind").shown());
        }
        String name = w.get("name").text(kindText + "-" + index);
        List<String> from = hosts(w.get("from"), layout, List.of());
        List<String> to = hosts(w.get("to"), layout, List.of());
        boolean pairs = kind.isPerftest() || kind == WorkloadKind.INCAST || kind == WorkloadKind.TCP;
        if (pairs && from.isEmpty()) {
            throw w.get("from").error("expected one host or a list of hosts, got none");
        }
        if (pairs && to.isEmpty()) {
            throw w.get("to").error("expected one host or a list of " + from.size() + " hosts, got none");
        }
        if (!to.isEmpty() && to.size() != 1 && to.size() != from.size()) {
            throw w.get("to")
                    .error("expected one host or a list of " + from.size() + " hosts (one per sender in from), got "
                            + to.size());
        }
        if (to.size() == 1 && from.size() > 1) {
            List<String> rep = new ArrayList<>();
            for (int i = 0; i < from.size(); i++) {
                rep.add(to.get(0));
            }
            to = rep;
        }
        for (int i = 0; i < from.size() && i < to.size(); i++) {
            if (from.get(i).equals(to.get(i))) {
                throw w.get("to").error("sender and receiver are the same host (" + from.get(i) + ")");
            }
        }
        List<String> hosts = List.of();
        if (kind == WorkloadKind.FLOWS || kind == WorkloadKind.ALLREDUCE) {
            Field hf = w.get("hosts");
            hosts = hf.present()
                            && hf.node().isString()
                            && hf.node().stringValue().equals("all")
                    ? layout.hosts()
                    : hosts(hf, layout, layout.hosts());
            if (hosts.size() < 2) {
                throw hf.error("expected at least two hosts, got " + hosts.size());
            }
            if (new HashSet<>(hosts).size() != hosts.size()) {
                throw hf.error("expected each host once, got " + hosts);
            }
        }
        boolean bw = kind.isPerftest() && !kind.isLatency();
        long defSize = kind.isPerftest()
                ? (bw ? 65536 : 2)
                : kind == WorkloadKind.ALLREDUCE ? 1_048_576 : kind == WorkloadKind.INCAST ? 65_536 : 0;
        Field sizeF = w.get("size");
        long size = sizeF.size(defSize);
        if (size == 0 && kind != WorkloadKind.TCP && kind != WorkloadKind.FLOWS) {
            throw sizeF.error("expected a positive size like 64KB, got " + sizeF.shown());
        }
        if (kind.isPerftest() && size > 8_388_608L) {
            throw sizeF.error("expected a perftest message size of at most 8388608 bytes (perftest's limit), got "
                    + sizeF.shown());
        }
        long messageBytes = kind == WorkloadKind.ALLREDUCE ? size / Math.max(1, hosts.size()) : size;
        if (kind != WorkloadKind.TCP && kind != WorkloadKind.FLOWS && messageBytes > MAX_MESSAGE_BYTES) {
            throw sizeF.error("expected at most " + MAX_MESSAGE_BYTES + " bytes per RDMA message"
                    + (kind == WorkloadKind.ALLREDUCE ? " (size / " + hosts.size() + " ranks, one ring chunk)" : "")
                    + ", got " + sizeF.shown());
        }
        Field itF = w.get("iterations");
        Field durF = w.get("duration");
        if (kind.isPerftest() && itF.present() && durF.present()) {
            throw durF.error("expected iterations or duration, not both (perftest -n or -D)");
        }
        int defIters = kind == WorkloadKind.IB_WRITE_BW ? 5000 : kind.isPerftest() ? 1000 : 1;
        long interval = w.get("interval").time(0);
        if (kind == WorkloadKind.INCAST && interval > 0) {
            defIters = 0; // rounds every interval until the run ends
        }
        long duration = durF.time(0);
        // the latency programs keep perftest's own floor (-n: "Iteration num should be at least 5")
        int iterations = itF.integer(durF.present() ? 0 : defIters, kind.isLatency() ? 5 : 1, Integer.MAX_VALUE);
        if (kind == WorkloadKind.INCAST && interval == 0 && iterations > 1) {
            throw itF.error("expected an interval between rounds for more than one round, got iterations " + itF.shown()
                    + " without interval");
        }
        FlowSizeTable cdf = null;
        double load = 0;
        if (kind == WorkloadKind.FLOWS) {
            cdf = CdfReader.read(w.get("cdf"), baseDir, dataDir);
            load = w.get("load").number(0.3, Double.MIN_VALUE, 1);
        }
        if (kind == WorkloadKind.IB_WRITE_BW
                && w.get("rx_cpu_time").present()
                && !w.get("write_with_imm").bool(false)) {
            throw w.get("rx_cpu_time")
                    .error("applies to ib_write_bw only with write_with_imm: true (only a WRITE with immediate"
                            + " consumes a receive the program reposts)");
        }
        return new WorkloadSpec(
                name,
                kind,
                from,
                to,
                hosts,
                size,
                w.get("qps").integer(1, 1, 16384),
                w.get("start").time(0),
                interval,
                iterations,
                duration,
                w.get("tx_depth").integer(bw ? 128 : 1, 1, kind.isLatency() ? 16384 : 32768),
                w.get("bidirectional").bool(false),
                cdf,
                load,
                kind == WorkloadKind.ALLREDUCE
                        ? w.get("algorithm").choice("ring", List.of("ring"))
                        : kind == WorkloadKind.TCP
                                ? w.get("algorithm").choice("newreno", List.of("newreno", "dctcp"))
                                : null,
                w.get("streams").integer(1, 1, 1024),
                w.get("tc").integer(kind == WorkloadKind.TCP ? 0 : -1, 0, 7),
                w.get("dscp").integer(kind == WorkloadKind.TCP ? 0 : -1, 0, 63),
                w.get("rx_cpu_time").time(0),
                w.get("write_with_imm").bool(false));
    }

    private static List<String> hosts(Field f, TopologyLayout layout, List<String> def) {
        List<String> names = f.names(def);
        if (!f.present()) {
            return names;
        }
        List<Field> items = f.node().isArray() ? f.elements() : List.of(f);
        for (int i = 0; i < names.size(); i++) {
            if (!layout.isHost(names.get(i))) {
                Field at = items.get(i);
                throw at.error(
                        layout.isSwitch(names.get(i))
                                ? names.get(i) + " is a switch, expected a host (" + Names.summary(layout.hosts()) + ")"
                                : Names.unknown("host", names.get(i), layout.hosts()));
            }
        }
        return names;
    }
}
