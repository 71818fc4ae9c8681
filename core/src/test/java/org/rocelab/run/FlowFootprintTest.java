package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.packet.Packet;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.workload.RdmaPair;

/**
 * What a flow in progress and a packet in flight hold on the heap (docs/architecture.md, Memory),
 * measured without an agent as the heap in use after full collections with N of them held and
 * with 2N: (used(2N) − used(N)) / N, so what the fabric itself holds cancels. A flow's verbs objects
 * are a {@link RdmaPair} as a {@code flows} workload opens it (PD, MR and CQ on each side, two
 * connected QPs with 4-deep queues); a packet is one taken from the fabric's pool (the object and
 * its arrays). Measured on JDK 17 with compressed oops: about 4,900 B a pair, 410 B a packet;
 * the bounds fail if a pair grows back toward the 11.2 KB it held when its CQs were pre-filled.
 */
class FlowFootprintTest {
    private static final int N = 10_000;

    @TempDir
    Path tmp;

    private static long usedAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(
                    used,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    @Test
    void bytesPerFlowPairAndPerPacket() throws Exception {
        Path file = tmp.resolve("two.yaml");
        Files.writeString(
                file,
                "name: two\nduration: 1ms\ntopology: {kind: star, hosts: 2, link: {speed: 100G, length: 2m}}\n"
                        + "workloads: []\n",
                StandardCharsets.UTF_8);
        Scenario s = ScenarioLoader.load(file, List.of());
        Fabric f = FabricBuilder.build(s, 1);
        Object[] held = new Object[2 * N + 8 * N];
        int n = 0;
        long base = 0;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < N; i++) {
                held[n++] = RdmaPair.connect(f, "h0", "h1", 40_000, 4, wc -> {}, null);
            }
            long used = usedAfterGc();
            base = round == 0 ? used : base;
            if (round == 1) {
                long perPair = (used - base) / N;
                System.out.println("bytes per QP pair of a flow: " + perPair);
                assertThat(perPair).isBetween(2_000L, 6_000L);
            }
        }
        base = usedAfterGc();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 4 * N; i++) {
                held[n++] = f.pool().acquire();
            }
            long used = usedAfterGc();
            if (round == 1) {
                long perPacket = (used - base) / (4 * N);
                System.out.println("bytes per packet in flight: " + perPacket);
                assertThat(perPacket).isBetween(250L, 550L);
            }
            base = used;
        }
        assertThat(held[held.length - 1]).isInstanceOf(Packet.class);
    }
}
