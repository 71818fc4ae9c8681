package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rocelab.stats.Json;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.QpTuple;
import org.rocelab.stats.RoutesJson;
import org.rocelab.stats.RunResult;

/**
 * qp.csv's 5-tuple and hops columns and routes.json: exact on paths that can be derived by hand,
 * and checked against the switches' own packet counters on an ECMP fabric, so the hops are the
 * path the packets really took.
 */
class QpPathTest {
    /**
     * The deadlock ring's static route sends h0's traffic for h2 through sw1 although sw3 is as
     * short; the QP's tuple is its NIC's first QPN's entropy port 0xC000 | 0x100 = 49408 → 4791.
     */
    @Test
    void staticRouteDecidesTheRingPath() {
        RunResult r = FabricRun.example("pfc-deadlock.yaml", "duration=20us");
        QpTuple t = r.qps().get(0).tuple;
        assertThat(t)
                .isEqualTo(new QpTuple(
                        "10.0.0.1", "10.0.0.3", 49408, 4791, List.of("h0:sw0", "sw0:sw1", "sw1:sw2", "sw2:h2")));
        assertThat(r.qps().get(0).tuple.hopsText()).isEqualTo("h0:sw0|sw0:sw1|sw1:sw2|sw2:h2");
    }

    /**
     * routes.json of the ring: sw0 reaches h0 directly, h1 and h3 over their ring ports, and h2
     * (two hops either way: a computed ECMP pair) through the static route's sw1 only.
     */
    @Test
    void routesJsonListsTheRoutesInForce() {
        RunResult r = FabricRun.example("pfc-deadlock.yaml", "duration=20us");
        String sw0 = Json.text(RoutesJson.of(r.routes()).get("sw0"));
        assertThat(sw0).isEqualTo("""
                {
                  "ecmp": {
                    "fields": ["src_ip", "dst_ip", "proto", "src_port", "dst_port"],
                    "seed": 0
                  },
                  "routes": [
                    {"prefix": "10.0.0.1/32", "next_hops": ["sw0:h0"], "static": false},
                    {"prefix": "10.0.0.2/32", "next_hops": ["sw0:sw1"], "static": false},
                    {"prefix": "10.0.0.3/32", "next_hops": ["sw0:sw1"], "static": true},
                    {"prefix": "10.0.0.4/32", "next_hops": ["sw0:sw3"], "static": false}
                  ]
                }
                """.replaceAll(
                        "\\{\"prefix\": (\\S+), \"next_hops\": \\[(\\S+)\\], \"static\": (\\w+)}",
                        "{\n" + "      \"prefix\": $1,\n      \"next_hops\": [$2],\n      \"static\": $3\n    }")
                .replace(
                        "[\"src_ip\", \"dst_ip\", \"proto\", \"src_port\", \"dst_port\"]",
                        "[\n      \"src_ip\",\n"
                                + "      \"dst_ip\",\n      \"proto\",\n      \"src_port\",\n      \"dst_port\"\n    ]")
                .replaceAll("\\[\"(sw0:\\w+)\"]", "[\n        \"$1\"\n      ]"));
        assertThat(RoutesJson.of(r.routes()).propertyNames()).containsExactly("sw0", "sw1", "sw2", "sw3");
    }

    /**
     * Eight QPs (20 messages each, all delivered well within the run, so no frame is still queued)
     * from leaf0's hosts to leaf1's over two spines: every QP's hops are host → leaf0 →
     * spine → leaf1 → host, both spines are used, and on every uplink the switch's transmitted
     * packets (all queues) equal the data frames of the QPs whose hops name that port (data is the only
     * traffic from leaf0 to leaf1: ACKs and CNPs go the other way).
     */
    @Test
    void hopsAreThePathThePacketsTook() {
        RunResult r = FabricRun.yaml("""
                name: hops
                duration: 200us
                topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4, link: {speed: 100G}}
                nic: {cc: {algorithm: none}}
                workloads:
                  - {name: bw, kind: ib_write_bw, from: [h0, h1, h2, h3], to: [h4, h5, h6, h7], qps: 2, size: 8KB, iterations: 20}
                """);
        Map<String, Long> framesByPort = new HashMap<>();
        Set<String> spines = new HashSet<>();
        assertThat(r.qps()).hasSize(8);
        for (QpRecord q : r.qps()) {
            List<String> hops = q.tuple.hops();
            assertThat(hops).hasSize(4);
            assertThat(hops.get(0)).isEqualTo(q.portTx);
            assertThat(hops.get(1)).matches("leaf0:spine[01]");
            String spine = hops.get(1).substring(6);
            assertThat(hops.get(2)).isEqualTo(spine + ":leaf1");
            assertThat(hops.get(3)).isEqualTo("leaf1:" + q.portRx.substring(0, q.portRx.indexOf(':')));
            assertThat(q.tuple.srcPort()).isEqualTo(0xC000 | (int) q.srcQp);
            assertThat(q.messageCompleteRx).isEqualTo(20);
            spines.add(spine);
            for (String h : hops.subList(1, 3)) {
                framesByPort.merge(h, q.dataFramesTx, Long::sum);
            }
        }
        assertThat(spines).containsExactlyInAnyOrder("spine0", "spine1");
        for (String port : List.of("leaf0:spine0", "leaf0:spine1", "spine0:leaf1", "spine1:leaf1")) {
            String node = port.substring(0, port.indexOf(':'));
            long sent = 0;
            for (int q = 0; q < 8; q++) {
                sent += r.counters()
                        .get(node, port, "_all", "UC" + q + " Counter/Pkts")
                        .longValue();
            }
            assertThat(sent).as(port).isEqualTo(framesByPort.getOrDefault(port, 0L));
        }
    }
}
