package org.rocelab.web;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rocelab.stats.CounterTable;
import org.rocelab.web.MetricFamilies.Type;

/**
 * A run's counters as a Prometheus scrape, under the names the exporters its users already run
 * give them (the mapping table with its sources is in docs/outputs.md, /metrics):
 *
 * <ul>
 *   <li>switch queues and interfaces as the community SONiC exporter (rokernel/sonic-exporter,
 *       internal/collector/queue_collector.go, interface_collector.go) names them:
 *       {@code sonic_queue_packets_total{device,queue}}, {@code sonic_queue_bytes_total},
 *       {@code sonic_queue_dropped_packets_total}, {@code sonic_queue_dropped_bytes_total},
 *       {@code sonic_queue_watermark_bytes_total{type,watermark}},
 *       {@code sonic_interface_receive_errs_total{type="error"}}, {@code sonic_interface_transmit_bytes_total};
 *   <li>NIC port statistics as node_exporter's ethtool collector names them (collector/ethtool_linux.go:
 *       {@code node_ethtool_} + the statistic with {@code rx}/{@code tx} words rewritten to
 *       {@code received}/{@code transmitted}, untyped, label {@code device});
 *   <li>RDMA hardware counters as node_exporter's infiniband collector names them
 *       (collector/infiniband_linux.go: {@code node_infiniband_np_cnp_packets_sent_total{device,port}}, …);
 *   <li>what no exporter has — per-priority PFC frames and pause time, ECN marks and WRED drops per
 *       queue, PG watermarks, PFC watchdog counters, switch drops by reason — as {@code rocelab_*}
 *       with the SAI statistic each stands for in label {@code sai};
 *   <li>anything else as {@code rocelab_counter{node,port,priority,counter}}, so no counter is
 *       left out; the simulated time as the gauge {@code rocelab_simulated_seconds};
 *   <li>during a live run, each switch queue's occupancy now as the gauge
 *       {@code rocelab_queue_occupancy_bytes{device,queue,sai="SAI_QUEUE_STAT_CURR_OCCUPANCY_BYTES"}}
 *       (the seed's daily RoCE queue-depth indicator, 000 §6).
 * </ul>
 *
 * Every point carries {@code node} (the host or switch: what a scrape's {@code instance} label
 * would say for real gear, since one twin serves the whole fabric).
 */
public final class FabricMetrics {
    /** Content type of the Prometheus text format 0.0.4. */
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private static final Pattern QUEUE = Pattern.compile("UC(\\d) (Counter|Drop)/(Pkts|Bytes)");
    private static final Pattern QUEUE_WATERMARK = Pattern.compile("UC(\\d)");
    private static final Pattern QUEUE_OCCUPANCY = Pattern.compile("UC(\\d) Occupancy/Bytes");
    private static final Pattern ECN = Pattern.compile("UC(\\d) (EcnMarked/pkts|EcnMarked/bytes|WredDrp/pkts)");
    private static final Pattern PFC = Pattern.compile("(Rx|Tx) PFC(\\d)( duration_us)?");
    private static final Pattern PG = Pattern.compile("PG(\\d) (shared|headroom)");
    private static final Pattern PFCWD =
            Pattern.compile("(\\d) (STORM DETECTED|STORM RESTORED|TX OK|TX DROP|RX OK|RX DROP)");
    private static final Pattern ETHTOOL_RX = Pattern.compile("(^|_)rx(_|$)");
    private static final Pattern ETHTOOL_TX = Pattern.compile("(^|_)tx(_|$)");

