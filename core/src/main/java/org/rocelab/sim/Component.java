package org.rocelab.sim;

/**
 * A named part of the model that schedules events (a port, a link direction, a queue pair).
 * Its id is given in registration order, which the topology builders keep deterministic, and it
 * counts its own schedules: the pair orders simultaneous events (DESIGN.md §2).
 *
 * <p>A component of a node ({@link Simulation#component(Component, String, int)}: a NIC's queue
 * pairs) has no id of its own: its events are keyed by the node's id and the node's schedule
 * count, so components a node creates while the run goes on (a QP per flow) take nothing from a
 * global counter and order the same however the fabric is partitioned (docs/architecture.md,
 * "Windows and threads").
 */
public final class Component {
    private final String name;
    private final int id;
    /** A numbered component's number (its name is {@code name + "0x" + hex(number)}), else -1. */
    private final int number;

    /** The component whose id and schedule count key this one's events: itself, or its node. */
    final Component key;

    long scheduleCount;
    /**
     * The tie key without the schedule count: the id, and above it a bit that is clear for a
     * component whose events come first at an instant ({@link Simulation#arrivalsFirst}); a node's
     * component's is its node's.
     */
    final long tieBase;
    /** The event set ("lane") of a windowed run this component's events go to; 0 in the plain loop. */
    int lane;
    /** The window (a count) and partition that last drew schedule counts of this global component in a threaded run. */
    long claimWindow = -1;

    int claimLane;

    Component(String name, int id, boolean first) {
        this.name = name;
        this.id = id;
        this.number = -1;
        this.key = this;
        this.tieBase = Simulation.tieBase(id, first);
    }

    Component(Component node, String prefix, int number) {
        this.name = prefix;
        this.id = node.id;
        this.number = number;
        this.key = node.key;
        this.tieBase = node.key.tieBase;
    }

    /**
     * The component's unique name, e.g. {@code sw0:h3/tx}; a numbered component's is formed when
     * asked for ({@code h3/qp0x1a5}).
     */
    public String name() {
        return number < 0 ? name : name + "0x" + Integer.toHexString(number);
    }

    /** Whether this is a node's component ({@link Simulation#component(Component, String, int)}). */
    boolean ofNode() {
        return key != this;
    }

    /** Whether its events fire before those of other components at one instant. */
    public boolean firstAtTies() {
        return (tieBase & Simulation.LATER_AT_TIES) == 0;
    }

    /**
     * The registration-order id used in the event ordering key; a node's component's is its
     * node's ({@link #ofNode}).
     */
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return name() + "#" + id;
    }
}
