package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import org.rocelab.stats.RouteTable;
import org.rocelab.stats.RoutesJson;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;

/**
 * routes.json streamed from the route table ({@link RoutesJson#write}) is byte for byte the
 * document the JSON tree gave ({@code Json.text(RoutesJson.of(table))}): on the 2-leaf, 2-spine
 * fabric of leaf-spine-misconfig (static routes on leaf0, ECMP groups of two), and on tables with an
 * empty field list, an empty route list and none at all.
 */
class RoutesJsonStreamTest {
    @Test
    void streamedRoutesOfAFourSwitchFabricAreTheTreesBytes(@TempDir Path dir) throws Exception {
        RunResult r = FabricRun.example("leaf-spine-misconfig.yaml");
        RouteTable t = r.routes();
        assertThat(t.switches().keySet()).containsExactly("leaf0", "leaf1", "spine0", "spine1");
        String tree = Json.text(RoutesJson.of(t));
        assertThat(tree).contains("\"static\": true", "\"static\": false");
        StringWriter streamed = new StringWriter();
        RoutesJson.write(t, streamed);
        assertThat(streamed.toString()).isEqualTo(tree);
        RunWriter.writeAll(dir, r, null);
        assertThat(Files.readAllBytes(dir.resolve(RunWriter.ROUTES))).isEqualTo(tree.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyListsAndTablesStreamAsTheTreeWritesThem() throws Exception {
        RouteTable t = new RouteTable()
                .put("sw10", new RouteTable.SwitchRoutes(List.of(), 7, List.of()))
                .put(
                        "sw2",
                        new RouteTable.SwitchRoutes(
                                List.of("dst_ip"), 0, List.of(new RouteTable.Entry("10.0.0.1/32", List.of(), true))));
        StringWriter streamed = new StringWriter();
        RoutesJson.write(t, streamed);
        assertThat(streamed.toString()).isEqualTo(Json.text(RoutesJson.of(t)));
        StringWriter empty = new StringWriter();
        RoutesJson.write(new RouteTable(), empty);
        assertThat(empty.toString())
                .isEqualTo(Json.text(RoutesJson.of(new RouteTable())))
                .isEqualTo("{}\n");
    }
}