    /** mlx5 {@code rdma statistic} names → node_exporter infiniband collector names (collector/infiniband_linux.go). */
    static final Map<String, String> INFINIBAND = Map.ofEntries(
            Map.entry("duplicate_request", "duplicate_requests_packets"),
            Map.entry("implied_nak_seq_err", "implied_nak_seq_errors"),
            Map.entry("local_ack_timeout_err", "local_ack_timeout_errors"),
            Map.entry("np_cnp_sent", "np_cnp_packets_sent"),
            Map.entry("np_ecn_marked_roce_packets", "np_ecn_marked_roce_packets_received"),
            Map.entry("out_of_buffer", "out_of_buffer_drops"),
            Map.entry("out_of_sequence", "out_of_sequence_packets_received"),
            Map.entry("packet_seq_err", "packet_sequence_errors"),
            Map.entry("req_cqe_error", "req_cqes_errors"),
            Map.entry("req_cqe_flush_error", "req_cqes_flush_errors"),
            Map.entry("req_remote_access_errors", "req_remote_access_errors"),
            Map.entry("req_remote_invalid_request", "req_remote_invalid_request_errors"),
            Map.entry("resp_cqe_error", "resp_cqes_errors"),
            Map.entry("resp_cqe_flush_error", "resp_cqes_flush_errors"),
            Map.entry("resp_local_length_error", "resp_local_length_errors"),
            Map.entry("resp_remote_access_errors", "resp_remote_access_errors"),
            Map.entry("rnr_nak_retry_err", "rnr_nak_retry_packets_received"),
            Map.entry("roce_adp_retrans", "roce_adp_retransmits"),
            Map.entry("roce_adp_retrans_to", "roce_adp_retransmits_timeout"),
            Map.entry("rp_cnp_handled", "rp_cnp_packets_handled"),
            Map.entry("rp_cnp_ignored", "rp_cnp_ignored_packets_received"),
            Map.entry("rx_read_requests", "rx_read_requests"),
            Map.entry("rx_write_requests", "rx_write_requests"));

    private FabricMetrics() {}

    /** The metric families of a run's counters. */
    static MetricFamilies families(FabricCounters run) {
        MetricFamilies m = new MetricFamilies();
        m.add(
                "rocelab_simulated_seconds",
                Type.GAUGE,
                "Simulated time the counters were read at (s)",
                run.simulatedNs() / 1e9);
        for (var node : run.counters().entrySet()) {
            boolean sw = run.isSwitch(node.getKey());
            for (var port : node.getValue().entrySet()) {
                double txBytes = 0;
                boolean hasQueues = false;
                for (var prio : port.getValue().entrySet()) {
                    for (var c : prio.getValue().entrySet()) {
                        double v = c.getValue().doubleValue();
                        if (sw) {
                            Matcher q = QUEUE.matcher(c.getKey());
                            if (q.matches()
                                    && q.group(2).equals("Counter")
                                    && q.group(3).equals("Bytes")) {
                                txBytes += v;
                                hasQueues = true;
                            }
                            switchCounter(m, run, node.getKey(), port.getKey(), prio.getKey(), c.getKey(), v);
                        } else {
                            hostCounter(m, node.getKey(), port.getKey(), prio.getKey(), c.getKey(), v);
                        }
                    }
                }
                if (hasQueues) {
                    m.add(
                            "sonic_interface_transmit_bytes",
                            Type.COUNTER,
                            "Number of bytes transmitted on an interface (sum of its queues' bytes)",
                            txBytes,
                            "device",
                            run.deviceName(port.getKey()),
                            "node",
                            node.getKey());
                }
            }
        }
        return m;
    }

