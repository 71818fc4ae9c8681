package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ordering contract of DESIGN.md §2: time, then owner component id, then owner's schedule count. */
class EventOrderTest {
    private final Simulation sim = new Simulation(7);
    private final List<String> fired = new ArrayList<>();

    private Timer recorder(Component c, String label) {
        return sim.timer(c, now -> fired.add(label + "@" + now));
    }

    @Test
    void earlierTimeFiresFirstWhateverTheScheduleOrder() {
        Component c = sim.component("c");
        recorder(c, "late").scheduleAt(300);
        recorder(c, "early").scheduleAt(100);
        recorder(c, "mid").scheduleAt(200);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("early@100", "mid@200", "late@300");
    }

    @Test
    void simultaneousEventsFireInComponentIdOrderNotScheduleOrder() {
        Component first = sim.component("first");
        Component second = sim.component("second");
        Component third = sim.component("third");
        recorder(third, "third").scheduleAt(50);
        recorder(first, "first").scheduleAt(50);
        recorder(second, "second").scheduleAt(50);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("first@50", "second@50", "third@50");
    }

    @Test
    void arrivalComponentsFireFirstAtAnInstantOnlyWhenArrivalsFirstIsOn() {
        Component port = sim.component("port");
        Component off = sim.arrivalComponent("cable-before");
        sim.arrivalsFirst(true);
        Component cableB = sim.arrivalComponent("cableB");
        Component cableA = sim.arrivalComponent("cableA");
        Component qp = sim.component("qp");
        assertThat(off.firstAtTies()).isFalse();
        assertThat(cableB.firstAtTies()).isTrue();
        assertThat(port.firstAtTies()).isFalse();
        recorder(qp, "qp").scheduleAt(50);
        recorder(port, "port").scheduleAt(50);
        recorder(off, "off").scheduleAt(50);
        recorder(cableA, "cableA").scheduleAt(50);
        recorder(cableB, "cableB").scheduleAt(50);
        recorder(port, "portEarlier").scheduleAt(40);
        sim.runUntilIdle();
        // time first; at 50 the arrival components (by id), then the rest by id
        assertThat(fired).containsExactly("portEarlier@40", "cableB@50", "cableA@50", "port@50", "off@50", "qp@50");
    }

    @Test
    void sameComponentSameTimeFiresInItsScheduleOrder() {
        Component c = sim.component("c");
        Timer a = recorder(c, "a");
        Timer b = recorder(c, "b");
        Timer d = recorder(c, "d");
        b.scheduleAt(10);
        d.scheduleAt(10);
        a.scheduleAt(10);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("b@10", "d@10", "a@10");
    }

    @Test
    void reschedulingTakesANewScheduleCount() {
        Component c = sim.component("c");
        Timer a = recorder(c, "a");
        Timer b = recorder(c, "b");
        a.scheduleAt(10);
        b.scheduleAt(10);
        a.scheduleAt(10); // now after b
        sim.runUntilIdle();
        assertThat(fired).containsExactly("b@10", "a@10");
        assertThat(sim.events()).isEqualTo(2);
    }

    @Test
    void eventsScheduledAtNowDuringAnEventFireInTheSameInstantInKeyOrder() {
        Component low = sim.component("low");
        Component high = sim.component("high");
        Timer lowTimer = recorder(low, "low");
        Timer trigger = sim.timer(high, now -> {
            fired.add("trigger@" + now);
            lowTimer.scheduleAt(now);
        });
        trigger.scheduleAt(5);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("trigger@5", "low@5");
    }

    @Test
    void cancelRemovesAndPendingReflectsState() {
        Component c = sim.component("c");
        Timer a = recorder(c, "a");
        Timer b = recorder(c, "b");
        a.scheduleAt(10);
        b.scheduleAt(20);
        assertThat(a.pending()).isTrue();
        a.cancel();
        a.cancel();
        assertThat(a.pending()).isFalse();
        assertThat(sim.pendingEvents()).isEqualTo(1);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("b@20");
        assertThat(b.pending()).isFalse();
    }

    @Test
    void aFiringTimerIsNotPendingInItsHandlerAndMayRescheduleItself() {
        Component c = sim.component("c");
        Timer[] self = new Timer[1];
        List<Boolean> pendingInHandler = new ArrayList<>();
        self[0] = sim.timer(c, now -> {
            pendingInHandler.add(self[0].pending());
            if (now < 30) {
                self[0].scheduleIn(10);
            }
        });
        self[0].scheduleAt(10);
        sim.runUntilIdle();
        assertThat(pendingInHandler).containsExactly(false, false, false);
        assertThat(sim.now()).isEqualTo(30);
    }

    @Test
    void runUntilStopsBeforeLaterEventsAndAdvancesTheClock() {
        Component c = sim.component("c");
        recorder(c, "a").scheduleAt(100);
        recorder(c, "b").scheduleAt(101);
        assertThat(sim.runUntil(100)).isTrue();
        assertThat(fired).containsExactly("a@100");
        assertThat(sim.runUntil(1_000)).isFalse();
        assertThat(sim.now()).isEqualTo(1_000);
    }

    @Test
    void schedulingInThePastIsRefusedNamingTheComponent() {
        Component c = sim.component("port7");
        Timer a = recorder(c, "a");
        sim.runUntil(1_000);
        assertThatThrownBy(() -> a.scheduleAt(999))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port7")
                .hasMessageContaining("past");
    }

    @Test
    void duplicateComponentNamesAreRefused() {
        sim.component("x");
        assertThatThrownBy(() -> sim.component("x")).hasMessageContaining("duplicate component name: x");
    }
}
