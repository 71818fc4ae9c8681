package org.rocelab.run;

import java.util.function.LongSupplier;
import org.rocelab.link.Port;
import org.rocelab.nic.Nic;
import org.rocelab.stats.Sampler;
import org.rocelab.sw.QueueCounters;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchConfig;
import org.rocelab.sw.SwitchPort;

/**
 * The probes of a run's time series (timeseries.csv), read every {@code outputs.sample}:
 *
 * <ul>
 *   <li>every NIC port: {@code tx_gbps}, {@code rx_gbps} (wire bits per interval, each frame's bits
 *       spread over its time on the wire: {@link Port#txWireBits()}), and for each PFC-enabled priority
 *       ({@code h1:sw0/p3}) {@code paused};
 *   <li>every sending QP of a workload, up to {@link #MAX_QPS} per run: the congestion control's
 *       current rate {@code rate_gbps} (DCQCN RC), target rate {@code target_gbps} (RT) and
 *       {@code alpha} (α as a fraction), entity {@code h1/qp0x100} ({@link QpSeries}); a flow's QP
 *       only while the flow is active;
 *   <li>every switch port: {@code tx_gbps}; for queue 0, each lossless queue and each queue with an
 *       ECN profile ({@code sw0:h0/q3}): {@code queue_bytes} and {@code ecn_marks} (packets marked
 *       CE in the last interval); for each lossless priority ({@code sw0:h0/p3}): {@code paused}
 *       (1 while the port's transmitter is paused by PFC).
 * </ul>
 */
final class TimeSeriesProbes {
    /**
     * At most this many QPs are sampled per run (3 series each): the first ones in workload order,
     * then flows' QPs in the order they start.
     */
    static final int MAX_QPS = 256;

    private TimeSeriesProbes() {}

    /** Registers the probes of the ports and queues (the QPs': {@link QpSeries}). */
    static void register(Sampler s, Fabric fabric) {
        for (int node = 0; node < fabric.graph().nodeCount(); node++) {
            Nic nic = fabric.nicAt(node);
            if (nic != null) {
                Port p = nic.port();
                s.bitRateGbps(p.name(), "tx_gbps", p::txWireBits);
                s.bitRateGbps(p.name(), "rx_gbps", p::rxWireBits);
                pauseStates(s, p, nic.config().pfcMask());
            } else {
                switchPorts(s, fabric.switchAt(node));
            }
        }
    }

    private static void switchPorts(Sampler s, Switch sw) {
        SwitchConfig cfg = sw.config();
        int queues = 1 | cfg.losslessQueueMask();
        for (int tc = 0; tc < 8; tc++) {
            if (cfg.ecn().get(tc) != null) {
                queues |= 1 << cfg.maps().tcToQueue(tc);
            }
        }
        for (int i = 0; i < sw.portCount(); i++) {
            SwitchPort sp = sw.port(i);
            Port p = sp.port();
            int index = i;
            s.bitRateGbps(p.name(), "tx_gbps", p::txWireBits);
            QueueCounters qc = sp.queueCounters();
            for (int q = 0; q < 8; q++) {
                if ((queues >>> q & 1) == 0) {
                    continue;
                }
                int queue = q;
                s.gauge(p.name() + "/q" + q, "queue_bytes", () -> sw.mmu().queueBytes(index, queue));
                s.gauge(p.name() + "/q" + q, "ecn_marks", new Delta(() -> qc.ecnMarkedPackets[queue]));
            }
            pauseStates(s, p, cfg.losslessMask());
        }
    }

    /** {@code paused} of each priority in {@code mask}: 1 while PFC holds the port's transmitter. */
    private static void pauseStates(Sampler s, Port p, int mask) {
        for (int prio = 0; prio < 8; prio++) {
            if ((mask >>> prio & 1) == 0) {
                continue;
            }
            int bit = 1 << prio;
            s.gauge(p.name() + "/p" + prio, "paused", () -> (p.pausedMask() & bit) != 0 ? 1L : 0L);
        }
    }

    /** The increase of a cumulative counter since the previous read. */
    private static final class Delta implements LongSupplier {
        private final LongSupplier counter;
        private long last;

        Delta(LongSupplier counter) {
            this.counter = counter;
        }

        @Override
        public long getAsLong() {
            long now = counter.getAsLong();
            long d = now - last;
            last = now;
            return d;
        }
    }
}
