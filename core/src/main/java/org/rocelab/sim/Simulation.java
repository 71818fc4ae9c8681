package org.rocelab.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One deterministic discrete-event simulation: a clock in picoseconds, an event heap, the
 * registry of components and the root of the named random streams. Nothing here is static, so
 * several simulations can run side by side in one JVM (sweeps, parallel tests).
 *
 * <p>Simultaneous events fire in (time, owner component id, owner's schedule count) order, so a
 * run is reproducible from its seed. Each fired event's key is hashed into a {@link #fingerprint()}
 * (a sum, so the order of folding does not matter), the OMNeT++-style hash that golden tests pin.
 *
 * <p>Single-threaded.
 */
public final class Simulation {
    private static final int TIE_COUNT_BITS = 40;
    private static final long TIE_COUNT_MASK = (1L << TIE_COUNT_BITS) - 1;

    private final long seed;
    private final EventHeap heap = new EventHeap();
    private final List<Component> components = new ArrayList<>();
    private final Map<String, Component> componentsByName = new HashMap<>();
    private long nowPs;
    private long events;
    private long fingerprint = 0x9E3779B97F4A7C15L;
    private boolean stopped;
    /**
     * The timer whose handler is running. It stays in the heap while its handler runs: most
     * handlers reschedule their own timer (a port's next transmit, a link's next arrival), and
     * moving it from the top to its new key is one sift instead of a removal and an insertion.
     * It is removed after the handler if it was not rescheduled. Not pending meanwhile.
     */
    private Timer firing;
    /**
     * The loop's position: the key (time, tie) of the event firing or fired last; after a run
     * that ended by reaching its end time, (that time, {@link Long#MAX_VALUE}). A reserved firing
     * ({@link Timer#reserveAt}) with a greater key has not happened yet.
     */
    private long positionPs;

    private long positionTie = -1;
    /** The greatest key reserved so far (time, tie), or time -1: what runUntil's result and the idle clock count. */
    private long latestReservedPs = -1;

    private long latestReservedTie;
    /** Told of every schedule, reservation and cancel, or null (the usual case: one branch). */
    private ScheduleObserver observer;

    public Simulation(long seed) {
        this.seed = seed;
    }

    /** The seed every random stream derives from. */
    public long seed() {
        return seed;
    }

    /** The current simulated time in picoseconds. */
    public long now() {
        return nowPs;
    }

    /** Number of events fired so far. */
    public long events() {
        return events;
    }

    /** Events waiting in the heap (reserved firings not counted). */
    public int pendingEvents() {
        return firing == null ? heap.size() : heap.size() - 1;
    }

    /**
     * A hash of every fired event's time and owner id, for golden tests: the sum of per-event
     * hashes ({@link #eventHash}), independent of the order events are folded in.
     */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * Registers a component by unique name; ids follow registration order.
     *
     * @throws IllegalArgumentException if the name is taken
     */
    public Component component(String name) {
        if (componentsByName.containsKey(name)) {
            throw new IllegalArgumentException("duplicate component name: " + name);
        }
        if (components.size() >= (1 << 23)) {
            throw new IllegalStateException("too many components");
        }
        Component c = new Component(name, components.size());
        components.add(c);
        componentsByName.put(name, c);
        return c;
    }

    /**
     * A component of {@code node} named {@code prefix + "0x" + hex(number)} (a NIC's QP {@code
     * h3/qp0x1a5}), formed without the name: components created during the run, one per flow, cost
     * no string work. Its events are keyed by {@code node}'s id and schedule count, so simultaneous
     * events of a node and its components fire in the order they were scheduled, and such a
     * component takes no id: it is not in {@link #components()}. The caller keeps (prefix, number)
     * unique, as a NIC that never reuses a QPN does; the names are not checked against each other.
     */
    public Component component(Component node, String prefix, int number) {
        if (number < 0) {
            throw new IllegalArgumentException("component number must not be negative: " + number);
        }
        if (node.id() >= components.size() || components.get(node.id()) != node.key) {
            throw new IllegalArgumentException("component " + node + " is not registered here");
        }
        return new Component(node, prefix, number);
    }

    /**
     * Forgets a component that schedules nothing any more (a destroyed QP): its name may be used
     * again, its id never is (ids order simultaneous events), and the simulation keeps no
     * reference to it. Its slot in {@link #components()} reads null afterwards. A node's component
     * was never in that list: nothing to forget.
     */
    public void release(Component c) {
        if (c.ofNode()) {
            return;
        }
        if (components.get(c.id()) != c) {
            throw new IllegalArgumentException("component " + c + " is not registered here");
        }
        components.set(c.id(), null);
        componentsByName.remove(c.name(), c);
    }

    /** All registered components, in id order (null where one was {@link #release released}). */
    public List<Component> components() {
        return java.util.Collections.unmodifiableList(components);
    }

    /** Creates a reusable timer owned by {@code owner}. */
    public Timer timer(Component owner, EventHandler handler) {
        return new Timer(this, owner, handler);
    }

    /** A deterministic random stream for the named component: same seed and name, same draws. */
    public RandomStream random(String streamName) {
        return RandomStream.derive(seed, streamName);
    }

    /**
     * Tells {@code o} (null: nobody) of every schedule, reservation and cancel from now on, with
     * the component whose event is firing: for tests that check which events of one part of the
     * fabric reach into another (docs/architecture.md, "Windows and threads").
     */
    public void observeSchedules(ScheduleObserver o) {
        this.observer = o;
    }

    /** The id of the component whose event fires now, or -1 outside an event (set-up, between runs). */
    private int firingOwnerId() {
        if (positionTie < 0 || positionPs != nowPs) {
            return -1;
        }
        long id = positionTie >>> TIE_COUNT_BITS;
        return id < components.size() ? (int) id : -1;
    }

    private void observe(Timer t, long atPs) {
        observer.touched(firingOwnerId(), t.owner, nowPs, atPs);
    }

    void schedule(Timer t, long atPs) {
        if (observer != null) {
            observe(t, atPs);
        }
        if (atPs < nowPs) {
            throw new IllegalArgumentException(
                    "cannot schedule " + t.owner.name() + " in the past: " + atPs + " < " + nowPs);
        }
        if (t == firing) {
            firing = null; // it stays in the heap and moves to its new key
        }
        Component key = t.key;
        t.timePs = atPs;
        heap.schedule(t, atPs, ((long) key.id() << TIE_COUNT_BITS) | (key.scheduleCount++ & TIE_COUNT_MASK));
    }

    /**
     * Draws {@code t}'s key for {@code atPs} as {@link #schedule} would (the owner's schedule count
     * moves), without putting it in the heap: a reserved firing that does nothing when its time
     * comes. {@link #scheduleReserved} puts it in the heap with that key if it turns out to have
     * something to do before then. Returns false, having scheduled {@code t} for real, when the key
     * lies before the loop's position (at the current time, under a smaller tie): such an event
     * fires after the current one, so it cannot be told apart from one that already fired.
     */
    boolean reserve(Timer t, long atPs) {
        if (atPs < nowPs) {
            throw new IllegalArgumentException(
                    "cannot reserve " + t.owner.name() + " in the past: " + atPs + " < " + nowPs);
        }
        if (observer != null) {
            observe(t, atPs);
        }
        Component key = t.key;
        long tie = ((long) key.id() << TIE_COUNT_BITS) | (key.scheduleCount++ & TIE_COUNT_MASK);
        if (t == firing) {
            firing = null;
            heap.remove(t);
        } else if (EventHeap.contains(t)) {
            heap.remove(t);
        }
        if (!after(atPs, tie)) {
            t.timePs = atPs;
            heap.schedule(t, atPs, tie);
            return false;
        }
        t.reservedPs = atPs;
        t.reservedTie = tie;
        if (atPs > latestReservedPs || (atPs == latestReservedPs && tie > latestReservedTie)) {
            latestReservedPs = atPs;
            latestReservedTie = tie;
        }
        return true;
    }

    /** Whether an event at key (atPs, tie) is still to come: it lies after the loop's position. */
    private boolean after(long atPs, long tie) {
        return atPs > positionPs || (atPs == positionPs && tie > positionTie);
    }

    /** Whether {@code t}'s reserved firing is still to come. */
    boolean reservedAhead(Timer t) {
        return after(t.reservedPs, t.reservedTie);
    }

    /** Puts {@code t} in the heap at its reserved key; only while {@link #reservedAhead}. */
    void scheduleReserved(Timer t) {
        if (!after(t.reservedPs, t.reservedTie)) {
            throw new IllegalStateException("reserved firing of " + t.owner.name() + " has passed");
        }
        if (observer != null) {
            observe(t, t.reservedPs);
        }
        t.timePs = t.reservedPs;
        heap.schedule(t, t.reservedPs, t.reservedTie);
    }

    void cancel(Timer t) {
        if (observer != null) {
            observe(t, nowPs);
        }
        if (t == firing) {
            firing = null;
        }
        heap.remove(t);
    }

    boolean pending(Timer t) {
        return t != firing && EventHeap.contains(t);
    }

    /** Asks the loop to return after the current event. */
    public void stop() {
        stopped = true;
    }

    /**
     * Fires events in order until the next one lies after {@code endPs}, the heap is empty, or
     * {@link #stop()} is called; the clock then reads {@code endPs} (or the stop time).
     *
     * <p>Reserved firings ({@link Timer#reserveAt}) count as events that fired at their time
     * without being counted: they move the loop's position, the clock of {@link #runUntilIdle()}
     * and the result as scheduled ones would.
     *
     * @return true if events (reserved firings included) remain after {@code endPs}
     */
    public boolean runUntil(long endPs) {
        stopped = false;
        final EventHeap h = heap;
        while (!stopped && h.size() > 0) {
            long at = h.topTime();
            if (at > endPs) {
                break;
            }
            long tie = h.topTie();
            Timer t = h.top();
            nowPs = at;
            positionPs = at;
            positionTie = tie;
            events++;
            fingerprint += eventHash(at, tie >>> TIE_COUNT_BITS);
            firing = t;
            try {
                t.handler.onEvent(at);
            } finally {
                if (firing == t) {
                    firing = null;
                    h.remove(t);
                }
            }
        }
        if (!stopped) {
            if (endPs == Long.MAX_VALUE) {
                nowPs = Math.max(nowPs, latestReservedPs);
                positionPs = nowPs;
                positionTie = Long.MAX_VALUE;
            } else if (endPs >= nowPs) {
                nowPs = endPs;
                positionPs = endPs;
                positionTie = Long.MAX_VALUE;
            }
        }
        return h.size() > 0 || after(latestReservedPs, latestReservedTie);
    }

    /** Fires events until none remain or {@link #stop()} is called. */
    public void runUntilIdle() {
        runUntil(Long.MAX_VALUE);
    }

    /**
     * One fired event's share of {@link #fingerprint()}: a hash of its time and its owner's id
     * (the key without the schedule count: a cable's count moves with both ends' schedules, whose
     * interleaving a windowed run does not keep, while its one pending arrival never needs the
     * count to be ordered). The fingerprint is the sum of these, so it does not depend on the
     * order in which events are folded (a windowed or parallel run folds each partition's apart).
     */
    static long eventHash(long atPs, long ownerId) {
        return mix(mix(atPs) + ownerId);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
