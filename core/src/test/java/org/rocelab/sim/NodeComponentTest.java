package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node's components (a NIC's QPs) key their events by the node's id and schedule count, and the
 * fingerprint is a sum of per-event hashes of the key (docs/architecture.md, "The event loop").
 */
class NodeComponentTest {

    @Test
    void simultaneousEventsOfANodeAndItsComponentsFireInScheduleOrder() {
        Simulation sim = new Simulation(1);
        Component nic = sim.component("h0/nic");
        Component other = sim.component("h1/nic");
        Component qp1 = sim.component(nic, "h0/qp", 0x100);
        Component qp2 = sim.component(nic, "h0/qp", 0x101);
        List<String> fired = new ArrayList<>();
        // scheduled in the order qp2, other, nic, qp1, all at 5 ps
        sim.timer(qp2, now -> fired.add("qp2")).scheduleAt(5);
        sim.timer(other, now -> fired.add("other")).scheduleAt(5);
        sim.timer(nic, now -> fired.add("nic")).scheduleAt(5);
        sim.timer(qp1, now -> fired.add("qp1")).scheduleAt(5);
        sim.runUntilIdle();
        // the NIC (id 0) and its QPs in schedule order, then h1's NIC (id 1)
        assertThat(fired).containsExactly("qp2", "nic", "qp1", "other");
        assertThat(qp1.id()).isEqualTo(nic.id());
        assertThat(qp1.name()).isEqualTo("h0/qp0x100");
        assertThat(sim.components()).containsExactly(nic, other);
        sim.release(qp1); // nothing to forget
        assertThat(sim.components()).containsExactly(nic, other);
    }

    @Test
    void aComponentOfAnUnregisteredNodeIsRefused() {
        Simulation sim = new Simulation(1);
        Component foreign = new Simulation(1).component("x");
        sim.component("y");
        assertThatThrownBy(() -> sim.component(foreign, "x/qp", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not registered here");
    }

    @Test
    void theFingerprintIsTheSumOfEveryEventsTimeAndOwnerHash() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        Component b = sim.component("b");
        Timer ta = sim.timer(a, now -> {});
        Timer tb = sim.timer(b, now -> {});
        ta.scheduleAt(7);
        tb.scheduleAt(3);
        sim.runUntilIdle();
        ta.scheduleAt(9);
        sim.runUntilIdle();
        // (time, owner id): b (id 1) at 3, a (id 0) at 7 and 9
        long expected = 0x9E3779B97F4A7C15L
                + Simulation.eventHash(3, 1)
                + Simulation.eventHash(7, 0)
                + Simulation.eventHash(9, 0);
        assertThat(sim.fingerprint()).isEqualTo(expected);
        assertThat(sim.events()).isEqualTo(3);
    }
}
