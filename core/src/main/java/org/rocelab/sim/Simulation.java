package org.rocelab.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * One deterministic discrete-event simulation: a clock in picoseconds, an event heap, the
 * registry of components and the root of the named random streams. Nothing here is static, so
 * several simulations can run side by side in one JVM (sweeps, parallel tests).
 *
 * <p>Simultaneous events fire in (time, owner component id, owner's schedule count) order, so a
 * run is reproducible from its seed; with {@link #arrivalsFirst(boolean)} the components made by
 * {@link #arrivalComponent} (a cable's frame arrivals) come before all others at one instant.
 * Each fired event's time and owner id are hashed into a {@link #fingerprint()} (a sum, so the
 * order of folding does not matter), the OMNeT++-style hash that golden tests pin.
 *
 * <p>The plain loop takes events from one event set. A windowed run ({@link #window}) gives each
 * partition of the fabric its own set and runs each partition's events in a window [t, t + L)
 * alone (a conservative synchronous-window run, YAWNS: Nicol 1993), L the lookahead; global
 * events (sampling, faults, a workload's flow starts) cut windows and fire alone, merged with
 * every partition's events at their time, so the events and their order per component are the
 * plain loop's (docs/architecture.md, "Windows and threads").
 *
 * <p>Single-threaded, but for a windowed run's windows on {@link #threads}.
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
    /** The loop's state: the plain loop's, and in a windowed run the calling thread's. */
    private final Loop main = new Loop(0x9E3779B97F4A7C15L);

    private boolean stopped;
    /** Told of every schedule, reservation and cancel, or null (the usual case: one branch). */
    private ScheduleObserver observer;
    /**
     * The event sets of a windowed run ({@link #window}): one per partition, then the global one;
     * null in the plain loop, which uses {@link #heap} alone.
     */
    private EventHeap[] lanes;
    /** Index of the global event set in {@link #lanes}. */
    private int globalLane;

    private long lookaheadPs;

    private long windows;
    private long barrierEvents;
    /**
     * With {@link #plainLoopWhenWindowsAreCut}: the windows after which the loop checks how long
     * they were, and their summed length so far, ps; 0: never.
     */
    private long probeWindows;

    private long probedSpanPs;
    private long plainFromPs = -1;
    /**
     * Per parity of the window that filled them ({@link #windowParity}), per receiving partition:
     * the mailboxes of cut cables holding frames ({@link #mailed}), emptied when that partition's
     * next window starts; sized by {@link #cutCable} to the partition's incoming cut cables (a
     * mailbox enters once per window).
     */
    private Mailbox[][][] inbound;
    /** Per partition, what {@link #atWindowStart} registered, told in registration order. */
    private WindowStart[][] windowStarts;

    /** How many of {@link #inbound}'s entries are filled, at {@code parity * partitions + partition}. */
    private java.util.concurrent.atomic.AtomicIntegerArray inboundCount;
    /** Per partition, the earliest arrival of a frame its events mailed in the running window. */
    private long[] mailedFirstPs;
    /** The earliest arrival of the frames the last window mailed, still in mailboxes; MAX_VALUE: none. */
    private long mailPendingPs = Long.MAX_VALUE;
    /** The parity of the running (or last) window, {@code windows & 1}: the mailbox buffer it fills. */
    private int windowParity;
    /** When the running window starts, ps: no mailed frame arrives earlier. */
    private long windowStartPs;

    private boolean arrivalsFirst;
    /**
     * The workers of a threaded windowed run ({@link #threads}), which with the calling thread take
     * the partitions of each window one by one ({@link #deal}); null on one thread. Set before the
     * run, read-only while it runs.
     */
    private WindowWorkers workers;
    /** Which thread takes which partition of the running window (a threaded run). */
    private PartitionDeal deal;
    /**
     * A threaded run's partitions in the order threads take them: the costliest of the last window
     * first ({@link #orderByLastWindow}).
     */
    private int[] takeOrder;
    /** Per crew, the events its partitions fired in its last window (a threaded run): its cost. */
    private long[] lastWindowEvents;
    /**
     * A threaded run's crews: partitions that one thread runs one after the other in each window
     * ({@link #threads(int, int[])}), so cables between them need no mailbox. Per partition its
     * crew; per crew its partitions, in partition order. Each partition its own crew unless set.
     */
    private int[] crewOf;

    private int[][] crews;
    /** Per partition, the actions its events of the running window deferred ({@link #serially}). */
    private Deferred[] deferred;

    /** Actions a partition's events deferred to the window's end ({@link #serially}), with their events' keys. */
    private static final class Deferred {
        final List<Runnable> actions = new ArrayList<>();
        long[] keys = new long[8];

        void add(Runnable action, long atPs, long tie) {
            int n = actions.size();
            if (2 * n + 2 > keys.length) {
                keys = java.util.Arrays.copyOf(keys, 2 * keys.length);
            }
            keys[2 * n] = atPs;
            keys[2 * n + 1] = tie;
            actions.add(action);
        }
    }

    /**
     * The state of one thread's event loop: the clock, the loop's position, the firing timer, the
     * events it fired and their fingerprint share. The plain loop has one; a threaded windowed run
     * one per worker besides, whose counts are added to the calling thread's after each window.
     */
    static final class Loop {
        long nowPs;
        /**
         * The timer whose handler is running. It stays in the heap while its handler runs: most
         * handlers reschedule their own timer (a port's next transmit, a link's next arrival), and
         * moving it from the top to its new key is one sift instead of a removal and an insertion.
         * It is removed after the handler if it was not rescheduled. Not pending meanwhile.
         */
        Timer firing;
        /**
         * The loop's position: the key (time, tie) of the event firing or fired last; after a run
         * that ended by reaching its end time, (that time, {@link Long#MAX_VALUE}). A reserved firing
         * ({@link Timer#reserveAt}) with a greater key has not happened yet.
         */
        long positionPs;

        long positionTie = -1;
        /** The greatest key reserved so far (time, tie), or time -1: what runUntil's result and the idle clock count. */
        long latestReservedPs = -1;

        long latestReservedTie;
        long events;
        long fingerprint;
        /** The partition whose window is running, or -1 (at a barrier, in set-up, in the plain loop). */
        int runningLane = -1;
        /** The end (exclusive) of the window running now. */
        long windowEndPs;
        /** The latest time an event of a windowed run fired at (the lanes' clocks differ within a window). */
        long latestFiredPs;

        Loop(long fingerprint) {
            this.fingerprint = fingerprint;
        }

        void reserved(long atPs, long tie) {
            if (atPs > latestReservedPs || (atPs == latestReservedPs && tie > latestReservedTie)) {
                latestReservedPs = atPs;
                latestReservedTie = tie;
            }
        }
    }

    public Simulation(long seed) {
        this.seed = seed;
    }

    /** The seed every random stream derives from. */
    public long seed() {
        return seed;
    }

    /** The current simulated time in picoseconds. */
    public long now() {
        return loop().nowPs;
    }

    /** The calling thread's loop state: a worker's in a threaded run, else {@link #main}. */
    private Loop loop() {
        return workers != null && Thread.currentThread() instanceof LaneThread t ? t.loop : main;
    }

    /**
     * The tie of the event firing now (its owner's id and schedule count, {@link Timer}), with
     * {@link #now()} its key: records that events append to one list (fct.txt, pfc.txt) sorted by
     * (time, tie) are in the plain loop's order whatever order a windowed run's partitions
     * appended them in. Meaningless outside an event.
     */
    public long eventTie() {
        return loop().positionTie;
    }

    /** Number of events fired so far. */
    public long events() {
        return main.events;
    }

    /** Events waiting in the heap (reserved firings not counted). */
    public int pendingEvents() {
        int n = 0;
        if (lanes == null) {
            n = heap.size();
        } else {
            for (EventHeap h : lanes) {
                n += h.size();
            }
        }
        return main.firing == null ? n : n - 1;
    }

    /** Bucket heads the main event set holds (its rungs' memory), for tests. */
    int mainBucketCapacity() {
        return heap.bucketCapacity();
    }

    /**
     * A hash of every fired event's time and owner id, for golden tests: the sum of per-event
     * hashes ({@link #eventHash}), independent of the order events are folded in.
     */
    public long fingerprint() {
        return main.fingerprint;
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
        Component c = new Component(name, components.size(), first);
        if (lanes != null) {
            c.lane = globalLane; // registered after the split: nothing says which partition it belongs to
        }
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
        if (o != null && workers != null) {
            throw new IllegalStateException("observeSchedules: not on a threaded run");
        }
        this.observer = o;
    }

    /** The id of the component whose event fires now, or -1 outside an event (set-up, between runs). */
    private int firingOwnerId() {
        Loop s = main;
        if (s.positionTie < 0 || s.positionPs != s.nowPs) {
            return -1;
        }
        long id = ownerId(s.positionTie);
        return id < components.size() ? (int) id : -1;
    }

    private void observe(Timer t, long atPs) {
        observer.touched(firingOwnerId(), t.owner, main.nowPs, atPs);
    }

    private static long ownerId(long tie) {
        return (tie >>> TIE_COUNT_BITS) & ((1L << ID_BITS) - 1);
    }

    void schedule(Timer t, long atPs) {
        Loop s = loop();
        if (observer != null) {
            observe(t, atPs);
        }
        if (atPs < s.nowPs) {
            throw new IllegalArgumentException(
                    "cannot schedule " + t.owner.name() + " in the past: " + atPs + " < " + s.nowPs);
        }
        if (t == s.firing) {
            s.firing = null; // it stays in the heap and moves to its new key
        }
        Component key = t.key;
        if (lanes == null) {
            put(heap, t, atPs);
            return;
        }
        EventHeap h = laneOf(key, atPs, s);
        if (sharedFromWindow(key, s)) {
            synchronized (h) {
                claim(key, s);
                put(h, t, atPs);
            }
            return;
        }
        put(h, t, atPs);
    }

    /** Puts {@code t} in {@code h} at {@code atPs}, drawing its owner's next schedule count for the tie. */
    private static void put(EventHeap h, Timer t, long atPs) {
        Component key = t.key;
        t.timePs = atPs;
        h.schedule(t, atPs, key.tieBase | (key.scheduleCount++ & TIE_COUNT_MASK));
    }

    /**
     * Whether a timer op of {@code s}'s thread on {@code key} reaches the global event set from a
     * window of a threaded run, which other workers may reach at the same time: done under the
     * set's lock, and only from one partition per window per component ({@link #claim}).
     */
    private boolean sharedFromWindow(Component key, Loop s) {
        return workers != null && s.runningLane >= 0 && key.lane == globalLane;
    }

    /**
     * Records that partition {@code s.runningLane} drew schedule counts of global component {@code
     * key} in this window. Two partitions doing so in one window would order its simultaneous events
     * by the workers' timing: that run cannot be reproduced on threads, and it stops here.
     */
    private void claim(Component key, Loop s) {
        if (key.claimWindow == windows && key.claimLane != s.runningLane) {
            throw new IllegalStateException("a threaded run cannot order this: partitions " + key.claimLane + " and "
                    + s.runningLane + " both schedule " + key.name() + " within the window ending at "
                    + s.windowEndPs + " ps");
        }
        key.claimWindow = windows;
        key.claimLane = s.runningLane;
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
        Loop s = loop();
        if (atPs < s.nowPs) {
            throw new IllegalArgumentException(
                    "cannot reserve " + t.owner.name() + " in the past: " + atPs + " < " + s.nowPs);
        }
        if (observer != null) {
            observe(t, atPs);
        }
        Component key = t.key;
        EventHeap h = lanes == null ? heap : laneOf(key, atPs, s);
        if (lanes != null && sharedFromWindow(key, s)) {
            throw new IllegalStateException("a threaded run cannot reserve global " + key.name() + " from a window");
        }
        long tie = key.tieBase | (key.scheduleCount++ & TIE_COUNT_MASK);
        if (t == s.firing) {
            s.firing = null;
            h.remove(t);
        } else if (EventHeap.contains(t)) {
            h.remove(t);
        }
        if (!after(s, atPs, tie)) {
            t.timePs = atPs;
            h.schedule(t, atPs, tie);
            return false;
        }
        t.reservedPs = atPs;
        t.reservedTie = tie;
        s.reserved(atPs, tie);
        return true;
    }

    /** Whether an event at key (atPs, tie) is still to come: it lies after {@code s}'s position. */
    private static boolean after(Loop s, long atPs, long tie) {
        return atPs > s.positionPs || (atPs == s.positionPs && tie > s.positionTie);
    }

    /** Whether {@code t}'s reserved firing is still to come. */
    boolean reservedAhead(Timer t) {
        return after(loop(), t.reservedPs, t.reservedTie);
    }

    /** Puts {@code t} in the heap at its reserved key; only while {@link #reservedAhead}. */
    void scheduleReserved(Timer t) {
        Loop s = loop();
        if (!after(s, t.reservedPs, t.reservedTie)) {
            throw new IllegalStateException("reserved firing of " + t.owner.name() + " has passed");
        }
        if (observer != null) {
            observe(t, t.reservedPs);
        }
        EventHeap h = lanes == null ? heap : laneOf(t.key, t.reservedPs, s);
        if (lanes != null && sharedFromWindow(t.key, s)) {
            throw new IllegalStateException("a threaded run cannot reserve global " + t.key.name() + " from a window");
        }
        t.timePs = t.reservedPs;
        h.schedule(t, t.reservedPs, t.reservedTie);
    }

    void cancel(Timer t) {
        Loop s = loop();
        if (observer != null) {
            observe(t, s.nowPs);
        }
        if (t == s.firing) {
            s.firing = null;
        }
        if (lanes == null) {
            heap.remove(t);
            return;
        }
        if (sharedFromWindow(t.key, s)) {
            EventHeap h = lanes[globalLane];
            synchronized (h) {
                if (EventHeap.contains(t)) {
                    laneOf(t.key, t.timePs, s);
                    claim(t.key, s);
                }
                h.remove(t);
            }
            return;
        }
        EventHeap h = EventHeap.contains(t) ? laneOf(t.key, t.timePs, s) : lanes[t.key.lane];
        h.remove(t);
    }

    boolean pending(Timer t) {
        return t != loop().firing && EventHeap.contains(t);
    }

    /**
     * Asks the loop to return after the current event.
     *
     * @throws IllegalStateException inside a window of a windowed run: the other partitions may
     *     have run past this event already
     */
    public void stop() {
        Loop s = loop();
        if (s.runningLane >= 0) {
            throw new IllegalStateException("stop() inside a window at " + s.nowPs
                    + " ps: a windowed run stops only at a barrier (a global event)");
        }
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
        if (lanes != null) {
            return runWindowed(endPs);
        }
        stopped = false;
        final EventHeap h = heap;
        final Loop s = main;
        while (!stopped && h.size() > 0) {
            long at = h.topTime();
            if (at > endPs) {
                break;
            }
            long tie = h.topTie();
            Timer t = h.top();
            s.nowPs = at;
            s.positionPs = at;
            s.positionTie = tie;
            s.events++;
            s.fingerprint += eventHash(at, ownerId(tie));
            s.firing = t;
            try {
                t.handler.onEvent(at);
            } finally {
                if (s.firing == t) {
                    s.firing = null;
                    h.remove(t);
                }
            }
        }
        finish(endPs);
        return h.size() > 0 || after(s, s.latestReservedPs, s.latestReservedTie);
    }

    /** Sets the clock and position where a run that was not stopped ends. */
    private void finish(long endPs) {
        Loop s = main;
        if (!stopped) {
            if (endPs == Long.MAX_VALUE) {
                s.nowPs = Math.max(s.nowPs, s.latestReservedPs);
                s.positionPs = s.nowPs;
                s.positionTie = Long.MAX_VALUE;
            } else if (endPs >= s.nowPs) {
                s.nowPs = endPs;
                s.positionPs = endPs;
                s.positionTie = Long.MAX_VALUE;
            }
        }
    }

    /**
     * Splits the event set for a windowed run: {@code partitionOf} tells each registered component's
     * partition, 0 to {@code partitions - 1}, or -1 for a global one (whose events may touch any
     * partition: they cut windows and fire alone); a node's components go with their node, and a
     * component registered later is global. Pending events move to their partition's set with their
     * keys. From now on {@link #runUntil} runs windows of at most {@code lookaheadPs}: a partition's
     * event may schedule another partition's timer (a cable's arrival) only at or after the window's
     * end, and a global one likewise; anything else throws {@link IllegalStateException}, naming the
     * timer, as does {@link #stop} inside a window. Call between runs, not from an event.
     *
     * @throws IllegalArgumentException if {@code partitions} or {@code lookaheadPs} is below 1, or a
     *     partition is out of range
     */
    public void window(int partitions, long lookaheadPs, ToIntFunction<Component> partitionOf) {
        if (partitions < 1 || lookaheadPs < 1) {
            throw new IllegalArgumentException(
                    "window: partitions " + partitions + " and lookahead " + lookaheadPs + " ps must be 1 or more");
        }
        if (lanes != null || main.firing != null) {
            throw new IllegalStateException("window: already windowed, or called from an event");
        }
        for (Component c : components) {
            if (c != null) {
                int p = partitionOf.applyAsInt(c);
                if (p < -1 || p >= partitions) {
                    throw new IllegalArgumentException("window: partition " + p + " of " + c + " is out of range");
                }
                c.lane = p < 0 ? partitions : p;
            }
        }
        EventHeap[] ls = new EventHeap[partitions + 1];
        for (int i = 0; i < ls.length; i++) {
            ls[i] = EventHeap.forPartition();
        }
        while (heap.size() > 0) {
            long at = heap.topTime();
            long tie = heap.topTie();
            Timer t = heap.top();
            heap.remove(t);
            ls[t.key.lane].schedule(t, at, tie);
        }
        this.lanes = ls;
        this.globalLane = partitions;
        this.inbound = new Mailbox[2][partitions][0];
        this.windowStarts = new WindowStart[partitions][0];
        this.inboundCount = new java.util.concurrent.atomic.AtomicIntegerArray(2 * partitions);
        this.mailedFirstPs = new long[partitions];
        Arrays.fill(mailedFirstPs, Long.MAX_VALUE);
        this.lookaheadPs = lookaheadPs;
        this.main.latestFiredPs = main.nowPs;
    }

    /**
     * Runs the windows of a windowed run on {@code threads} threads: the calling thread and {@code
     * threads} − 1 workers take the window's partitions one by one, costliest of the last window
     * first ({@link #orderByLastWindow}), each thread those it ran in the last window first
     * ({@link PartitionDeal}), each partition's events firing on the thread that took it (so a
     * thread that finishes its own takes what is left of the others'); the calling thread runs every
     * barrier. Timer ops of a window reach only the running partition, or the global event set
     * under its lock and from one partition per component per window; {@link #serially} actions
     * run after the window in partition order; the events, their order per component and so every
     * output are those of the run on one thread. Call after {@link #window}, before the run;
     * {@link #endThreads} stops the workers.
     *
     * @throws IllegalArgumentException if {@code threads} is below 1 or above the partition count
     * @throws IllegalStateException if not windowed, or schedules are observed
     */
    public void threads(int threads) {
        int[] own = new int[lanes == null ? 0 : globalLane];
        for (int p = 0; p < own.length; p++) {
            own[p] = p;
        }
        threads(threads, own);
    }

    /**
     * As {@link #threads(int)}, with the partitions in crews: {@code crewOf[p]} is partition {@code
     * p}'s crew (0 … crews − 1, each crew one partition or more). A thread takes a crew and runs its
     * partitions one after the other, in partition order, so an event of one may put an event at
     * or after the window's end into another of its crew (a frame on a cable between them, with no
     * mailbox), as on one thread. Crews are dealt to threads as partitions are otherwise.
     *
     * @throws IllegalArgumentException if {@code threads} is below 1 or above the crew count, or a
     *     crew is empty or out of range
     */
    public void threads(int threads, int[] crewOf) {
        if (lanes == null || observer != null) {
            throw new IllegalStateException("threads: call after window(), without a schedule observer");
        }
        if (crewOf.length != globalLane) {
            throw new IllegalArgumentException(
                    "threads: a crew for each of " + globalLane + " partitions, got " + crewOf.length);
        }
        int count = 0;
        for (int c : crewOf) {
            if (c < 0 || c >= globalLane) {
                throw new IllegalArgumentException("threads: crew " + c + " is out of range");
            }
            count = Math.max(count, c + 1);
        }
        int[] sizes = new int[count];
        for (int c : crewOf) {
            sizes[c]++;
        }
        int[][] members = new int[count][];
        for (int c = 0; c < count; c++) {
            if (sizes[c] == 0) {
                throw new IllegalArgumentException("threads: crew " + c + " has no partition");
            }
            members[c] = new int[sizes[c]];
            sizes[c] = 0;
        }
        for (int p = 0; p < globalLane; p++) {
            members[crewOf[p]][sizes[crewOf[p]]++] = p;
        }
        if (threads < 1 || threads > count) {
            throw new IllegalArgumentException(
                    "threads: " + threads + " threads for " + count + (count == globalLane ? " partitions" : " crews"));
        }
        if (threads > 1 && workers == null) {
            this.crewOf = crewOf.clone();
            this.crews = members;
            deferred = new Deferred[globalLane];
            for (int p = 0; p < globalLane; p++) {
                deferred[p] = new Deferred();
            }
            takeOrder = new int[count];
            lastWindowEvents = new long[count];
            for (int c = 0; c < count; c++) {
                takeOrder[c] = c;
            }
            deal = new PartitionDeal(count, threads);
            workers = new WindowWorkers(threads - 1, this::runPartitionsTaken);
        }
    }

    /**
     * Runs {@code job} over {@code [0, n)}: split evenly among a threaded run's threads when called
     * on the calling thread between windows (at a barrier, where every partition waits), else at
     * once on the calling thread. Each thread's clock reads the caller's meanwhile, so the work
     * sees {@link #now()} as the caller does. For reads of the whole fabric at one instant (the
     * sampler reads every port): each index's work must write only what it owns, so the result is
     * the same however the range is split.
     */
    public void inParallel(int n, RangeJob job) {
        Loop s = loop();
        if (workers == null || s != main || s.runningLane >= 0 || n < 2) {
            job.run(0, n);
            return;
        }
        for (int w = 0; w < workers.size(); w++) {
            Loop l = workers.loop(w);
            l.nowPs = s.nowPs;
            l.positionPs = s.positionPs;
            l.positionTie = s.positionTie;
        }
        workers.startJob(job, n);
        job.run(0, WindowWorkers.sliceStart(1, workers.size() + 1, n));
        workers.await();
    }

    /** Threads the windows run on: 1 unless {@link #threads} set more. */
    public int threadCount() {
        return workers == null ? 1 : workers.size() + 1;
    }

    /** Stops the workers of a threaded run (their thread ends); the simulation runs on one thread after. */
    public void endThreads() {
        if (workers != null) {
            workers.shutdown();
            workers = null;
            deferred = null;
            deal = null;
            crewOf = null;
            crews = null;
        }
    }

    /**
     * Runs {@code action} now, or, from a window of a threaded run, after the window, when the
     * actions of all partitions run one after another in partition order (so in the order a run on
     * one thread runs them), each with {@link #now()} and {@link #eventTie()} of the event that
     * asked. For an event's writes into state other partitions' events write too (a run's list of
     * completed flows, the sampler's series), read only by such actions and at barriers.
     */
    public void serially(Runnable action) {
        Loop s = loop();
        if (workers == null || s.runningLane < 0) {
            action.run();
            return;
        }
        deferred[s.runningLane].add(action, s.positionPs, s.positionTie);
    }

    /**
     * Registers a cut cable ending at {@code arrival}'s partition (its arrival component): a
     * windowed run's cable direction between two partitions, whose frames go through a {@link
     * Mailbox}. Call after {@link #window}, before the run.
     *
     * @throws IllegalStateException if the run is not windowed or {@code arrival} is global
     */
    public void cutCable(Component arrival) {
        int lane = arrival.lane;
        if (lanes == null || lane == globalLane) {
            throw new IllegalStateException("cutCable: " + arrival.name() + " is not in a partition");
        }
        for (Mailbox[][] byLane : inbound) {
            byLane[lane] = Arrays.copyOf(byLane[lane], byLane[lane].length + 1);
        }
    }

    /**
     * Tells {@code w} when each window of {@code owner}'s partition starts, with the window's end,
     * after the partition's mailboxes are drained and before its first event fires, on the thread
     * that runs the partition. Call after {@link #window}, before the run.
     *
     * @throws IllegalStateException if the run is not windowed or {@code owner} is global
     */
    public void atWindowStart(Component owner, WindowStart w) {
        int lane = owner.lane;
        if (lanes == null || lane == globalLane) {
            throw new IllegalStateException("atWindowStart: " + owner.name() + " is not in a partition");
        }
        WindowStart[] a = Arrays.copyOf(windowStarts[lane], windowStarts[lane].length + 1);
        a[a.length - 1] = w;
        windowStarts[lane] = a;
    }

    /**
     * The mailbox buffer an event of a running window of a threaded run fills (0 or 1: the window's
     * parity, {@link Mailbox}), or -1 outside a window or on one thread, when a cable puts frames
     * straight on the wire. One thread runs the partitions one after the other, so a frame pushed in
     * a window may go straight into the receiver's ring and its arrival into the receiver's event
     * set: it arrives at or after the window's end, which no partition has passed.
     */
    public int mailParity() {
        return workers != null && loop().runningLane >= 0 ? windowParity : -1;
    }

    /**
     * From an event of a running window ({@link #mailParity} ≥ 0): the window's first frame went
     * into {@code mailbox}, a cut cable to {@code arrival}'s partition ({@link #cutCable}), arriving
     * at {@code arrivalPs} (at or after the window's end; the cable's later frames arrive later): the
     * thread that takes that partition in the next window drains it before the partition's events
     * fire, and the next window starts no later than {@code arrivalPs}. Which thread drains it
     * changes nothing: a mailbox touches only its own cable and its receiver's arrival timer, whose
     * keys do not depend on who schedules them. So a window costs what its mailboxes received, not
     * the number of cut cables, and no thread empties the mailboxes of others.
     */
    public void mailed(Timer arrival, Mailbox mailbox, long arrivalPs) {
        Loop s = loop();
        int lane = arrival.key.lane;
        int parity = windowParity;
        inbound[parity][lane][inboundCount.getAndIncrement(parity * globalLane + lane)] = mailbox;
        if (arrivalPs < mailedFirstPs[s.runningLane]) {
            mailedFirstPs[s.runningLane] = arrivalPs;
        }
    }

    /**
     * Drains the mailboxes the last window filled for partition {@code p} (at the start of its
     * window, or, {@code s} the calling thread's loop outside a window, before a barrier or the end
     * of the run). The loop's clock reads the window's start meanwhile: every frame arrives then or
     * later.
     */
    private void drainInbound(Loop s, int p, int parity) {
        int slot = parity * globalLane + p;
        int n = inboundCount.get(slot);
        if (n == 0) {
            return;
        }
        long now = s.nowPs;
        s.nowPs = Math.min(now, windowStartPs);
        Mailbox[] boxes = inbound[parity][p];
        for (int i = 0; i < n; i++) {
            boxes[i].drain(parity);
            boxes[i] = null;
        }
        inboundCount.set(slot, 0);
        s.nowPs = now;
    }

    /** Drains every mailbox the last window filled, partition by partition, on the calling thread. */
    private void drainAllMail() {
        if (mailPendingPs == Long.MAX_VALUE) {
            return;
        }
        for (int p = 0; p < globalLane; p++) {
            drainInbound(main, p, windowParity);
        }
        mailPendingPs = Long.MAX_VALUE;
    }

    /** After a window: the earliest arrival of the frames it mailed, from each partition's. */
    private long mailedFirst() {
        long first = Long.MAX_VALUE;
        for (int p = 0; p < globalLane; p++) {
            first = Math.min(first, mailedFirstPs[p]);
            mailedFirstPs[p] = Long.MAX_VALUE;
        }
        return first;
    }

    /**
     * Lets a windowed run on one thread go back to the plain loop when its windows are cut short:
     * after its first {@code windows} windows, if they spanned less than half the lookahead on
     * average (global events, e.g. flow starts every few ns, end windows early, and short windows
     * cost more than their locality saves, docs/architecture.md "Windows on one thread"), every
     * partition's events move back into one event set and the run continues in the plain loop,
     * with the same events in the same order. Call after {@link #window}, on one thread.
     *
     * @throws IllegalStateException if the run is not windowed or runs on threads
     */
    public void plainLoopWhenWindowsAreCut(long windows) {
        if (lanes == null || workers != null || windows < 1) {
            throw new IllegalStateException(
                    "plainLoopWhenWindowsAreCut: a windowed run on one thread, 1 window or more");
        }
        this.probeWindows = windows;
    }

    /** When a windowed run went back to the plain loop ({@link #plainLoopWhenWindowsAreCut}), ps; -1: it did not. */
    public long plainFromPs() {
        return plainFromPs;
    }

    /** Between windows: every partition's events back into one event set, the loop plain from now on. */
    private void unwindow() {
        main.nowPs = Math.max(main.nowPs, main.latestFiredPs);
        for (EventHeap h : lanes) {
            while (h.size() > 0) {
                long at = h.topTime();
                long tie = h.topTie();
                Timer t = h.top();
                h.remove(t);
                heap.schedule(t, at, tie);
            }
        }
        lanes = null;
        plainFromPs = main.nowPs;
    }

    /** The partitions of a windowed run ({@link #window}); 0 in the plain loop. */
    public int partitions() {
        return globalLane;
    }

    /** Windows run so far (a windowed run; 0 in the plain loop). */
    public long windows() {
        return windows;
    }

    /** Events fired at barriers, merged across partitions (global events and those at their times). */
    public long barrierEvents() {
        return barrierEvents;
    }

    /** The event set of {@code key}'s partition, checking that the loop may put an event at {@code atPs} there now. */
    private EventHeap laneOf(Component key, long atPs, Loop s) {
        int lane = key.lane;
        int running = s.runningLane;
        if (running >= 0
                && lane != running
                && (atPs < s.windowEndPs
                        || (workers != null && lane != globalLane && crewOf[lane] != crewOf[running]))) {
            throw new IllegalStateException("a windowed run cannot order this: an event of partition " + running
                    + " at " + s.nowPs + " ps touches " + key.name() + " ("
                    + (lane == globalLane ? "global" : "partition " + lane) + ") at " + atPs + " ps"
                    + (atPs < s.windowEndPs
                            ? ", before the window's end at " + s.windowEndPs + " ps"
                            : ", another partition, which another thread may be running"));
        }
        return lanes[lane];
    }

    private boolean runWindowed(long endPs) {
        stopped = false;
        final EventHeap[] ls = lanes;
        final EventHeap global = ls[globalLane];
        final long limit = endPs == Long.MAX_VALUE ? Long.MAX_VALUE : endPs + 1;
        while (!stopped) {
            long t = mailPendingPs;
            boolean any = t != Long.MAX_VALUE;
            for (EventHeap h : ls) {
                if (h.size() > 0 && (!any || h.topTime() < t)) {
                    t = h.topTime();
                    any = true;
                }
            }
            if (!any || t > endPs) {
                break;
            }
            long g = global.size() > 0 ? global.topTime() : Long.MAX_VALUE;
            if (g == t) {
                drainAllMail();
                barrier(t);
                continue;
            }
            long end =
                    Math.min(Math.min(g, limit), t > Long.MAX_VALUE - lookaheadPs ? Long.MAX_VALUE : t + lookaheadPs);
            windows++;
            windowParity = (int) (windows & 1);
            windowStartPs = t;
            if (windows <= probeWindows) {
                probedSpanPs += end - t;
            }
            if (workers == null) {
                for (int p = 0; p < globalLane; p++) {
                    runPartition(main, p, end);
                }
            } else {
                orderByLastWindow();
                deal.deal(takeOrder);
                workers.start(end);
                runPartitionsTaken(main, end);
                workers.await();
                mergeWorkers();
            }
            mailPendingPs = mailedFirst();
            if (windows == probeWindows && probedSpanPs < probeWindows * (lookaheadPs / 2)) {
                drainAllMail();
                unwindow();
                return runUntil(endPs);
            }
        }
        drainAllMail();
        main.nowPs = Math.max(main.nowPs, main.latestFiredPs);
        finish(endPs);
        for (EventHeap h : ls) {
            if (h.size() > 0) {
                return true;
            }
        }
        return after(main, main.latestReservedPs, main.latestReservedTie);
    }

    /**
     * Takes the running window's crews one by one, its own first ({@link PartitionDeal}), and fires
     * the events of each crew's partitions before {@code endPs}, one partition after the other (a
     * threaded run), counting each crew's events.
     */
    private void runPartitionsTaken(Loop s, long endPs) {
        int slot = LaneThread.slot();
        int c;
        while ((c = deal.take(slot)) >= 0) {
            long before = s.events;
            for (int p : crews[c]) {
                runPartition(s, p, endPs);
            }
            lastWindowEvents[c] = s.events - before;
        }
    }

    /** The order threads take partitions in the next window (a copy; a threaded run, for tests). */
    int[] takeOrder() {
        return takeOrder.clone();
    }

    /**
     * Puts the partitions that fired the most events in their last window first (ties in partition
     * order): threads that take the costliest first and the cheap ones last finish a window closer
     * together (longest processing time first, Graham 1969; Unison, EuroSys 2024, balances by the
     * last rounds' cost too). A window's cost is much like the last one's: the same flows cross the
     * same switches. Which thread runs which partition changes no output. An insertion sort: the
     * order moves little from one window to the next.
     */
    private void orderByLastWindow() {
        int[] order = takeOrder;
        long[] cost = lastWindowEvents;
        for (int i = 1; i < order.length; i++) {
            int p = order[i];
            int j = i - 1;
            while (j >= 0 && (cost[order[j]] < cost[p] || (cost[order[j]] == cost[p] && order[j] > p))) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = p;
        }
    }

    /** Fires partition {@code p}'s events before {@code endPs} on the calling thread, whose loop state is {@code s}. */
    private void runPartition(Loop s, int p, long endPs) {
        s.windowEndPs = endPs;
        s.runningLane = p;
        try {
            drainInbound(s, p, windowParity ^ 1);
            WindowStart[] starts = windowStarts[p];
            for (int i = 0; i < starts.length; i++) {
                starts[i].windowStarts(endPs);
            }
            EventHeap h = lanes[p];
            while (h.size() > 0 && h.topTime() < endPs) {
                fire(h, s);
            }
        } finally {
            s.runningLane = -1;
        }
    }

    /**
     * After a threaded window: adds the workers' events, fingerprint shares and latest keys to the
     * calling thread's, then runs the window's {@link #serially} actions in partition order.
     */
    private void mergeWorkers() {
        Loop m = main;
        for (int w = 0; w < workers.size(); w++) {
            Loop s = workers.loop(w);
            m.events += s.events;
            m.fingerprint += s.fingerprint;
            s.events = 0;
            s.fingerprint = 0;
            m.latestFiredPs = Math.max(m.latestFiredPs, s.latestFiredPs);
            m.reserved(s.latestReservedPs, s.latestReservedTie);
        }
        long nowPs = m.nowPs;
        long positionPs = m.positionPs;
        long positionTie = m.positionTie;
        for (Deferred d : deferred) {
            List<Runnable> actions = d.actions;
            for (int i = 0; i < actions.size(); i++) {
                m.nowPs = d.keys[2 * i];
                m.positionPs = m.nowPs;
                m.positionTie = d.keys[2 * i + 1];
                actions.get(i).run();
            }
            actions.clear();
        }
        m.nowPs = nowPs;
        m.positionPs = positionPs;
        m.positionTie = positionTie;
    }

    /** Fires every event at {@code atPs} of every event set in key order, as the plain loop would. */
    private void barrier(long atPs) {
        final EventHeap[] ls = lanes;
        while (!stopped) {
            EventHeap best = null;
            for (EventHeap h : ls) {
                if (h.size() > 0 && h.topTime() == atPs && (best == null || h.topTie() < best.topTie())) {
                    best = h;
                }
            }
            if (best == null) {
                return;
            }
            barrierEvents++;
            fire(best, main);
        }
    }

    /** Fires the earliest event of {@code h} with loop state {@code s}, one step of a windowed run. */
    private static void fire(EventHeap h, Loop s) {
        long at = h.topTime();
        long tie = h.topTie();
        Timer t = h.top();
        s.nowPs = at;
        s.positionPs = at;
        s.positionTie = tie;
        if (at > s.latestFiredPs) {
            s.latestFiredPs = at;
        }
        s.events++;
        s.fingerprint += eventHash(at, ownerId(tie));
        s.firing = t;
        try {
            t.handler.onEvent(at);
        } finally {
            if (s.firing == t) {
                s.firing = null;
                h.remove(t);
            }
        }
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
