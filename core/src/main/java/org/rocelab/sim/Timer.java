package org.rocelab.sim;

/**
 * A reusable scheduled callback. A component creates its timers once (one per link direction,
 * port or queue pair) and reschedules them; nothing is allocated per event.
 *
 * <p>Ordering key, independent of how the fabric might be partitioned (DESIGN.md §2): time, then
 * the id of the owning component, then that component's own schedule counter (for a node's
 * component, a NIC's QP, the node's id and counter). Not thread-safe;
 * owned by one {@link Simulation}.
 */
public final class Timer {
    final Simulation sim;
    final EventHandler handler;
    final Component owner;
    /** The component whose id and schedule count key this timer's events ({@code owner}'s key). */
    final Component key;

    long timePs;
    /** Tie key of the pending schedule, kept here while the timer waits in a bucket list. */
    long tieKey;
    /**
     * Where it waits in {@link EventHeap}: a front heap slot (&ge; 0), a list code (&le;
     * {@link EventHeap#IN_TOP}), or -1 when not pending.
     */
    int heapIndex = -1;
    /** Neighbours in a bucket or top list of {@link EventHeap}. */
    Timer prev;

    Timer next;
    /** Key of the last {@link #reserveAt reserved} firing. */
    long reservedPs;

    long reservedTie;

    Timer(Simulation sim, Component owner, EventHandler handler) {
        this.sim = sim;
        this.owner = owner;
        this.key = owner.key;
        this.handler = handler;
    }

    /** Schedules (or moves) this timer to fire at {@code atPs}. */
    public void scheduleAt(long atPs) {
        sim.schedule(this, atPs);
    }

    /** Schedules (or moves) this timer to fire {@code delayPs} from now. */
    public void scheduleIn(long delayPs) {
        sim.schedule(this, sim.now() + delayPs);
    }

    /**
     * Reserves a firing at {@code atPs} instead of scheduling it: for a timer whose event usually
     * finds nothing to do (a port's transmit-done with nothing queued). The key is drawn now, as
     * {@link #scheduleAt} draws it, so the events of every component keep their order; the
     * reserved firing enters the event set only through {@link #scheduleReserved()}, while
     * {@link #reservedAhead()}. Cancels a pending schedule of this timer. Returns false if it
     * scheduled the timer instead (a key before the loop's position, see {@link Simulation}).
     */
    public boolean reserveAt(long atPs) {
        return sim.reserve(this, atPs);
    }

    /** Whether the last reserved firing is still to come (its key is after the event firing now). */
    public boolean reservedAhead() {
        return sim.reservedAhead(this);
    }

    /** Schedules the last reserved firing with its reserved key; only while {@link #reservedAhead()}. */
    public void scheduleReserved() {
        sim.scheduleReserved(this);
    }

    /** Removes this timer from the event heap if it is pending. */
    public void cancel() {
        sim.cancel(this);
    }

    /** Whether this timer is waiting to fire. */
    public boolean pending() {
        return sim.pending(this);
    }

    /** The time this timer fires at, meaningful only while {@link #pending()}. */
    public long timePs() {
        return timePs;
    }

    /** The component that owns this timer. */
    public Component owner() {
        return owner;
    }
}
