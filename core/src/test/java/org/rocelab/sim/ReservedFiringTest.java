package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reserved firings ({@link Timer#reserveAt}): the key is drawn when reserved, so a reservation
 * scheduled later fires where a schedule made at reservation time would have fired; one never
 * scheduled is an event that passed without being counted.
 */
class ReservedFiringTest {
    private final Simulation sim = new Simulation(3);
    private final List<String> fired = new ArrayList<>();

    private Timer recorder(Component c, String label) {
        return sim.timer(c, now -> fired.add(label + "@" + now));
    }

    @Test
    void aReservationScheduledLaterKeepsTheKeyItWasReservedWith() {
        Component c = sim.component("c");
        Timer reserved = recorder(c, "reserved");
        Timer later = recorder(c, "later");
        Component trigger = sim.component("trigger");
        assertThat(reserved.reserveAt(100)).isTrue();
        later.scheduleAt(100); // same owner, same time, drawn after the reservation
        sim.timer(trigger, now -> {
                    assertThat(reserved.reservedAhead()).isTrue();
                    reserved.scheduleReserved();
                })
                .scheduleAt(50);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("reserved@100", "later@100");
        assertThat(sim.events()).isEqualTo(3);
    }

    @Test
    void aReservationPassesWhenTheLoopGoesBeyondItsKey() {
        Component early = sim.component("early");
        Component c = sim.component("c");
        Component late = sim.component("late");
        Timer reserved = recorder(c, "reserved");
        reserved.reserveAt(100);
        boolean[] seen = new boolean[2];
        // at time 100 an event of a lower id fires before the reservation's key, one of a higher id after it
        sim.timer(early, now -> seen[0] = reserved.reservedAhead()).scheduleAt(100);
        sim.timer(late, now -> seen[1] = reserved.reservedAhead()).scheduleAt(100);
        sim.runUntilIdle();
        assertThat(seen).containsExactly(true, false);
        assertThat(fired).isEmpty();
        assertThat(sim.events()).isEqualTo(2);
    }

    @Test
    void runUntilCountsAPendingReservationAsAnEventLeftAndIdleRunsReachIt() {
        Component c = sim.component("c");
        Timer reserved = recorder(c, "reserved");
        reserved.reserveAt(500);
        assertThat(sim.runUntil(400)).isTrue(); // as if its event were still in the heap
        assertThat(reserved.reservedAhead()).isTrue();
        assertThat(sim.now()).isEqualTo(400);
        assertThat(sim.runUntil(500)).isFalse();
        assertThat(reserved.reservedAhead()).isFalse();

        Timer other = recorder(c, "other");
        other.reserveAt(700);
        sim.runUntilIdle();
        assertThat(sim.now()).isEqualTo(700); // the clock of a run that fired it at 700
        assertThat(sim.events()).isZero();
    }

    @Test
    void aKeyBeforeTheLoopsPositionIsScheduledForReal() {
        Component low = sim.component("low");
        Component high = sim.component("high");
        Timer reserved = recorder(low, "reserved");
        boolean[] result = new boolean[1];
        // fires at 10 as high; low's key at 10 sorts before it, so the event would still fire after it
        sim.timer(high, now -> result[0] = reserved.reserveAt(now)).scheduleAt(10);
        sim.runUntilIdle();
        assertThat(result[0]).isFalse();
        assertThat(fired).containsExactly("reserved@10");
    }

    @Test
    void reservingCancelsAPendingScheduleOfTheSameTimer() {
        Component c = sim.component("c");
        Timer t = recorder(c, "t");
        t.scheduleAt(20);
        t.reserveAt(30);
        sim.runUntilIdle();
        assertThat(fired).isEmpty();
        assertThat(sim.now()).isEqualTo(30);
    }
}
