package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunWriterTest {
    @TempDir
    Path tmp;

    @Test
    void summaryJsonIsExact() {
        // incast: 2.5e6 bytes over [0, 100 us] = 200 Gb/s; h1->h0 1.5e6 B / 100 us = 120; h2->h0 1e6 B / 80 us = 100.
        // slowdowns 1.25 and 1.0: nearest rank p50 = 1st = 1, p95 = p99 = 2nd = 1.25.
        // bw: 5000 B in 500.5 ns = 79.920079.. Gb/s; slowdown 500500 / 400000 = 1.25125.
        // fct over all: 1, 1.25, 1.25125: p50 = 2nd, p95 = p99 = 3rd. Health: no base RTT (no stall
        // check), 2 lossless drops: degraded; flow 3 unfinished but not stuck (its destination
        // cannot be judged without a base RTT). Paused max: 2 us on sw0:h2, offered before sw0:h10.
        String expected = """
                {
                  "name": "incast-2to1",
                  "seed": 7,
                  "simulated_ns": 100000,
                  "events": 12345,
                  "health": "degraded",
                  "health_reason": "2 drops in a lossless class (buffer 2)",
                  "stalled_since_ns": null,
                  "unfinished_flows": {
                    "count": 1,
                    "ids": [
                      "incast/3"
                    ],
                    "stuck": 0,
                    "stuck_ids": []
                  },
                  "drops": {
                    "total": 4,
                    "buffer": 3,
                    "headroom": 0,
                    "wred": 0,
                    "acl": 0,
                    "mtu": 0,
                    "fcs": 1,
                    "ttl": 0,
                    "no_route": 0,
                    "link_down": 0,
                    "pfc_watchdog": 0,
                    "nic_rx": 0,
                    "nic_invalid": 0
                  },
                  "lossless_drops": {
                    "total": 2,
                    "buffer": 2,
                    "headroom": 0,
                    "wred": 0,
                    "acl": 0,
                    "mtu": 0,
                    "fcs": 0,
                    "ttl": 0,
                    "no_route": 0,
                    "link_down": 0,
                    "pfc_watchdog": 0,
                    "nic_rx": 0,
                    "nic_invalid": 0
                  },
                  "pfc": {
                    "pause_frames_tx": 10,
                    "pause_frames_rx": 8,
                    "paused_time_ns": 2500,
                    "paused_time_ns_max": 2000,
                    "paused_time_ns_max_port": "sw0:h2"
                  },
                  "ecn": {
                    "marked": 42
                  },
                  "cnp": {
                    "sent": 5,
                    "handled": 4
                  },
                  "workloads": [
                    {
                      "name": "incast",
                      "kind": "incast",
                      "goodput_gbps": 200,
                      "flows": 3,
                      "flows_completed": 2,
                      "fct_slowdown": {
                        "p50": 1,
                        "p95": 1.25,
                        "p99": 1.25
                      },
                      "per_flow": [
                        {
                          "src": "h1",
                          "dst": "h0",
                          "goodput_gbps": 120
                        },
                        {
                          "src": "h2",
                          "dst": "h0",
                          "goodput_gbps": 100
                        }
                      ]
                    },
                    {
                      "name": "bw",
                      "kind": "ib_write_bw",
                      "goodput_gbps": 79.92008,
                      "flows": 1,
                      "flows_completed": 1,
                      "fct_slowdown": {
                        "p50": 1.25125,
                        "p95": 1.25125,
                        "p99": 1.25125
                      },
                      "per_flow": [
                        {
                          "src": "h3",
                          "dst": "h0",
                          "goodput_gbps": 79.92008
                        }
                      ]
                    }
                  ],
                  "fct": {
                    "p50": 1.25,
                    "p95": 1.25125,
                    "p99": 1.25125
                  },
                  "fct_buckets": [
                    {
                      "bucket": "<10KB",
                      "flows": 1,
                      "p50": 1.25125,
                      "p95": 1.25125,
                      "p99": 1.25125
                    },
                    {
                      "bucket": "1MB-10MB",
                      "flows": 2,
                      "p50": 1,
                      "p95": 1.25,
                      "p99": 1.25
                    }
                  ],
                  "warnings": [
                    "flow 3 (h1->h0) did not complete"
                  ]
                }
                """;
        assertThat(Json.text(SummaryJson.of(SampleRun.build()))).isEqualTo(expected);
    }

    @Test
    void countersJsonNestsNodePortPriorityInNaturalOrder() {
        String expected = """
                {
                  "h0": {
                    "_node": {
                      "_all": {
                        "np_cnp_sent": 5
                      }
                    },
                    "sw0": {
                      "3": {
                        "rx_prio3_pause": 8
                      }
                    }
                  },
                  "h1": {
                    "sw0": {
                      "_all": {
                        "rx_corrected_bits_phy": 12.5
                      }
                    }
                  },
                  "sw0": {
                    "sw0:h2": {
                      "_all": {
                        "Tx PFC3": 6
                      }
                    },
                    "sw0:h10": {
                      "_all": {
                        "Tx PFC3": 4
                      }
                    }
                  }
                }
                """;
        assertThat(Json.text(CountersJson.of(SampleRun.build().counters()))).isEqualTo(expected);
    }

    @Test
    void topologyJsonListsNodesAndLinks() {
        String expected = """
                {
                  "nodes": [
                    {
                      "name": "sw0",
                      "kind": "switch"
                    },
                    {
                      "name": "h0",
                      "kind": "host"
                    },
                    {
                      "name": "h1",
                      "kind": "host"
                    }
                  ],
                  "links": [
                    {
                      "a": "sw0",
                      "b": "h0",
                      "speed_bps": 100000000000
                    },
                    {
                      "a": "sw0",
                      "b": "h1",
                      "speed_bps": 25000000000
                    }
                  ]
                }
                """;
        assertThat(Json.text(TopologyJson.of(SampleRun.build().topology()))).isEqualTo(expected);
    }

    @Test
    void fctCsvListsCompletedFlowsById() {
        String expected = """
                id,src,dst,bytes,start_ps,end_ps,fct_ns,ideal_fct_ns,slowdown
                0,h3,h0,5000,1000000,1500500,500.5,400,1.25125
                1,h1,h0,1000000,0,100000000,100000,80000,1.25
                2,h2,h0,1000000,0,80000000,80000,80000,1
                """;
        assertThat(FctCsv.of(SampleRun.build().workloads())).isEqualTo(expected);
    }

    @Test
    void qpCsvUsesOtgColumns() {
        String expected = """
                flow_name,port_tx,port_rx,src_qp,dest_qp,src_ipv4,dest_ipv4,data_frames_tx,data_frames_rx,\
                frame_delta,data_frames_retransmitted,frame_sequence_error,tx_bytes,rx_bytes,data_tx_rate,\
                data_rx_rate,message_tx,message_complete_rx,message_fail,flow_completion_time,avg_latency,\
                min_latency,max_latency,ecn_ce_rx,cnp_tx,cnp_rx,ack_tx,ack_rx,nak_tx,nak_rx,first_timestamp,\
                last_timestamp,src_ip,dst_ip,src_port,dst_port,hops
                bw/h3-h0/qp0,h3,h0,17,18,10.0.0.4,10.0.0.1,3,2,1,0,0,5000,5000,79.92,79.92,1,1,0,0.0005005,,,,\
                0,0,0,1,1,0,0,1000,1400.25,,,,,
                """;
        assertThat(QpCsv.of(SampleRun.build().qps())).isEqualTo(expected);
    }

    @Test
    void writesAllFilesWithExactTimeSeries() throws IOException {
        RunWriter.writeAll(tmp, SampleRun.build(), new RunInfo(2_000_000_000L, 12_345));
        assertThat(Files.readString(tmp.resolve("timeseries.csv"), StandardCharsets.UTF_8))
                .isEqualTo("""
                        time_ns,entity,metric,value
                        10000,sw0:h0/q3,queue_bytes,12345
                        10000,h1/qp1,rate_gbps,50
                        20000.5,sw0:h0/q3,queue_bytes,0
                        20000.5,h1/qp1,rate_gbps,37.123457
                        """);
        assertThat(tmp.resolve("summary.json")).exists();
        assertThat(Files.readString(tmp.resolve("run.json")))
                .contains("\"wall_time_s\": 2,")
                .contains("\"events_per_second\": 6172.5,");
    }

    @Test
    void streamedFilesAreTheTextForms() throws IOException {
        RunResult r = SampleRun.build();
        RunWriter.writeAll(tmp, r, null);
        assertThat(Files.readString(tmp.resolve("summary.json"))).isEqualTo(Json.text(SummaryJson.of(r)));
        assertThat(Files.readString(tmp.resolve("topology.json"))).isEqualTo(Json.text(TopologyJson.of(r.topology())));
        assertThat(Files.readString(tmp.resolve("fct.csv"))).isEqualTo(FctCsv.of(r.workloads()));
        assertThat(Files.readString(tmp.resolve("qp.csv"))).isEqualTo(QpCsv.of(r.qps()));
    }

    @Test
    void deterministicFilesAreByteIdenticalAcrossRuns() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        RunWriter.writeAll(a, SampleRun.build(), null);
        RunWriter.writeAll(b, SampleRun.build(), null);
        for (String f :
                new String[] {"summary.json", "counters.json", "topology.json", "fct.csv", "qp.csv", "timeseries.csv"
                }) {
            assertThat(Files.readAllBytes(a.resolve(f))).as(f).isEqualTo(Files.readAllBytes(b.resolve(f)));
        }
        assertThat(a.resolve("run.json")).doesNotExist();
    }

    @Test
    void counterFillOrderDoesNotChangeOutput() {
        CounterTable x = new CounterTable();
        CounterTable y = new CounterTable();
        x.set("sw1", "p", "3", "a", 1).set("sw0", "p10", "3", "b", 2).set("sw0", "p9", "_all", "c", 3);
        y.set("sw0", "p9", "_all", "c", 3).set("sw0", "p10", "3", "b", 2).set("sw1", "p", "3", "a", 1);
        assertThat(Json.text(CountersJson.of(x))).isEqualTo(Json.text(CountersJson.of(y)));
    }
}
