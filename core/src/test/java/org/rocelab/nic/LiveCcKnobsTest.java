package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcFactory;
import org.rocelab.cc.CcRegistry;
import org.rocelab.cc.Mlx5Dcqcn;
import org.rocelab.packet.Opcode;
import org.rocelab.sim.Units;

/** DCQCN knobs changed on a running NIC reach the reaction points of the QPs already open. */
class LiveCcKnobsTest {
    private static final long RATE = 100_000_000_000L;

    /** mlx5 with RC = RT = 20.48 Gb/s on the first CNP, α every 55 µs, no byte counter. */
    private static CcFactory mlx5(String... extra) {
        Map<String, String> m = new HashMap<>(Map.of(
                "rate_to_set_on_first_cnp", "20480",
                "dce_tcp_rtt", "55",
                "rpg_byte_reset", "0"));
        for (int i = 0; i < extra.length; i += 2) {
            m.put(extra[i], extra[i + 1]);
        }
        return CcRegistry.standard().factory("dcqcn", m);
    }

    @Test
    void aLiveAiRateChangeIsTheNextAdditiveStepOfTheRunningFlow() {
        BackToBack t = new BackToBack(RATE, NicConfig.builder().cc(mlx5()).build(), 8);
        int[] marked = {0};
        t.portB.upper(p -> {
            if (p.isRoce() && p.opcode <= Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE && marked[0]++ == 0) {
                p.ecn = 3;
            }
            t.b.receiveSink().receive(p);
        });
        long[] cnpAt = {-1};
        t.portA.upper(p -> {
            if (p.opcode == Opcode.CNP) {
                cnpAt[0] = t.sim.now();
            }
            t.a.receiveSink().receive(p);
        });
        SendWr wr = t.write(0, 65536);
        t.onSendA = wc -> {
            if (t.sim.now() < Units.us(1000)) {
                t.qpA.postSend(wr);
            }
        };
        for (int i = 0; i < 8; i++) {
            t.qpA.postSend(wr);
        }
        while (cnpAt[0] < 0) {
            t.sim.runUntil(t.sim.now() + 1_000);
        }
        long seen = cnpAt[0] + NicConfig.defaults().rxLatencyPs();
        Mlx5Dcqcn rp = (Mlx5Dcqcn) t.qpA.congestionControl();

        t.sim.runUntil(seen + Units.us(304));
        assertThat(t.b.counters().npCnpSent).isEqualTo(1);
        assertThat(rp.targetBps()).isEqualTo(20_480_000_000L);
        assertThat(rp.rateBps()).isEqualTo(15_365_000_000L); // cut to 10.25 Gb/s at +4 µs, fast recovery at +304 µs
        long sentBefore = t.qpA.counters().txBytes;

        t.sim.runUntil(seen + Units.us(450));
        assertThat(t.qpA.counters().txBytes).as("the flow is running").isGreaterThan(sentBefore);
        assertThat(t.a.ccFactory(mlx5("rpg_ai_rate", "1000"))).as("QPs retuned").isEqualTo(1);
        assertThat(rp.params().aiRateBps()).isEqualTo(1_000_000_000L);
        t.sim.runUntil(seen + Units.us(604) - 1);
        assertThat(rp.targetBps()).isEqualTo(20_480_000_000L);
        t.sim.runUntil(seen + Units.us(604));
        assertThat(rp.targetBps()).isEqualTo(21_480_000_000L);
        assertThat(rp.rateBps()).isEqualTo((15_365_000_000L + 21_480_000_000L + 1) / 2);

        t.a.ccFactory(mlx5());
        t.sim.runUntil(seen + Units.us(904));
        assertThat(rp.targetBps()).as("the knob restored: 5 Mb/s again").isEqualTo(21_485_000_000L);
        assertThat(((Mlx5Dcqcn) t.qpB.congestionControl()).params().aiRateBps())
                .as("the other NIC keeps its knobs")
                .isEqualTo(5_000_000L);
    }
}
