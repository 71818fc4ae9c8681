package org.rocelab.compat.sonic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;
import org.rocelab.scenario.AclRule;
import org.rocelab.scenario.EcnSpec;
import org.rocelab.scenario.PortSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.scenario.TopologyLayout;
import org.rocelab.scenario.WatchdogAction;

/** The two fixtures imported, table by table: each CONFIG_DB value in the scenario key it belongs to. */
class SonicImportTablesTest {
    private static final Scenario MLX = SonicFixtures.scenario(SonicFixtures.dbs(SonicFixtures.MELLANOX));
    private static final Scenario BCM = SonicFixtures.scenario(SonicFixtures.dbs(SonicFixtures.BROADCOM));

    @Test
    void deviceNeighborAndPortMakeTheCablingWithSonicNames() {
        assertThat(MLX.switches()).containsExactly("leaf0", "leaf1", "spine0", "spine1");
        assertThat(MLX.hosts()).containsExactly("server0", "server1", "server2", "server3");
        List<TopologyLayout.Cable> at = MLX.layout().cablesAt("leaf0");
        assertThat(at).extracting(c -> c.peerOf("leaf0")).containsExactly("server0", "server1", "spine0", "spine1");
        TopologyLayout.Cable up = MLX.layout().cable("leaf0", "spine1");
        assertThat(up.config().speedBps()).isEqualTo(100_000_000_000L);
        assertThat(up.config().fec()).isEqualTo(FecMode.RS);
        assertThat(MLX.layout().links()).hasSize(8);
        PortSpec p = MLX.switchSpec("leaf0").port("spine1");
        assertThat(p.name()).isEqualTo("Ethernet12");
        assertThat(p.alias()).isEqualTo("etp4");
        assertThat(MLX.switchSpec("spine0").port("leaf1").name()).isEqualTo("Ethernet4");
        assertThat(MLX.switchSpec("leaf0").mtu()).isEqualTo(9100);
    }

    @Test
    void cableLengthIsTheCablesLength() {
        assertThat(MLX.layout().cable("leaf0", "server0").config().lengthM()).isEqualTo(5.0);
        assertThat(MLX.layout().cable("leaf1", "spine0").config().lengthM()).isEqualTo(40.0);
        assertThat(MLX.layout().cable("leaf1", "spine0").config().propagationPs())
                .isEqualTo(200_000L);
    }

    @Test
    void dynamicModelComputesLosslessProfilesAsTheBufferManager() {
        SwitchSpec leaf = MLX.switchSpec("leaf0");
        // 100G 5 m MTU 9100: xoff 72704 + xon 18432; 40 m: xoff 80896 + xon 18432 (roce-facts.md §2.2)
        assertThat(leaf.pfc().headroomAuto()).isFalse();
        assertThat(leaf.pfc().headroomBytes()).isEqualTo(91_136);
        assertThat(leaf.port("spine0").headroomBytes()).isEqualTo(99_328);
        assertThat(leaf.port("server0").headroomBytes()).isEqualTo(-1);
        assertThat(MLX.switchSpec("spine1").pfc().headroomBytes()).isEqualTo(99_328);
        assertThat(leaf.pfc().xonOffsetBytes()).isEqualTo(18_432);
        assertThat(leaf.buffer().dynamicTh()).isZero(); // DEFAULT_LOSSLESS_BUFFER_PARAMETER default_dynamic_th
        assertThat(leaf.buffer().sizeBytes()).isEqualTo(32_000_000L); // pool without size: rocelab default
    }

    @Test
    void staticBufferProfileFieldsLandInHeadroomXonOffsetThresholdAndPool() {
        SwitchSpec leaf = BCM.switchSpec("leaf0");
        // pg_lossless_100000_5m_profile: size 1248 < xoff 165568, so xoff is the headroom
        assertThat(leaf.pfc().headroomBytes()).isEqualTo(165_568);
        assertThat(leaf.port("spine0").headroomBytes()).isEqualTo(177_632);
        assertThat(leaf.pfc().xonOffsetBytes()).isEqualTo(2288);
        assertThat(leaf.buffer().dynamicTh()).isEqualTo(-3);
        assertThat(leaf.buffer().sizeBytes()).isEqualTo(12_766_208L); // [BUFFER_POOL|ingress_lossless_pool] size
    }

