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
 * run is reproducible from its seed; with {@link #arrivalsFirst(boolean)} the components made by
 * {@link #arrivalComponent} (a cable's frame arrivals) come before all others at one instant. Each fired event is folded into a {@link #fingerprint()}
 * (time and component id), the OMNeT++-style hash that golden tests pin.
 *
 * <p>Single-threaded.
 */
public final class Simulation {
    private static final int TIE_COUNT_BITS = 39;
    private static final int ID_BITS = 23;
    /** The tie-key bit above the id: set for every component but the first-at-ties ones. */
    static final long LATER_AT_TIES = 1L << (TIE_COUNT_BITS + ID_BITS);

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

    private boolean arrivalsFirst;

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

    /** A hash of every fired event's time and component, for golden tests. */
    public long fingerprint() {
        return fingerprint;
    }

    /** Tie key of component {@code id} without its schedule count. */
    static long tieBase(int id, boolean first) {
        return (first ? 0 : LATER_AT_TIES) | (long) id << TIE_COUNT_BITS;
    }

    /**
     * ns-3's order of a frame arrival and a transmit-done at one instant: arrivals first. ns-3 puts
     * events of one time stamp in the order they were scheduled, and schedules a frame's arrival
     * when its first bit leaves ({@code QbbChannel::TransmitStart}, serialization + delay ahead),
     * before the egress port that finishes a frame at that instant scheduled its transmit-done, so
     * the switch that picks its next frame then (and stamps INT with its queue) holds the frame
     * arriving. From the call on, {@link #arrivalComponent} makes components whose events come
     * before every other component's at one instant (among themselves by id). Off by default.
     */
    public void arrivalsFirst(boolean on) {
        this.arrivalsFirst = on;
    }

    /**
     * A component for frame arrivals ({@link #component(String)} otherwise): first at ties while
     * {@link #arrivalsFirst(boolean)} is on.
     */
    public Component arrivalComponent(String name) {
        return register(name, arrivalsFirst);
    }

    /**
     * Registers a component by unique name; ids follow registration order.
     *
     * @throws IllegalArgumentException if the name is taken
     */
    public Component component(String name) {
        return register(name, false);
    }

    private Component register(String name, boolean first) {
        if (componentsByName.containsKey(name)) {
            throw new IllegalArgumentException("duplicate component name: " + name);
        }
        if (components.size() >= (1 << ID_BITS)) {
            throw new IllegalStateException("too many components");
        }
        Component c = new Component(name, components.size(), -1, first);
        components.add(c);
        componentsByName.put(name, c);
        return c;
    }

    /**
     * Registers a component named {@code prefix + "0x" + hex(number)} (a NIC's QP {@code h3/qp0x1a5})
     * without forming the name: components created during the run, one per flow, cost no string
     * work. The caller keeps (prefix, number) unique, as a NIC that never reuses a QPN does; the
     * names are not checked against each other.
     */
    public Component component(String prefix, int number) {
        if (number < 0) {
            throw new IllegalArgumentException("component number must not be negative: " + number);
        }
        if (components.size() >= (1 << ID_BITS)) {
            throw new IllegalStateException("too many components");
        }
        Component c = new Component(prefix, components.size(), number, false);
        components.add(c);
        return c;
    }

    /**
     * Forgets a component that schedules nothing any more (a destroyed QP): its name may be used
     * again, its id never is (ids order simultaneous events), and the simulation keeps no
     * reference to it. Its slot in {@link #components()} reads null afterwards.
     */
    public void release(Component c) {
        if (components.get(c.id()) != c) {
            throw new IllegalArgumentException("component " + c + " is not registered here");
        }
        components.set(c.id(), null);
        if (!c.numbered()) {
            componentsByName.remove(c.name(), c);
        }
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
        long id = ownerId(positionTie);
        return id < components.size() ? (int) id : -1;
    }

    private void observe(Timer t, long atPs) {
        observer.touched(firingOwnerId(), t.owner, nowPs, atPs);
    }

    private static long ownerId(long tie) {
        return (tie >>> TIE_COUNT_BITS) & ((1L << ID_BITS) - 1);
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
        Component owner = t.owner;
        t.timePs = atPs;
        heap.schedule(t, atPs, owner.tieBase | (owner.scheduleCount++ & TIE_COUNT_MASK));
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
        Component owner = t.owner;
        long tie = owner.tieBase | (owner.scheduleCount++ & TIE_COUNT_MASK);
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
            long ownerId = ownerId(h.topTie());
            Timer t = h.top();
            nowPs = at;
            positionPs = at;
            positionTie = h.topTie();
            events++;
            fingerprint = mix(fingerprint ^ at) + ownerId;
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

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
