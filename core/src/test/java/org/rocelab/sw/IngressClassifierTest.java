package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The classifier's packed QoS word equals the three SONiC maps read one after another. */
class IngressClassifierTest {
    @Test
    void everyDscpCodePointPacksItsTcPgAndQueue() {
        QosMaps maps = QosMaps.sonicDefaults()
                .withDscpToTc(Map.of(26, 3, 46, 5, 48, 6, 63, 1))
                .withTcToPg(Map.of(3, 3, 5, 2, 6, 6, 1, 7))
                .withTcToQueue(Map.of(3, 3, 5, 4, 6, 0, 1, 6));
        IngressClassifier c = new IngressClassifier(maps, null, null, null);
        for (int dscp = 0; dscp < 64; dscp++) {
            int cls = c.dscpClass(dscp);
            int tc = maps.dscpToTc(dscp);
            assertThat(IngressClassifier.tc(cls)).as("tc of dscp %d", dscp).isEqualTo(tc);
            assertThat(IngressClassifier.pg(cls)).as("pg of dscp %d", dscp).isEqualTo(maps.tcToPg(tc));
            assertThat(IngressClassifier.queue(cls))
                    .as("queue of dscp %d", dscp)
                    .isEqualTo(maps.tcToQueue(tc));
        }
        assertThat(IngressClassifier.queue(c.dscpClass(46))).isEqualTo(4);
        assertThat(IngressClassifier.pg(c.dscpClass(63))).isEqualTo(7);
    }
}
