package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.sim.Component;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Timer;
import org.rocelab.sim.Units;

/**
 * Each profile driven by a seeded stream of sends and CNPs through a real simulation: same seed,
 * same rate trace; a different seed, a different trace; no allocation per event in steady state;
 * at most the profile's own timers pending at any time.
 */
class DcqcnDriveTest {

    /** Sends 4 KiB frames every 40–400 ns and a CNP (flagged ACK for hpcc) with probability pCnp. */
    private static final class Driver {
        final FakeCcHost host = new FakeCcHost(100_000_000_000L);
        final CongestionControl cc;
        final RandomStream random;
        final Timer timer;
        final boolean hpcc;
        final int cnpPerMille;
        long trace = 17;
        long events;
        int maxPending;

        Driver(String profile, long seed, int cnpPerMille) {
            this.cc = DcqcnProfile.fromParams(Map.of("profile", profile)).create(host);
            this.random = RandomStream.derive(seed, "driver");
            this.hpcc = profile.equals("hpcc");
            this.cnpPerMille = cnpPerMille;
            Component c = host.sim.component("driver");
            this.timer = host.sim.timer(c, this::step);
            timer.scheduleAt(0);
        }

        private void step(long nowPs) {
            if (random.nextInt(1000) < cnpPerMille) {
                if (hpcc) {
                    cc.onAck(nowPs, true);
                } else {
                    cc.onCnp(nowPs);
                }
            } else {
                cc.onPacketSent(nowPs, 4096 + 82);
            }
            trace = trace * 31 + cc.rateBps();
            trace = trace * 31 + Double.doubleToLongBits(cc.state("alpha"));
            events++;
            maxPending = Math.max(maxPending, host.sim.pendingEvents());
            timer.scheduleIn(Units.ns(40) + random.nextInt(360_000));
        }

        Driver run(long endPs) {
            host.sim.runUntil(endPs);
            return this;
        }
    }

    @ParameterizedTest
    @CsvSource({"paper, 1", "paper, 2", "mlx5, 1", "mlx5, 2", "hpcc, 1", "hpcc, 2"})
    void sameSeedSameTraceOtherSeedOtherTrace(String profile, long seed) {
        long end = Units.ms(3);
        Driver a = new Driver(profile, seed, 20).run(end);
        Driver b = new Driver(profile, seed, 20).run(end);
        Driver c = new Driver(profile, seed + 100, 20).run(end);
        assertThat(a.trace).isEqualTo(b.trace);
        assertThat(a.host.sim.fingerprint()).isEqualTo(b.host.sim.fingerprint());
        assertThat(a.host.cnpHandled).isEqualTo(b.host.cnpHandled).isPositive();
        assertThat(c.trace).isNotEqualTo(a.trace);
        assertThat(a.maxPending).as("driver + the profile's timers").isLessThanOrEqualTo(3);
    }

    @ParameterizedTest
    @CsvSource({"paper", "mlx5", "hpcc"})
    void steadyStateAllocatesNothingPerEvent(String profile) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        Driver d = new Driver(profile, 5, 20).run(Units.ms(2));
        long eventsBefore = d.events;
        long before = mx.getThreadAllocatedBytes(tid);
        d.run(Units.ms(40));
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        long events = d.events - eventsBefore;
        assertThat(events).isGreaterThan(100_000);
        assertThat(allocated).as("bytes allocated over %d events", events).isLessThan(64 * 1024);
    }
}
