package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Same seed, same event order and fingerprint; another seed, another history. */
class DeterminismTest {
    /** A small hold model where every component draws its delays from its own named stream. */
    private static List<Long> run(long seed, long[] fingerprintOut) {
        Simulation sim = new Simulation(seed);
        List<Long> trace = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Component c = sim.component("job" + i);
            RandomStream rnd = sim.random("job" + i);
            Timer[] t = new Timer[1];
            t[0] = sim.timer(c, now -> {
                trace.add(now * 64 + c.id());
                t[0].scheduleIn(1 + rnd.nextInt(1_000));
            });
            t[0].scheduleAt(rnd.nextInt(1_000));
        }
        sim.runUntil(200_000);
        fingerprintOut[0] = sim.fingerprint();
        return trace;
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 42, -7, Long.MAX_VALUE})
    void sameSeedGivesTheSameEventOrderAndFingerprint(long seed) {
        long[] fp1 = new long[1];
        long[] fp2 = new long[1];
        List<Long> a = run(seed, fp1);
        List<Long> b = run(seed, fp2);
        assertThat(a).hasSizeGreaterThan(5_000).isEqualTo(b);
        assertThat(fp1[0]).isEqualTo(fp2[0]);

        long[] fp3 = new long[1];
        List<Long> c = run(seed + 1, fp3);
        assertThat(c).isNotEqualTo(a);
        assertThat(fp3[0]).isNotEqualTo(fp1[0]);
    }
}
