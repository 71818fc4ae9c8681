package org.rocelab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rocelab.compat.HpccConfig;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccScenario;
import org.rocelab.sim.Units;

/**
 * The rocelab scenario (YAML) closest to an HPCC scenario: topology {@code kind: hpcc} on the same
 * file (hosts {@code h<ordinal>}, switches {@code sw<ordinal>} in id order, as the scenario's
 * topology reader names them), NIC and switch settings of the hpcc profile where the scenario
 * language has a key, one {@code ib_write_bw} workload of one message per flow, and a comment
 * naming the HPCC key for every setting it cannot express (docs/hpcc.md). Times are
 * relative to the first flow's start, as in {@code run --hpcc}.
 */
final class HpccScenarioYaml {
    private HpccScenarioYaml() {}

    /** The scenario YAML of {@code s}, file names relative to {@code yamlDir} (absolute when it is null). */
    static String of(HpccScenario s, Path yamlDir) {
        HpccConfig c = s.config();
        StringBuilder y = new StringBuilder(1 << 16);
        String name = c.file().getFileName().toString().replaceFirst("\\.txt$", "");
        List<HpccFlow> flows = s.flows().flows();
        long firstNs = flows.isEmpty() ? 0 : flows.get(0).startNs();
        long durationPs = Math.max(1000, c.stopPs() - firstNs * 1000);
        String[] names = names(s);
        y.append("# Imported by rocelab import-hpcc from ")
                .append(c.file().toAbsolutePath().normalize())
                .append('\n');
        y.append("# ")
                .append(flows.size())
                .append(" flows; times are relative to the first flow's start, HPCC time ")
                .append(firstNs)
                .append(" ns.\n");
        y.append("# Settings the scenario language cannot express are comments naming the HPCC key;\n");
        y.append("# `rocelab run --hpcc ")
                .append(c.file().getFileName())
                .append("` applies all of them (docs/model.md, hpcc-run).\n");
        y.append("name: ").append(name).append('\n');
        y.append("seed: 1\n");
        y.append("duration: ")
                .append(Units.formatTime(durationPs))
                .append("  # SIMULATOR_STOP_TIME ")
                .append(c.values().getOrDefault("SIMULATOR_STOP_TIME", "3.01"))
                .append(" s minus the first flow's start\n");
        y.append("topology:\n  kind: hpcc\n  file: ")
                .append(relative(yamlDir, c.topologyFile()))
                .append('\n');
        y.append("  # ERROR_RATE_PER_LINK ")
                .append(c.errorRatePerLink())
                .append(": per-packet loss on links whose error_rate is 0\n");
        if (c.linkDown().enabled()) {
            y.append("  # LINK_DOWN ")
                    .append(c.values().get("LINK_DOWN"))
                    .append(": link down at 2 s + a µs (add a link_down fault)\n");
        }
        int pg = flows.isEmpty() ? 3 : flows.get(0).pg();
        y.append("nic:\n");
        y.append("  mtu: 1024  # PACKET_PAYLOAD_SIZE ")
                .append(c.payloadBytes())
                .append(": HPCC segments at the payload size, not an IB MTU (hpcc profile: NicConfig.segmentBytes)\n");
        y.append(
                "  # hpcc framing: data packet = payload + 48 B, ACK 60 B, no preamble/IFG; tx times truncated to whole ns\n");
        y.append("  dscp: ").append(pg).append("\n  pcp: ").append(pg).append('\n');
        y.append("  pfc: [")
                .append(pg)
                .append("]  # honour pauses; HPCC hosts never send PFC (no key) and a received pause")
                .append(" lasts until resume (PAUSE_TIME ")
                .append(c.pauseTimeUs())
                .append(" us unused)\n");
        if (c.ccMode() != 1) {
            // CC_MODE 3 / 7 / 8 / 10: the algorithm and its knobs (docs/model.md, HPCC, DCTCP and TIMELY)
            y.append("  cc:\n    algorithm: ").append(s.ccAlgorithm()).append('\n');
            s.ccKnobs()
                    .forEach((k, v) ->
                            y.append("    ").append(k).append(": ").append(v).append('\n'));
        }
        if (c.ccMode() == 1) {
            y.append("  cc:\n    algorithm: dcqcn\n    profile: hpcc\n");
            y.append("    # the hpcc knobs of this config (docs/model.md, hpcc knobs):\n");
        }
        for (String k : c.ccMode() != 1
                ? List.<String>of()
                : List.of(
                        "ALPHA_RESUME_INTERVAL",
                        "RATE_DECREASE_INTERVAL",
                        "RP_TIMER",
                        "EWMA_GAIN",
                        "FAST_RECOVERY_TIMES",
                        "RATE_AI",
                        "RATE_HAI",
                        "MIN_RATE",
                        "CLAMP_TARGET_RATE")) {
            y.append("    ").append(k).append(": ").append(s.dcqcn().get(k)).append('\n');
        }
        if (c.ccMode() == 1 && s.ccKnobs().containsKey("WINDOW")) {
            // HAS_WIN 1 (run.py dcqcn_vwin, dcqcn_paper_vwin): the largest BDP, scaled by RC with VAR_WIN
            y.append("    WINDOW: ")
                    .append(s.ccKnobs().get("WINDOW"))
                    .append("  # HAS_WIN 1, GLOBAL_T 1: third.cc maxBdp\n");
            y.append("    VAR_WIN: ").append(s.ccKnobs().get("VAR_WIN")).append('\n');
        }
        y.append(
                        "  # CNP: a flag on every ACK of a CE-marked packet (NicConfig.cnpOnAck), ACK per packet (L2_ACK_INTERVAL ")
                .append(c.l2AckIntervalBytes())
                .append(")\n");
        y.append("  # ACK_HIGH_PRIO ")
                .append(c.ackHighPrio() ? 1 : 0)
                .append(": ACK/NAK first at the NIC, unpaused (ns-3 ack_q_idx 0); switches queue them with the data\n");
        y.append("  retransmission:\n    mode: ")
                .append(c.l2BackToZero() ? "go-back-0" : "go-back-n")
                .append("  # L2_BACK_TO_ZERO ")
                .append(c.l2BackToZero() ? 1 : 0)
                .append(", L2_CHUNK_SIZE ")
                .append(c.l2ChunkSizeBytes())
                .append("\n    timeout: 0  # NACK-only recovery, no ACK timeout\n");
        y.append("switch:\n  trust: dscp\n");
        y.append("  dscp_to_tc: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7}\n");
        TreeSet<Integer> lossless = new TreeSet<>();
        for (HpccFlow f : flows) {
            if (f.pg() != 0) {
                lossless.add(f.pg());
            }
        }
        y.append("  lossless: ").append(lossless).append('\n');
        y.append("  buffer:\n    size: ")
                .append(c.bufferBytes())
                .append("  # BUFFER_SIZE ")
                .append(c.bufferSizeMb())
                .append(" (MB of 1024*1024)\n");
        y.append(
                "    # HPCC MMU: threshold = (buffer - total headroom - total reserve - shared used) >> shift(port),\n");
        y.append("    # shift 3 minus 1 per halving of port rate over NIC rate; 4 KB reserve per port\n");
        y.append("  pfc:\n    xon_offset: ")
                .append(HpccScenario.RESUME_OFFSET_BYTES)
                .append('\n');
        Map<Long, Long> headroomByRate = new TreeMap<>();
        for (HpccScenario.Port p : s.ports()) {
            if (p.atSwitch()) {
                headroomByRate.put(p.rateBps(), p.headroomBytes());
            }
        }
        long nicHeadroom = headroomByRate.getOrDefault(
                s.nicRateBps(), headroomByRate.values().stream().findFirst().orElse(0L));
        y.append("    headroom: ").append(nicHeadroom).append("  # per port 3 x rate x delay / 8, by port rate:");
        headroomByRate.forEach((rate, h) -> y.append(' ')
                .append(Units.formatRate(rate))
                .append('=')
                .append(h)
                .append("B"));
        y.append("\n    watchdog: {enabled: false}\n");
        y.append("    # one pause per XOFF, one resume per XON (no refresh)\n");
        if (c.ecnEnabled()) {
            HpccScenario.Port ref = null;
            for (HpccScenario.Port p : s.ports()) {
                if (p.atSwitch() && p.rateBps() == s.nicRateBps()) {
                    ref = p;
                    break;
                }
            }
            y.append(
                    "  ecn:  # ENABLE_QCN 1; KMIN/KMAX/PMAX_MAP are per port rate, the scenario takes one profile per TC:");
            for (Map.Entry<Long, Long> e : c.kminKbByRate().entrySet()) {
                y.append(' ')
                        .append(Units.formatRate(e.getKey()))
                        .append('=')
                        .append(e.getValue())
                        .append('/')
                        .append(c.kmaxKbByRate().get(e.getKey()))
                        .append("KB/")
                        .append(c.pmaxByRate().get(e.getKey()));
            }
            y.append('\n');
            for (int tc : lossless) {
                y.append("    ")
                        .append(tc)
                        .append(": {kmin: ")
                        .append(ref == null ? 0 : ref.kminBytes())
                        .append(", kmax: ")
                        .append(ref == null ? 0 : ref.kmaxBytes())
                        .append(", pmax: ")
                        .append(ref == null ? 0 : ref.pmax())
                        .append(", mark: dequeue}\n");
            }
        } else {
            y.append("  ecn: {}  # ENABLE_QCN 0\n");
        }
        y.append(
                "  scheduler:\n    strict: [0]\n    dwrr: {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}  # HPCC: round robin per packet\n");
        y.append(
                "  ecmp:\n    fields: [src_ip, dst_ip, src_port, dst_port]  # HPCC seeds its hash of sip, dip, sport|dport<<16 with the switch id; unset, the seed goes by tier (docs/model.md#ecmp)\n");
        y.append("workloads:  # one per flow of ")
                .append(s.flows().file().getFileName())
                .append(" (src dst pg dport size start); HPCC's sport/dport have no key\n");
        for (HpccFlow f : flows) {
            long[] split = split(f.sizeBytes());
            y.append("  - {kind: ib_write_bw, name: f")
                    .append(f.index())
                    .append(", from: ")
                    .append(names[f.src()])
                    .append(", to: ")
                    .append(names[f.dst()])
                    .append(", size: ")
                    .append(split[0])
                    .append(", iterations: ")
                    .append(split[1])
                    .append(", tx_depth: 1, start: ")
                    .append(Units.formatTime((f.startNs() - firstNs) * 1000))
                    .append(", tc: ")
                    .append(f.pg())
                    .append(", dscp: ")
                    .append(f.pg())
                    .append('}');
            if (split[1] > 1) {
                y.append("  # ")
                        .append(f.sizeBytes())
                        .append(" B as ")
                        .append(split[1])
                        .append(" messages (perftest's 8 MiB limit)");
                if (split[0] * split[1] != f.sizeBytes()) {
                    y.append(", ").append(split[0] * split[1] - f.sizeBytes()).append(" B more than HPCC's flow");
                }
            }
            y.append('\n');
        }
        return y.toString();
    }

