package org.rocelab.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.cli.Main;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code run --live} on an example: /metrics scraped while the run is going passes the strict
 * parser; at the end every mapped counter of counters.json is in the scrape with counters.json's
 * value (live and through the finished run's /runs/ID/metrics); and every output file but
 * run.json is byte for byte what the same run without {@code --live} writes.
 */
class LiveViewTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String EXAMPLE = "../examples/incast-ecn-dcqcn.yaml";
    /** Long enough (in simulated time) for a few snapshots on a loaded machine. */
    static final String DURATION = "200ms";

    static final double END_S = 0.200;

    @TempDir
    Path dir;

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static HttpResponse<byte[]> get(int port, String path, String accept) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (accept != null) {
            b.header("Accept", accept);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static JsonNode state(int port) throws Exception {
        return JSON.readTree(get(port, "/api/state", null).body());
    }

    /** Starts {@code rocelab run ... --live} on its own thread; the exit code lands in {@code exit}. */
    static Thread startLive(AtomicInteger exit, String... args) {
        Thread t = new Thread(() -> exit.set(Main.run(args)), "live-run-under-test");
        t.start();
        return t;
    }

    /** Waits for the server to answer (the fabric is built first). */
    static void awaitServer(int port) throws Exception {
        for (int i = 0; i < 600; i++) {
            try {
                get(port, "/api/state", null);
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the live view did not come up on port " + port);
    }

    @Test
    void scrapesMatchCountersJsonAndOutputsAreUnchanged() throws Exception {
        StrictMetricsParser.require();
        Path plain = dir.resolve("plain");
        Path live = dir.resolve("live");
        assertThat(Main.run("run", EXAMPLE, "--duration", DURATION, "--out", plain.toString()))
                .isZero();

        int port = freePort();
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = startLive(
                exit,
                "run",
                EXAMPLE,
                "--duration",
                DURATION,
                "--out",
                live.toString(),
                "--live",
                "--port",
                String.valueOf(port),
                "--live-for",
                "4");
        awaitServer(port);
        // during the run: a snapshot before the end, scraped, then parsed strictly
        byte[] during = null;
        java.util.regex.Pattern simTime = java.util.regex.Pattern.compile("(?m)^rocelab_simulated_seconds (\\S+)$");
        for (int i = 0; i < 1200 && during == null; i++) {
            JsonNode r = state(port).path("runs").get(0);
            if (r.path("done").asBoolean()) {
                break;
            }
            if (r.path("started").asBoolean()) {
                HttpResponse<byte[]> m = get(port, "/metrics", "application/openmetrics-text; version=1.0.0");
                assertThat(m.statusCode()).isEqualTo(200);
                java.util.regex.Matcher t =
                        simTime.matcher(new String(m.body(), java.nio.charset.StandardCharsets.UTF_8));
                if (t.find() && Double.parseDouble(t.group(1)) < END_S) {
                    during = m.body();
                }
            }
            Thread.sleep(20);
        }
        assertThat(during).as("a scrape while the run was going").isNotNull();
        Map<String, Double> duringSamples = StrictMetricsParser.parse(during, dir);
        assertThat(duringSamples.get("rocelab_simulated_seconds{}"))
                .isGreaterThan(0)
                .isLessThan(END_S);
        assertThat(duringSamples).containsKey("sonic_queue_packets_total{device=\"sw0:h0\",node=\"sw0\",queue=\"3\"}");
        // the queue-depth gauge is there while the run goes on (a moment, not a count: not in counters.json)
        String occupancy = "rocelab_queue_occupancy_bytes{device=\"sw0:h0\",node=\"sw0\",queue=\"3\","
                + "sai=\"SAI_QUEUE_STAT_CURR_OCCUPANCY_BYTES\"}";
        assertThat(duringSamples.get(occupancy)).isNotNull().isGreaterThanOrEqualTo(0.0);
        // at the end: the last snapshot is counters.json
        for (int i = 0;
                i < 1200 && !state(port).path("runs").get(0).path("done").asBoolean();
                i++) {
            Thread.sleep(50);
        }
        Map<String, Double> end =
                StrictMetricsParser.parse(get(port, "/metrics", null).body(), dir);
        // the outputs are written (all at once) after the simulation's last snapshot
        for (int i = 0; i < 1200 && !Files.isRegularFile(live.resolve("summary.json")); i++) {
            Thread.sleep(50);
        }
        Map<String, Double> finished = StrictMetricsParser.parse(
                get(port, "/runs/live/metrics", "application/openmetrics-text; version=1.0.0")
                        .body(),
                dir);
        // the server would stay up for --live-for; stopping the command's thread ends it (exit 0)
        run.interrupt();
        run.join(120_000);
        assertThat(exit.get()).isZero();

        JsonNode counters = JSON.readTree(Files.readString(live.resolve("counters.json")));
        List<String> checked = expectedSamples(counters, end);
        assertThat(checked.size()).as("mapped counters checked").isGreaterThan(1000);
        expectedSamples(counters, finished);
        assertThat(end.get("rocelab_simulated_seconds{}")).isEqualTo(END_S);
        assertThat(end).doesNotContainKey(occupancy);

        assertSameFilesButRunJson(plain, live);
    }

    /**
     * Checks every counter of counters.json that the mapping (docs/outputs.md) gives an exporter's
     * name, written out here from the table rather than from the server's code; returns them.
     */
    static List<String> expectedSamples(JsonNode counters, Map<String, Double> scrape) {
        List<String> checked = new ArrayList<>();
        for (Map.Entry<String, JsonNode> node : counters.properties()) {
            String n = node.getKey();
            boolean sw = n.startsWith("sw");
            for (Map.Entry<String, JsonNode> port : node.getValue().properties()) {
                String p = port.getKey();
                for (Map.Entry<String, JsonNode> prio : port.getValue().properties()) {
                    for (Map.Entry<String, JsonNode> c : prio.getValue().properties()) {
                        String key = sample(sw, n, p, c.getKey());
                        if (key == null) {
                            continue;
                        }
                        assertThat(scrape).as(key).containsKey(key);
                        assertThat(scrape.get(key))
                                .as(key)
                                .isEqualTo(c.getValue().asDouble());
                        checked.add(key);
                    }
                }
            }
        }
        return checked;
    }

    private static String sample(boolean sw, String node, String port, String counter) {
        if (!sw && port.equals("_node")) {
            String ib = Map.of(
                            "np_cnp_sent", "np_cnp_packets_sent_total",
                            "rp_cnp_handled", "rp_cnp_packets_handled_total",
                            "out_of_sequence", "out_of_sequence_packets_received_total",
                            "np_ecn_marked_roce_packets", "np_ecn_marked_roce_packets_received_total",
                            "packet_seq_err", "packet_sequence_errors_total")
                    .get(counter);
            return ib == null ? null : "node_infiniband_" + ib + "{device=\"mlx5_0\",node=\"" + node + "\",port=\"1\"}";
        }
        if (!sw) {
            String m = counter.replaceFirst("^rx_", "received_").replaceFirst("^tx_", "transmitted_");
            return "node_ethtool_" + m + "{device=\"" + port + "\",node=\"" + node + "\"}";
        }
        java.util.regex.Matcher q = java.util.regex.Pattern.compile(
                        "UC(\\d) (Counter|Drop|EcnMarked)/(Pkts|Bytes|pkts|bytes)")
                .matcher(counter);
        String labels = "device=\"" + port + "\",node=\"" + node + "\"";
        if (q.matches()) {
            String what = q.group(3).toLowerCase(java.util.Locale.ROOT).equals("pkts") ? "packets" : "bytes";
            return switch (q.group(2)) {
                case "Counter" -> "sonic_queue_" + what + "_total{" + labels + ",queue=\"" + q.group(1) + "\"}";
                case "Drop" -> "sonic_queue_dropped_" + what + "_total{" + labels + ",queue=\"" + q.group(1) + "\"}";
                default ->
                    "rocelab_queue_ecn_marked_" + what + "_total{" + labels + ",queue=\"" + q.group(1)
                            + "\",sai=\"SAI_QUEUE_STAT_WRED_ECN_MARKED_" + what.toUpperCase(java.util.Locale.ROOT)
                            + "\"}";
            };
        }
        java.util.regex.Matcher pfc =
                java.util.regex.Pattern.compile("(Rx|Tx) PFC(\\d)").matcher(counter);
        if (pfc.matches()) {
            String d = pfc.group(1).toLowerCase(java.util.Locale.ROOT);
            return "rocelab_port_pfc_" + d + "_packets_total{" + labels + ",priority=\"" + pfc.group(2)
                    + "\",sai=\"SAI_PORT_STAT_PFC_" + pfc.group(2) + "_" + d.toUpperCase(java.util.Locale.ROOT)
                    + "_PKTS\"}";
        }
        java.util.regex.Matcher wm = java.util.regex.Pattern.compile("UC(\\d)").matcher(counter);
        if (wm.matches()) {
            return "sonic_queue_watermark_bytes_total{" + labels + ",queue=\"" + wm.group(1)
                    + "\",type=\"persistent\",watermark=\"shared\"}";
        }
        return null;
    }

    static void assertSameFilesButRunJson(Path a, Path b) throws IOException {
        TreeSet<String> na = names(a);
        assertThat(names(b)).isEqualTo(na);
        assertThat(na).contains("counters.json", "summary.json", "timeseries.csv", "report.html");
        for (String f : na) {
            if (!f.equals("run.json")) {
                assertThat(Files.readAllBytes(b.resolve(f))).as(f).isEqualTo(Files.readAllBytes(a.resolve(f)));
            }
        }
    }

    private static TreeSet<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            TreeSet<String> out = new TreeSet<>();
            s.forEach(p -> out.add(p.getFileName().toString()));
            return out;
        }
    }
}
