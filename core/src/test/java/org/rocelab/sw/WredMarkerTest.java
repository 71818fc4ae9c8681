package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.RandomStream;

/** The WRED/ECN curve p(q) = Pmax (q − Kmin)/(Kmax − Kmin) over 10^5 decisions per point. */
class WredMarkerTest {
    private static final int N = 100_000;
    private static final EcnProfile PROFILE = new EcnProfile(400_000, 1_600_000, 0.2, true);

    @ParameterizedTest
    @CsvSource({"0, 0.0", "400000, 0.0", "700000, 0.05", "1000000, 0.1", "1300000, 0.15", "1600000, 0.2", "1600001, 1.0"
    })
    void marksEctPacketsAlongTheCurve(long queueBytes, double expected) {
        assertThat(PROFILE.probability(queueBytes)).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-6));
        WredMarker m = new WredMarker(PROFILE, RandomStream.derive(7, "wred" + queueBytes));
        PacketPool pool = new PacketPool();
        Packet p = pool.acquire();
        int marked = 0;
        for (int i = 0; i < N; i++) {
            p.ecn = 2;
            if (m.apply(p, queueBytes) == WredMarker.MARKED) {
                assertThat(p.ecn).isEqualTo(3);
                marked++;
            }
        }
        double sigma = Math.sqrt(expected * (1 - expected) / N);
        assertThat(marked / (double) N).isCloseTo(expected, org.assertj.core.data.Offset.offset(4 * sigma + 1e-9));
    }

    @ParameterizedTest
    @CsvSource({"1000000, true, 0.1", "1000000, false, 0.0"})
    void dropsNonEctOnlyWhenConfigured(long queueBytes, boolean dropNonEct, double expected) {
        WredMarker m = new WredMarker(new EcnProfile(400_000, 1_600_000, 0.2, dropNonEct), RandomStream.derive(3, "x"));
        Packet p = new PacketPool().acquire();
        p.ecn = 0;
        int dropped = 0;
        for (int i = 0; i < N; i++) {
            if (m.apply(p, queueBytes) == WredMarker.DROP) {
                dropped++;
            }
        }
        assertThat(p.ecn).isZero();
        double sigma = Math.sqrt(expected * (1 - expected) / N);
        assertThat(dropped / (double) N).isCloseTo(expected, org.assertj.core.data.Offset.offset(4 * sigma + 1e-9));
    }
}