    @Test
    void qosMapsBecomeTheSwitchMaps() {
        for (Scenario s : List.of(MLX, BCM)) {
            SwitchSpec sw = s.switchSpec("spine0");
            assertThat(sw.dscpToTc().get(26)).isEqualTo(3);
            assertThat(sw.dscpToTc().get(48)).isEqualTo(6);
            assertThat(sw.dscpToTc().get(46)).isEqualTo(5);
            assertThat(sw.dscpToTc().get(0)).isEqualTo(1);
            assertThat(sw.tcToPg()).containsExactly(0, 0, 0, 3, 4, 0, 0, 7);
            assertThat(sw.tcToQueue()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
            assertThat(sw.lossless()).containsExactly(3, 4); // PORT_QOS_MAP pfc_enable "3,4"
        }
    }

    @Test
    void wredProfileMarksTheLosslessQueues() {
        assertThat(MLX.switchSpec("leaf0").ecn())
                .isEqualTo(Map.of(
                        3, new EcnSpec(1_048_576, 2_097_152, 0.05, true),
                        4, new EcnSpec(1_048_576, 2_097_152, 0.05, true)));
        assertThat(BCM.switchSpec("leaf1").ecn().get(3)).isEqualTo(new EcnSpec(250_000, 2_097_152, 0.05, true));
    }

    @Test
    void schedulerWeightsPfcWatchdogAndAcl() {
        SwitchSpec leaf = BCM.switchSpec("leaf0");
        assertThat(leaf.scheduler().dwrrWeights()).containsExactly(14, 14, 14, 15, 15, 14, 14, 1);
        assertThat(leaf.pfc().watchdog().enabled()).isTrue();
        assertThat(leaf.pfc().watchdog().detectionPs()).isEqualTo(200_000_000_000L);
        assertThat(leaf.pfc().watchdog().restorationPs()).isEqualTo(200_000_000_000L);
        assertThat(leaf.pfc().watchdog().action()).isEqualTo(WatchdogAction.DROP);
        assertThat(leaf.acl()).containsExactly(new AclRule(false, 6, null, null, -1, 23, -1));
        assertThat(BCM.switchSpec("spine0").acl()).isEmpty();
    }

    @Test
    void unknownTablesAndFieldsAreListedByFileTableKeyAndValue() {
        List<String> w =
                SonicFixtures.result(SonicFixtures.dbs(SonicFixtures.MELLANOX)).warnings();
        assertThat(w)
                .contains("leaf0.json: LOOPBACK_INTERFACE not modelled (table not modelled): Loopback0={};"
                        + " Loopback0|10.1.0.1/32={}")
                .contains("leaf0.json: FLEX_COUNTER_TABLE not modelled (table not modelled):"
                        + " PFCWD={FLEX_COUNTER_STATUS: enable}; QUEUE={FLEX_COUNTER_STATUS: enable}")
                .contains("leaf0.json: ACL_RULE field ETHER_TYPE not modelled (match field; rule left out):"
                        + " DATAACL|RULE_2=2048")
                .contains("spine1.json: WRED_PROFILE field yellow_min_threshold not modelled (rocelab's packets are"
                        + " all green): AZURE_LOSSLESS=1048576")
                .contains("leaf1.json: PORT field lanes not modelled (port hardware): Ethernet0=0,1,2,3;"
                        + " Ethernet4=4,5,6,7; Ethernet8=8,9,10,11; Ethernet12=12,13,14,15")
                .contains("leaf0.json: DEVICE_NEIGHBOR_METADATA field hwsku not modelled (neighbour identity):"
                        + " server0=Server; server1=Server; spine0=ACS-MSN2700; spine1=ACS-MSN2700")
                .contains("spine0.json: PFC_WD field POLL_INTERVAL not modelled (rocelab's watchdog watches"
                        + " continuously): GLOBAL=200");
    }

    @Test
    void deviceMetadataGivesTheSeedOrchagentProgramsFromSwitchJsonJ2() {
        // the fixtures' types: leaves ToRRouter, spines LeafRouter
        assertThat(MLX.switchSpec("leaf0").ecmp().seed()).isZero();
        assertThat(MLX.switchSpec("spine1").ecmp().seed()).isEqualTo(10);
        assertThat(seed("\"type\": \"SpineRouter\"")).isEqualTo(25);
        // the template tests "SpineRouter" before its FabricSpineRouter branch
        assertThat(seed("\"type\": \"FabricSpineRouter\"")).isEqualTo(25);
        assertThat(seed("\"type\": \"UpperRegionalHub\"")).isEqualTo(80);
        assertThat(seed("\"type\": \"LeafRouter\", \"ecmp_hash_seed\": \"7\"")).isEqualTo(7);
        assertThat(seed("\"type\": \"SpineRouter\", \"namespace_id\": \"2\"")).isEqualTo(27);
        assertThat(seed("\"type\": \"BackEndToRRouter\"")).isZero();
        assertThat(seed("\"buffer_model\": \"dynamic\"")).isZero();
        assertThatThrownBy(() -> seed("\"ecmp_hash_seed\": \"ten\""))
                .isInstanceOf(SonicFormatException.class)
                .hasMessage("s.json: DEVICE_METADATA|localhost: ecmp_hash_seed: expected a whole number 0 or more,"
                        + " got 'ten'");
    }

    private static long seed(String fields) {
        ConfigDb db = ConfigDb.parse(
                "{\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"s\", " + fields + "}}}", "s.json");
        return PortImport.ecmpSeed(db, db.table("DEVICE_METADATA").get("localhost"));
    }
}
