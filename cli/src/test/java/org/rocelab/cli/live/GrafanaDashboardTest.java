package org.rocelab.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.cli.Main;
import org.rocelab.web.FabricCounters;
import org.rocelab.web.FabricMetrics;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** examples/grafana's dashboard queries only metric names that a twin's /metrics emits. */
class GrafanaDashboardTest {
    private static final Pattern METRIC = Pattern.compile("\\b((?:sonic|node|rocelab)_[a-z0-9_]+)");

    @TempDir
    Path dir;

    @Test
    void everyQueriedMetricIsEmitted() throws Exception {
        assertThat(Main.run(
                        "run",
                        LiveViewTest.EXAMPLE,
                        "--duration",
                        "2ms",
                        "--out",
                        dir.resolve("r").toString()))
                .isZero();
        Set<String> emitted = new TreeSet<>(FabricMetrics.queryNames(FabricCounters.read(dir.resolve("r"))));
        JsonNode dashboard =
                new ObjectMapper().readTree(Files.readString(Path.of("../examples/grafana/rocelab-roce.json")));
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher m = METRIC.matcher(target.path("expr").asString());
                while (m.find()) {
                    queried.add(m.group(1));
                }
            }
        }
        assertThat(queried)
                .contains(
                        "rocelab_port_pfc_rx_packets_total",
                        "rocelab_queue_ecn_marked_packets_total",
                        "sonic_queue_watermark_bytes_total",
                        "node_ethtool_transmitted_prio3_pause");
        // the queue-depth gauge exists while a run is live only (a moment, not a count); LiveViewTest
        // finds it in a scrape taken during the run
        emitted.add("rocelab_queue_occupancy_bytes");
        assertThat(queried).contains("rocelab_queue_occupancy_bytes");
        assertThat(emitted).containsAll(queried);
    }
}