    /** The scrape in the Prometheus text format 0.0.4, or OpenMetrics 1.0 text when {@code openMetrics}. */
    public static byte[] scrape(FabricCounters run, boolean openMetrics) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (openMetrics) {
                OpenMetricsTextFormatWriter.create().write(out, families(run).snapshots(), EscapingScheme.DEFAULT);
            } else {
                PrometheusTextFormatWriter.create().write(out, families(run).snapshots(), EscapingScheme.DEFAULT);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The family names a scrape of {@code run} has, as a query writes them (counters with {@code _total}). */
    public static List<String> queryNames(FabricCounters run) {
        MetricFamilies m = families(run);
        return m.names().stream()
                .map(n -> m.type(n) == Type.COUNTER ? n + "_total" : n)
                .toList();
    }

    /** The content type of the OpenMetrics text. */
    public static String openMetricsContentType() {
        return OpenMetricsTextFormatWriter.CONTENT_TYPE;
    }

    private static void switchCounter(
            MetricFamilies m, FabricCounters run, String node, String port, String prio, String name, double v) {
        String device = run.deviceName(port);
        if (port.equals(CounterTable.NODE)) {
            switchDeviceCounter(m, node, name, v);
            return;
        }
        Matcher q = QUEUE.matcher(name);
        if (q.matches()) {
            String what = q.group(3).equals("Pkts") ? "packets" : "bytes";
            String family = q.group(2).equals("Counter") ? "sonic_queue_" + what : "sonic_queue_dropped_" + what;
            String help = q.group(2).equals("Counter")
                    ? "Number of " + what + " in a queue"
                    : "Number of dropped " + what + " in a queue";
            m.add(family, Type.COUNTER, help, v, "device", device, "node", node, "queue", q.group(1));
            return;
        }
        Matcher o = QUEUE_OCCUPANCY.matcher(name);
        if (o.matches()) {
            m.add(
                    "rocelab_queue_occupancy_bytes",
                    Type.GAUGE,
                    "Bytes in a queue now (live runs only)",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "queue",
                    o.group(1),
                    "sai",
                    "SAI_QUEUE_STAT_CURR_OCCUPANCY_BYTES");
            return;
        }
        Matcher w = QUEUE_WATERMARK.matcher(name);
        if (w.matches()) {
            m.add(
                    "sonic_queue_watermark_bytes",
                    Type.COUNTER,
                    "Network device property: watermarks of queue",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "queue",
                    w.group(1),
                    "type",
                    "persistent",
                    "watermark",
                    "shared");
            return;
        }
        Matcher e = ECN.matcher(name);
        if (e.matches()) {
            String kind = e.group(2);
            String family = kind.equals("EcnMarked/pkts")
                    ? "rocelab_queue_ecn_marked_packets"
                    : kind.equals("EcnMarked/bytes")
                            ? "rocelab_queue_ecn_marked_bytes"
                            : "rocelab_queue_wred_dropped_packets";
            String sai = kind.equals("EcnMarked/pkts")
                    ? "SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS"
                    : kind.equals("EcnMarked/bytes")
                            ? "SAI_QUEUE_STAT_WRED_ECN_MARKED_BYTES"
                            : "SAI_QUEUE_STAT_WRED_DROPPED_PACKETS";
            m.add(
                    family,
                    Type.COUNTER,
                    "Queue " + kind + " (SONiC show queue wredcounters)",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "queue",
                    e.group(1),
                    "sai",
                    sai);
            return;
        }
        Matcher p = PFC.matcher(name);
        if (p.matches()) {
            String dir = p.group(1).toLowerCase(java.util.Locale.ROOT);
            String n = p.group(2);
            boolean duration = p.group(3) != null;
            String family = duration
                    ? "rocelab_port_pfc_" + dir + "_pause_duration_us"
                    : "rocelab_port_pfc_" + dir + "_packets";
            String sai = "SAI_PORT_STAT_PFC_" + n + "_" + dir.toUpperCase(java.util.Locale.ROOT)
                    + (duration ? "_PAUSE_DURATION_US" : "_PKTS");
            m.add(
                    family,
                    Type.COUNTER,
                    duration
                            ? "PFC pause time per priority (µs, SONiC show pfc counters)"
                            : "PFC frames per priority (SONiC show pfc counters)",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "priority",
                    n,
                    "sai",
                    sai);
            return;
        }
        Matcher g = PG.matcher(name);
        if (g.matches()) {
            boolean shared = g.group(2).equals("shared");
            m.add(
                    shared ? "rocelab_pg_shared_watermark_bytes" : "rocelab_pg_headroom_watermark_bytes",
                    Type.GAUGE,
                    "Ingress priority group watermark (bytes, SONiC show priority-group watermark)",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "pg",
                    g.group(1),
                    "sai",
                    shared
                            ? "SAI_INGRESS_PRIORITY_GROUP_STAT_SHARED_WATERMARK_BYTES"
                            : "SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES");
            return;
        }
        Matcher d = PFCWD.matcher(name);
        if (d.matches()) {
            String what = d.group(2).toLowerCase(java.util.Locale.ROOT).replace(' ', '_');
            m.add(
                    "rocelab_pfcwd_" + what,
                    Type.COUNTER,
                    "PFC watchdog " + d.group(2) + " (SONiC show pfcwd stats)",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "queue",
                    d.group(1));
            return;
        }
        if (name.equals("rx_err")) {
            m.add(
                    "sonic_interface_receive_errs",
                    Type.COUNTER,
                    "Number of receive errs on an interface",
                    v,
                    "device",
                    device,
                    "node",
                    node,
                    "type",
                    "error");
            return;
        }
        other(m, node, port, prio, name, v);
    }

    private static void switchDeviceCounter(MetricFamilies m, String node, String name, double v) {
        if (name.endsWith(" watermark") || name.endsWith(" size")) {
            int sp = name.lastIndexOf(' ');
            String pool = name.substring(0, sp);
            boolean size = name.endsWith(" size");
            m.add(
                    size ? "rocelab_buffer_pool_size_bytes" : "rocelab_buffer_pool_watermark_bytes",
                    Type.GAUGE,
                    size
                            ? "Buffer pool size (bytes)"
                            : "Buffer pool watermark (bytes, SONiC show buffer_pool watermark)",
                    v,
                    "node",
                    node,
                    "pool",
                    pool);
            return;
        }
        if (name.matches("[a-z_]+")) {
            m.add(
                    "rocelab_switch_dropped_packets",
                    Type.COUNTER,
                    "Packets the switch dropped, by reason",
                    v,
                    "node",
                    node,
                    "reason",
                    name);
            return;
        }
        other(m, node, CounterTable.NODE, CounterTable.ALL, name, v);
    }

    private static void hostCounter(MetricFamilies m, String node, String port, String prio, String name, double v) {
        if (port.equals(CounterTable.NODE)) {
            String ib = INFINIBAND.get(name);
            if (ib != null) {
                m.add(
                        "node_infiniband_" + ib,
                        Type.COUNTER,
                        "RDMA hardware counter " + name,
                        v,
                        "device",
                        "mlx5_0",
                        "node",
                        node,
                        "port",
                        "1");
                return;
            }
            if (name.endsWith("_phy") || name.startsWith("tx_pause_storm")) {
                m.add(ethtoolName(name), Type.UNKNOWN, "Network interface " + name, v, "device", node, "node", node);
                return;
            }
            other(m, node, port, prio, name, v);
            return;
        }
        m.add(ethtoolName(name), Type.UNKNOWN, "Network interface " + name, v, "device", port, "node", node);
    }

    /** node_exporter's buildEthtoolFQName: lower case, {@code rx}/{@code tx} words rewritten. */
    static String ethtoolName(String stat) {
        String n = stat.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_")
                .replaceAll("^_+", "");
        n = ETHTOOL_RX.matcher(n).replaceAll("$1received$2");
        n = ETHTOOL_TX.matcher(n).replaceAll("$1transmitted$2");
        return "node_ethtool_" + n;
    }

    private static void other(MetricFamilies m, String node, String port, String prio, String name, double v) {
        m.add(
                "rocelab_counter",
                Type.UNKNOWN,
                "A counter of counters.json no exporter names (docs/outputs.md)",
                v,
                "counter",
                name,
                "node",
                node,
                "port",
                port,
                "priority",
                prio);
    }
}
