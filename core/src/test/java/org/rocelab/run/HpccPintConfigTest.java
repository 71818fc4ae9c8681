package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcRegistry;
import org.rocelab.cc.HpccPintParams;
import org.rocelab.compat.HpccScenario;

/**
 * {@code run --hpcc} and {@code import-hpcc} map run.py's {@code --cc hpccPint --bw 100} config
 * (CC_MODE 10) to {@code hpcc_pint} with its keys as written and T, W as third.cc derives them under
 * GLOBAL_T 1 for the 2:1 incast (three 1 µs links at 100G: maxRtt 4,160 ns, maxBdp 52,000 B, as ns-3
 * prints {@code maxRtt=4160 maxBdp=52000}); the switches' T is that same BASE_RTT.
 */
class HpccPintConfigTest {
    @Test
    void ccMode10BecomesHpccPintWithRunPysKeysAndThirdCcsTAndW() throws Exception {
        HpccScenario s = HpccScenario.load(HpccNs3IncastTest.resource("incast2_config_hpccPint.txt"));
        assertThat(s.ccAlgorithm()).isEqualTo(HpccPintParams.ALGORITHM);
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("U_TARGET", "0.95");
        expected.put("MI_THRESH", "0");
        expected.put("RATE_AI", "40M");
        expected.put("MIN_RATE", "1G");
        expected.put("PINT_LOG_BASE", "1.01");
        expected.put("PINT_PROB", "1.0");
        expected.put("BASE_RTT", "4160ns");
        expected.put("WINDOW", "52000");
        expected.put("VAR_WIN", "1");
        assertThat(s.ccKnobs()).containsExactlyEntriesOf(expected);
        HpccPintParams p = HpccPintParams.parse(s.ccKnobs());
        assertThat(p.pint().maxRttNs()).isEqualTo(4_160);
        assertThat(p.pint().valueBytes()).isEqualTo(2);
        assertThat(p.sampleThreshold()).isEqualTo(65_536);
        assertThat(p.aiRateBps()).isEqualTo(40_000_000L);
        assertThat(CcRegistry.standard().factory(s.ccAlgorithm(), s.ccKnobs()).ackEveryPacket())
                .isTrue();
    }
}
