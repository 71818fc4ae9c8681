package org.rocelab.workload;

import java.util.function.IntConsumer;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * One source host's flow starts, the half of a start that touches only that host: the flows set up
 * ahead of their start by a global set-up ({@code flows}, {@code run --hpcc};
 * docs/architecture.md, "Windows and threads") wait here in start order, and one timer of a
 * component bound to the host ({@link Endpoints#hostTimerComponent}) posts each at its start, so a
 * windowed run keeps the starts in the host's partition. Add in start order, only from a global
 * event (the set-up).
 */
public final class FlowStarter {
    /**
     * How far ahead of its start a flow's QP pair is made by the global set-up: 10 µs, rocelab's
     * choice, for {@code flows} and {@code run --hpcc} alike. The pairs do nothing before their
     * WRITE is posted, so no output depends on it; each set-up is a global event (it ends a window
     * of a windowed run), so longer makes fewer of them and holds more pairs early.
     */
    public static final long SET_UP_AHEAD_PS = 10_000_000L;

    private final Timer timer;
    private final IntConsumer post;
    private int[] flows = new int[8];
    private long[] startsPs = new long[8];
    private int head;
    private int count;

    /**
     * @param post posts flow {@code i}'s work at its start (called at that instant, in start order)
     */
    public FlowStarter(Simulation sim, Component hostBound, IntConsumer post) {
        this.timer = sim.timer(hostBound, this::startDue);
        this.post = post;
    }

    /** Flow {@code flow}, set up now, starts at {@code startPs} (no earlier than the flows added before). */
    public void add(int flow, long startPs) {
        if (count == flows.length) {
            int[] f = new int[count * 2];
            long[] s = new long[count * 2];
            for (int k = 0; k < count; k++) {
                f[k] = flows[(head + k) % flows.length];
                s[k] = startsPs[(head + k) % flows.length];
            }
            flows = f;
            startsPs = s;
            head = 0;
        }
        int tail = (head + count++) % flows.length;
        flows[tail] = flow;
        startsPs[tail] = startPs;
        if (!timer.pending()) {
            timer.scheduleAt(startPs); // every earlier flow of this host has started
        }
    }

    /** Posts every flow due by {@code now}, in start order, then waits for the next. */
    private void startDue(long now) {
        while (count > 0) {
            if (startsPs[head] > now) {
                timer.scheduleAt(startsPs[head]);
                return;
            }
            int flow = flows[head];
            head = (head + 1) % flows.length;
            count--;
            post.accept(flow);
        }
    }
}
