package org.rocelab.sim;

/**
 * A named part of the model that schedules events (a port, a link direction, a queue pair).
 * Its id is given in registration order, which the topology builders keep deterministic, and it
 * counts its own schedules: the pair orders simultaneous events (DESIGN.md §2).
 */
public final class Component {
    private final String name;
    private final int id;
    long scheduleCount;

    Component(String name, int id) {
        this.name = name;
        this.id = id;
    }

    /** The component's unique name, e.g. {@code sw0:h3/tx}. */
    public String name() {
        return name;
    }

    /** The registration-order id used in the event ordering key. */
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return name + "#" + id;
    }
}
