package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.stats.Json;

/** {@code rocelab bench}'s line shows the whole process's CPU beside the loop's and their ratio. */
class BenchLineTest {
    @Test
    void lineShowsProcessAndLoopCpuAndTheirRatio() throws Exception {
        String json = "{\"bench\":\"fat-tree-permutation\",\"wall_s\":53.458,\"cpu_s\":8.07,\"loop_cpu_s\":2.779,"
                + "\"cpu_over_loop\":2.904,\"simulated_ns\":5000000,\"events\":4444084,\"data_packet_hops\":2089036,"
                + "\"events_per_cpu_s\":550692,\"data_packet_hops_per_cpu_s\":258864,\"peak_heap_bytes\":225023184,"
                + "\"max_heap_bytes\":5620367360,\"peak_rss_bytes\":332865536,\"output_bytes\":11970446}";
        assertThat(BenchCommand.line(Json.mapper().readTree(json)))
                .isEqualTo("fat-tree-permutation      53.46 s wall     8.07 s CPU (loop 2.78 s, x2.90) | 5ms simulated,"
                        + " 4,444,084 events, 2,089,036 data-packet-hops | 550,692 events/CPU-s, 258,864 hops/CPU-s |"
                        + " heap peak 214 MB of 5,360 MB, RSS peak 317 MB | output 11,689 KB");
    }

    @Test
    void onThreadsTheLineAddsTheThreadsAndTheLoopsWallTime() throws Exception {
        String json =
                "{\"bench\":\"hpcc-fat-tree\",\"wall_s\":26.974,\"cpu_s\":52.76,\"threads\":2,\"loop_wall_s\":25.567,"
                        + "\"loop_cpu_s\":50.09,\"cpu_over_loop\":1.053,\"simulated_ns\":10740182,\"events\":91037670,"
                        + "\"data_packet_hops\":29639598,\"events_per_cpu_s\":1725505,\"data_packet_hops_per_cpu_s\":561782,"
                        + "\"peak_heap_bytes\":209756560,\"max_heap_bytes\":5620367360,\"peak_rss_bytes\":305479680,"
                        + "\"output_bytes\":11248749}";
        assertThat(BenchCommand.line(Json.mapper().readTree(json)))
                .isEqualTo(
                        "hpcc-fat-tree             26.97 s wall    52.76 s CPU (loop 50.09 s, x1.05, 2 threads, loop wall"
                                + " 25.57 s) | 10740182ns simulated, 91,037,670 events, 29,639,598 data-packet-hops |"
                                + " 1,725,505 events/CPU-s, 561,782 hops/CPU-s | heap peak 200 MB of 5,360 MB, RSS peak 291 MB"
                                + " | output 10,985 KB");
    }

    @Test
    void oneThreadInWindowsAddsThePartitions() throws Exception {
        String json = "{\"bench\":\"hpcc-fat-tree\",\"wall_s\":30.737,\"cpu_s\":33.85,\"threads\":1,\"partitions\":56,"
                + "\"windows\":12822,\"windowed_until_ns\":10740182,\"loop_wall_s\":29.444,\"loop_cpu_s\":29.294,"
                + "\"cpu_over_loop\":1.156,\"simulated_ns\":10740182,\"events\":91037670,\"data_packet_hops\":29639598,"
                + "\"events_per_cpu_s\":2689444,\"data_packet_hops_per_cpu_s\":875616,\"peak_heap_bytes\":209756560,"
                + "\"max_heap_bytes\":5620367360,\"peak_rss_bytes\":305479680,\"output_bytes\":11248749}";
        assertThat(BenchCommand.line(Json.mapper().readTree(json)))
                .isEqualTo("hpcc-fat-tree             30.74 s wall    33.85 s CPU (loop 29.29 s, x1.16, windows of 56"
                        + " partitions) | 10740182ns simulated, 91,037,670 events, 29,639,598 data-packet-hops |"
                        + " 2,689,444 events/CPU-s, 875,616 hops/CPU-s | heap peak 200 MB of 5,360 MB, RSS peak 291 MB"
                        + " | output 10,985 KB");
    }
}
