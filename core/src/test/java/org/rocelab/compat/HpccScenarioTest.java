package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccScenarioTest {
    @TempDir
    Path dir;

    @Test
    void fatTreeScenario() {
        HpccScenario s = HpccScenario.load(HpccResources.file("fat_ws_config_dcqcn.txt"));
        assertThat(s.hostIds()).hasSize(320);
        assertThat(s.switches()).hasSize(56);
        assertThat(s.ports()).hasSize(960);
        assertThat(s.flows().flows()).hasSize(3201);
        assertThat(s.nicRateBps()).isEqualTo(100_000_000_000L);
        // host 0: one device, ifindex 1, towards ToR 320
        HpccScenario.Port h0 = port(s, 0, 1);
        assertThat(h0.peer()).isEqualTo(320);
        assertThat(h0.atSwitch()).isFalse();
        assertThat(h0.headroomBytes()).isZero();
        // ToR 320: 16 host ports (ifindex 1..16, file order) then 4 uplinks to Agg 340..343
        HpccScenario.Port down = port(s, 320, 1);
        assertThat(down.peer()).isEqualTo(0);
        assertThat(down.kminBytes()).isEqualTo(400_000);
        assertThat(down.kmaxBytes()).isEqualTo(1_600_000);
        assertThat(down.pmax()).isEqualTo(0.2);
        assertThat(down.headroomBytes()).isEqualTo(37_500); // 100G × 1000 ns / 8 / 1e9 × 3
        assertThat(down.pfcAlphaShift()).isEqualTo(3);
        HpccScenario.Port up = port(s, 320, 17);
        assertThat(up.peer()).isEqualTo(340);
        assertThat(up.rateBps()).isEqualTo(400_000_000_000L);
        assertThat(up.kminBytes()).isEqualTo(1_600_000);
        assertThat(up.kmaxBytes()).isEqualTo(6_400_000);
        assertThat(up.headroomBytes()).isEqualTo(150_000);
        assertThat(up.pfcAlphaShift()).isEqualTo(1); // 400G vs 100G NICs: 3 − 2
        HpccScenario.SwitchBuffer tor = s.switches().get(0);
        assertThat(tor)
                .isEqualTo(new HpccScenario.SwitchBuffer(320, 20, 33_554_432L, 16 * 37_500 + 4 * 150_000, 20 * 4096));
        // Agg 340: 4 ToR ports + 4 core ports, all 400G
        assertThat(s.switches().get(20))
                .isEqualTo(new HpccScenario.SwitchBuffer(340, 8, 33_554_432L, 8 * 150_000, 8 * 4096));
        assertThat(s.dcqcn())
                .isEqualTo(Map.ofEntries(
                        Map.entry("ALPHA_RESUME_INTERVAL", "1us"),
                        Map.entry("RATE_DECREASE_INTERVAL", "4us"),
                        Map.entry("RP_TIMER", "300us"),
                        Map.entry("EWMA_GAIN", "0.00390625"),
                        Map.entry("FAST_RECOVERY_TIMES", "1"),
                        Map.entry("RATE_AI", "20M"),
                        Map.entry("RATE_HAI", "200M"),
                        Map.entry("MIN_RATE", "1G"),
                        Map.entry("CLAMP_TARGET_RATE", "0"),
                        Map.entry("RATE_ON_FIRST_CNP", "1.0"),
                        Map.entry("PACKET_PAYLOAD_SIZE", "1000"),
                        Map.entry("L2_ACK_INTERVAL", "1"),
                        Map.entry("L2_BACK_TO_ZERO", "0"),
                        Map.entry("L2_CHUNK_SIZE", "4000"),
                        Map.entry("ACK_HIGH_PRIO", "1"),
                        Map.entry("NACK_INTERVAL", "500us")));
        assertThat(s.pathMetrics().standaloneFctNs(13, 6, 24_375)).isEqualTo(6206);
    }

    @Test
    void incastScenarioOnTheStar() {
        HpccScenario s = HpccScenario.load(HpccResources.file("incast_config_noecn.txt"));
        assertThat(s.config().ecnEnabled()).isFalse();
        assertThat(s.hostIds()).hasSize(65);
        assertThat(s.switches())
                .containsExactly(new HpccScenario.SwitchBuffer(0, 65, 33_554_432L, 65 * 37_500, 65 * 4096));
        assertThat(s.ports()).hasSize(130);
        assertThat(port(s, 0, 1).peer()).isEqualTo(1); // switch port towards host 1, the incast target
        assertThat(port(s, 0, 65).peer()).isEqualTo(65);
        assertThat(s.flows().flows()).hasSize(63).allMatch(f -> f.dst() == 1);
    }

    private static HpccScenario.Port port(HpccScenario s, int node, int ifIndex) {
        return s.ports().stream()
                .filter(p -> p.node() == node && p.ifIndex() == ifIndex)
                .findFirst()
                .orElseThrow();
    }

    private Path copyWith(String configName, String from, String to) throws IOException {
        for (String f :
                List.of("fat.txt", "topology.txt", "flow_incast63.txt", "flow_websearch_320hosts_load30_5ms.txt")) {
            Path target = dir.resolve(f);
            if (!Files.exists(target)) {
                Files.copy(HpccResources.file(f), target);
            }
        }
        Path cfg = dir.resolve(configName);
        String text = Files.readString(HpccResources.file(configName));
        assertThat(text).contains(from);
        Files.writeString(cfg, text.replace(from, to));
        return cfg;
    }

    @Test
    void missingEcnEntryForAPortRateNamesTheConfigLine() throws IOException {
        Path cfg = copyWith(
                "fat_ws_config_dcqcn.txt",
                "KMIN_MAP 2 100000000000 400 400000000000 1600",
                "KMIN_MAP 1 100000000000 400");
        assertThatThrownBy(() -> HpccScenario.load(cfg))
                .isInstanceOf(HpccFormatException.class)
                .hasMessage(cfg
                        + ":53: KMIN_MAP: no entry for 400000000000 bit/s, the rate of switch 320's link to node 340 (topology line 323);"
                        + " HPCC needs one per port speed");
    }

    @Test
    void kminAboveKmax() throws IOException {
        Path cfg = copyWith("incast_config_dcqcn.txt", "KMIN_MAP 1 100000000000 400", "KMIN_MAP 1 100000000000 2000");
        assertThatThrownBy(() -> HpccScenario.load(cfg))
                .hasMessage(cfg
                        + ":53: KMIN_MAP: Kmin 2000 KB for 100000000000 bit/s is above KMAX_MAP's 1600 KB (line 52)");
    }

    @Test
    void linkDownMustNameALink() throws IOException {
        Path cfg = copyWith("incast_config_dcqcn.txt", "LINK_DOWN 0 0 0", "LINK_DOWN 100 1 2");
        assertThatThrownBy(() -> HpccScenario.load(cfg))
                .hasMessage(cfg + ":48: LINK_DOWN: nodes 1 and 2 share no link in topology.txt");
        Path ok = copyWith("incast_config_dcqcn.txt", "LINK_DOWN 0 0 0", "LINK_DOWN 100 0 2");
        assertThat(HpccScenario.load(ok).config().linkDown().atPs()).isEqualTo(2_000_100_000_000L);
    }

    @Test
    void bufferSmallerThanHeadroomAndReserve() throws IOException {
        Path cfg = copyWith("incast_config_dcqcn.txt", "BUFFER_SIZE 32", "BUFFER_SIZE 2");
        // 65 × 37,500 + 65 × 4096 = 2,703,740 B > 2 MiB
        assertThatThrownBy(() -> HpccScenario.load(cfg))
                .hasMessage(cfg + ":55: BUFFER_SIZE: 2 MB (2097152 B) does not exceed"
                        + " switch 0's headroom + reserve (2703740 B); HPCC's PFC threshold would underflow");
    }

    @Test
    void missingFlowFileIsNamedWhereItWasResolved() throws IOException {
        Path cfg = copyWith("incast_config_dcqcn.txt", "FLOW_FILE flow_incast63.txt", "FLOW_FILE flows/none.txt");
        assertThatThrownBy(() -> HpccScenario.load(cfg))
                .hasMessage(dir.resolve("flows/none.txt") + ": flow file not found");
    }
}