    /** Perftest's largest message. */
    static final long MAX_MESSAGE_BYTES = 8L << 20;

    /** {message size, iterations} for a flow: one message, or the fewest equal messages within 8 MiB. */
    static long[] split(long size) {
        if (size <= MAX_MESSAGE_BYTES) {
            return new long[] {size, 1};
        }
        long k = (size + MAX_MESSAGE_BYTES - 1) / MAX_MESSAGE_BYTES;
        for (long j = k; j < k + 4096; j++) {
            if (size % j == 0) {
                return new long[] {size / j, j};
            }
        }
        return new long[] {(size + k - 1) / k, k};
    }

    private static String[] names(HpccScenario s) {
        int n = s.topology().nodeCount();
        String[] names = new String[n];
        int hosts = 0;
        int switches = 0;
        for (int id = 0; id < n; id++) {
            names[id] = s.topology().isSwitch(id) ? "sw" + switches++ : "h" + hosts++;
        }
        return names;
    }

    /** {@code file} relative to {@code dir}; absolute when {@code dir} is null (the YAML then loads from anywhere). */
    private static String relative(Path dir, Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (dir == null) {
            return abs.toString();
        }
        try {
            return dir.toAbsolutePath().normalize().relativize(abs).toString();
        } catch (IllegalArgumentException e) {
            return abs.toString();
        }
    }
}
