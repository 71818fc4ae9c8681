package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.compat.HpccScenario;
import org.rocelab.nic.NicConfig;
import org.rocelab.sw.Switch;

/** The fat tree of the HPCC paper built with the hpcc profiles: ports, MMU totals, limits and NIC settings. */
class HpccFabricBuilderTest {
    @Test
    void fatTreeSwitchesHaveHpccPortsAndMmu() throws Exception {
        HpccScenario s = HpccScenario.load(HpccRunIncastTest.resource("fat_ws_config_dcqcn.txt"));
        HpccFabric f = HpccFabricBuilder.build(s, 1, 2_000_000_000_000L);
        assertThat(f.fabric().graph().hosts()).hasSize(320);
        assertThat(f.fabric().graph().switches()).hasSize(56);
        for (HpccScenario.SwitchBuffer b : s.switches()) {
            Switch sw = f.fabric().switchAt(b.node());
            assertThat(sw.portCount()).isEqualTo(b.portCount());
            // pool = buffer − Σ headroom − Σ reserve, exactly HPCC's (one lossless PG per port)
            assertThat(sw.mmu().poolBytes())
                    .isEqualTo(b.bufferBytes() - b.totalHeadroomBytes() - b.totalReserveBytes());
        }
        for (HpccScenario.Port p : s.ports()) {
            if (!p.atSwitch()) {
                continue;
            }
            Switch sw = f.fabric().switchAt(p.node());
            int i = p.ifIndex() - 1;
            assertThat(sw.port(i).port().name()).isEqualTo("sw" + p.node() + ":" + HpccFabric.name(s, p.peer()));
            assertThat(sw.mmu().headroomBytes(i)).isEqualTo(p.headroomBytes());
            // empty buffer: the lossless PG limit is the pool >> pfc shift (3 at 100G, 1 at 400G)
            long pool = sw.mmu().poolBytes();
            assertThat(sw.mmu().pgLimit(i, 3)).isEqualTo(pool >> p.pfcAlphaShift());
        }
        // ToR 320: 16 × 100G hosts then 4 × 400G uplinks; Σheadroom 1,200,000 B (hpcc-compat pinned)
        assertThat(s.switches().stream()
                        .filter(b -> b.node() == 320)
                        .findFirst()
                        .orElseThrow()
                        .totalHeadroomBytes())
                .isEqualTo(1_200_000);
        assertThat(f.fabric().switchAt(320).port(0).port().name()).isEqualTo("sw320:h0");
    }

    @Test
    void nicSettingsFollowTheConfig() throws Exception {
        HpccScenario s = HpccScenario.load(HpccRunIncastTest.resource("incast_config_dcqcn.txt"));
        NicConfig c = HpccFabricBuilder.nicConfig(s);
        assertThat(c.segmentFor(1024)).isEqualTo(1000);
        assertThat(c.hpccFraming()).isTrue();
        assertThat(c.pfcMask()).as("hosts obey PFC on every priority").isEqualTo(0xFF);
        assertThat(c.pfcGenerate()).as("but never send it").isFalse();
        assertThat(c.generatedPfcMask(c.pfcMask())).isZero();
        assertThat(c.cnpOnAck()).isTrue();
        assertThat(c.ackEvery()).isEqualTo(1);
        assertThat(c.localAckTimeoutPs()).isZero();
        assertThat(c.retransmission()).isEqualTo("go-back-n");
        // ACK_HIGH_PRIO 1: ACKs wait in the NIC's priority-0 queue (ns-3 ack_q_idx 0) but keep the
        // flow's priority on the wire, so switches queue them with the data (no AckHighPrio there)
        assertThat(c.ackQueue()).isZero();
        assertThat(c.ackPcp()).isEqualTo(-1);
        assertThat(c.ackDscp()).isEqualTo(-1);
        assertThat(HpccFabricBuilder.losslessPriorities(s)).isEqualTo(1 << 3);
        assertThat(List.of(s.config().ecnEnabled(), s.config().ackHighPrio())).containsExactly(true, true);
    }
}
