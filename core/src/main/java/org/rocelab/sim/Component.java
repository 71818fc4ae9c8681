package org.rocelab.sim;

/**
 * A named part of the model that schedules events (a port, a link direction, a queue pair).
 * Its id is given in registration order, which the topology builders keep deterministic, and it
 * counts its own schedules: the pair orders simultaneous events (DESIGN.md §2).
 */
public final class Component {
    private final String name;
    private final int id;
    /** A numbered component's number (its name is {@code name + "0x" + hex(number)}), else -1. */
    private final int number;

    long scheduleCount;
    /**
     * The tie key without the schedule count: the id, and above it a bit that is clear for a
     * component whose events come first at an instant ({@link Simulation#arrivalsFirst}).
     */
    final long tieBase;

    Component(String name, int id) {
        this(name, id, -1, false);
    }

    Component(String prefix, int id, int number, boolean first) {
        this.name = prefix;
        this.id = id;
        this.number = number;
        this.tieBase = Simulation.tieBase(id, first);
    }

    /**
     * The component's unique name, e.g. {@code sw0:h3/tx}; a numbered component's is formed when
     * asked for ({@code h3/qp0x1a5}).
     */
    public String name() {
        return number < 0 ? name : name + "0x" + Integer.toHexString(number);
    }

    /** Whether the name is a prefix and a number ({@link Simulation#component(String, int)}). */
    boolean numbered() {
        return number >= 0;
    }

    /** Whether its events fire before those of other components at one instant. */
    public boolean firstAtTies() {
        return (tieBase & Simulation.LATER_AT_TIES) == 0;
    }

    /** The registration-order id used in the event ordering key. */
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return name() + "#" + id;
    }
}
