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
 * routes.json streamed from the route table ({@link RoutesJson#write}) is the document the JSON
 * tree gives ({@link RoutesJson#of}), each route on one line: on the 2-leaf, 2-spine fabric of
 * leaf-spine-misconfig (static routes on leaf0, ECMP groups of two), and on tables with an empty
 * field list, an empty route list, a name to escape and none at all, byte for byte.
 */
class RoutesJsonStreamTest {
    @Test
    void streamedRoutesOfAFourSwitchFabricAreTheTreesDocument(@TempDir Path dir) throws Exception {
        RunResult r = FabricRun.example("leaf-spine-misconfig.yaml");
        RouteTable t = r.routes();
        assertThat(t.switches().keySet()).containsExactly("leaf0", "leaf1", "spine0", "spine1");
        StringWriter streamed = new StringWriter();
        RoutesJson.write(t, streamed);
        String text = streamed.toString();
        assertThat(Json.compact(Json.mapper().readTree(text))).isEqualTo(Json.compact(RoutesJson.of(t)));
        // leaf0's static route to h4 and a computed ECMP route, one line each
        assertThat(text)
                .contains(
                        "\n      {\"prefix\": \"10.0.0.5/32\", \"next_hops\": [\"leaf0:spine0\"], \"static\": true},\n")
                .contains("\n      {\"prefix\": \"10.0.0.8/32\", \"next_hops\": [\"leaf0:spine0\", \"leaf0:spine1\"],"
                        + " \"static\": false}\n    ]\n");
        // the braces of the file, and per switch: 8 routes to the hosts' /32s, one line each, 5 ECMP
        // fields, one line each, and 9 lines of its frame (name, ecmp, fields, their end, seed,
        // ecmp's end, routes, their end, the switch's end)
        assertThat(text.lines()).hasSize(2 + 4 * (8 + 5 + 9));
        RunWriter.writeAll(dir, r, null);
        assertThat(Files.readAllBytes(dir.resolve(RunWriter.ROUTES))).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyListsEscapedNamesAndEmptyTablesAreWrittenExactly() throws Exception {
        RouteTable t = new RouteTable()
                .put("sw10", new RouteTable.SwitchRoutes(List.of(), 7, List.of()))
                .put(
                        "sw2",
                        new RouteTable.SwitchRoutes(
                                List.of("dst_ip"),
                                0,
                                List.of(
                                        new RouteTable.Entry("10.0.0.1/32", List.of(), true),
                                        new RouteTable.Entry("10.0.0.2/32", List.of("sw2:\"q\\"), false))));
        StringWriter streamed = new StringWriter();
        RoutesJson.write(t, streamed);
        assertThat(streamed.toString()).isEqualTo("""
                        {
                          "sw2": {
                            "ecmp": {
                              "fields": [
                                "dst_ip"
                              ],
                              "seed": 0
                            },
                            "routes": [
                              {"prefix": "10.0.0.1/32", "next_hops": [], "static": true},
                              {"prefix": "10.0.0.2/32", "next_hops": ["sw2:\\"q\\\\"], "static": false}
                            ]
                          },
                          "sw10": {
                            "ecmp": {
                              "fields": [],
                              "seed": 7
                            },
                            "routes": []
                          }
                        }
                        """);
        assertThat(Json.compact(Json.mapper().readTree(streamed.toString()))).isEqualTo(Json.compact(RoutesJson.of(t)));
        StringWriter empty = new StringWriter();
        RoutesJson.write(new RouteTable(), empty);
        assertThat(empty.toString()).isEqualTo("{}\n");
    }
}
