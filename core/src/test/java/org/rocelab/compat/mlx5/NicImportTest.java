package org.rocelab.compat.mlx5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.NicSpec;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.scenario.Trust;
import tools.jackson.databind.node.ObjectNode;

/** The host fixtures of examples/sonic/host read into nic keys, and the scenario that takes them. */
class NicImportTest {
    private static final Path HOST = Path.of("..", "examples", "sonic", "host");

    private static NicSpec load(ObjectNode nic) {
        String yaml = "topology: {kind: star, hosts: 2}\nnic: " + nic + "\n";
        return ScenarioLoader.parse(yaml, "t.yaml", List.of(), null).nic("h0");
    }

    @Test
    void mlnxQosGivesTrustPfcPriorityAndRxBuffer() {
        List<String> w = new ArrayList<>();
        ObjectNode nic = NicImport.read(HOST.resolve("mlnx_qos.txt"), null, null, w);
        assertThat(nic.toString()).isEqualTo("{\"trust\":\"dscp\",\"pfc\":[3],\"pcp\":3,\"rx_buffer\":130944}");
        NicSpec s = load(nic);
        assertThat(s.trust()).isEqualTo(Trust.DSCP);
        assertThat(s.pfc()).containsExactly(3);
        assertThat(s.rxBufferBytes()).isEqualTo(130_944);
        assertThat(w)
                .hasSize(10)
                .first()
                .asString()
                .endsWith("'DCBX mode: OS controlled' not modelled (rocelab NICs"
                        + " schedule their TCs in order of posting)");
    }

    @Test
    void mlxconfigGivesRoceModeAndFirmwareDcqcnValues() {
        List<String> w = new ArrayList<>();
        ObjectNode nic = NicImport.read(null, HOST.resolve("mlxconfig_q.txt"), null, w);
        NicSpec s = load(nic);
        assertThat(s.roce()).isEqualTo(org.rocelab.scenario.RoceVersion.V2);
        assertThat(s.cc().knobs())
                .containsEntry("rpg_time_reset", "300")
                .containsEntry("clamp_tgt_rate_ati", "1")
                .containsEntry("dce_tcp_g", "1019")
                .hasSize(16);
        assertThat(s.cnp().dscp()).isEqualTo(48);
        assertThat(s.cnp().minTimeBetweenCnpsPs()).isEqualTo(4_000_000L);
        assertThat(w)
                .containsExactly(
                        HOST.resolve("mlxconfig_q.txt") + ": SRIOV_EN False(0) not modelled",
                        HOST.resolve("mlxconfig_q.txt") + ": LINK_TYPE_P2 ETH(2) not modelled (rocelab reads port 1)");
    }

    @Test
    void sysfsParametersOverrideFirmwareAndDebugfsNamesMapToTheSameKnobs() {
        List<String> w = new ArrayList<>();
        NicSpec sysfs = load(NicImport.read(null, HOST.resolve("mlxconfig_q.txt"), HOST.resolve("sysfs"), w));
        assertThat(sysfs.cc().knobs())
                .containsEntry("rpg_time_reset", "100")
                .containsEntry("rpg_ai_rate", "10")
                .containsEntry("rpg_byte_reset", "32767");
        assertThat(sysfs.cnp().minTimeBetweenCnpsPs()).isEqualTo(8_000_000L);
        List<String> w2 = new ArrayList<>();
        NicSpec debugfs = load(NicImport.read(null, null, HOST.resolve("debugfs"), w2));
        assertThat(debugfs.cc().knobs())
                .containsEntry("rpg_time_reset", "200")
                .containsEntry("rpg_ai_rate", "20")
                .containsEntry("rpg_hai_rate", "200")
                .containsEntry("rpg_gd", "11")
                .hasSize(4);
        assertThat(debugfs.cnp().dscp()).isEqualTo(46);
        assertThat(w2).containsExactly(HOST.resolve("debugfs") + ": cc_params/np_cnp_prio_mode not modelled");
    }

    @Test
    void disabledRpOnTheRocePriorityTurnsDcqcnOff(@TempDir Path dir) throws Exception {
        Path rp = dir.resolve("ecn").resolve("roce_rp");
        Files.createDirectories(rp.resolve("enable"));
        Files.writeString(rp.resolve("enable").resolve("3"), "0\n");
        Files.writeString(rp.resolve("rpg_ai_rate"), "5\n");
        List<String> w = new ArrayList<>();
        assertThat(load(NicImport.read(null, null, dir, w)).cc().algorithm()).isEqualTo("none");
        assertThat(w).containsExactly("DCQCN is off for RoCE priority 3 (roce_rp/enable/3 = 0): nic.cc.algorithm none");
    }

    @Test
    void infinibandLinkIsBadInput(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("q.txt");
        Files.writeString(f, "Configurations:      Next Boot\n        LINK_TYPE_P1     IB(1)\n");
        assertThatThrownBy(() -> NicImport.read(null, f, null, new ArrayList<>()))
                .isInstanceOf(NicFormatException.class)
                .hasMessage(f + ":2: LINK_TYPE_P1: expected ETH(2) (RoCE runs on Ethernet), got IB(1)");
    }
}
