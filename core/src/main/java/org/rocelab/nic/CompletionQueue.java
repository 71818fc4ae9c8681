package org.rocelab.nic;

/**
 * A completion queue (libibverbs {@code ibv_cq}; IBA vol. 1 §11.4.2). With a
 * {@link CompletionHandler} every CQE is handed over when written; without one, CQEs wait in a
 * ring of {@code depth} entries for {@link #poll}. More unpolled CQEs than the depth is a CQ
 * overrun, a workload error (IBA C11-x: the CQ and its QPs go to error), reported by an
 * exception naming the CQ.
 */
public final class CompletionQueue {
    private final String nicName;
    private final int number;
    private final int depth;
    private final CompletionHandler handler;
    private final WorkCompletion scratch = new WorkCompletion();
    private final WorkCompletion[] ring;
    private int head;
    private int count;
    private long completions;

    CompletionQueue(String nicName, int number, int depth, CompletionHandler handler) {
        if (depth < 1) {
            throw new IllegalArgumentException("cq depth must be at least 1, got " + depth);
        }
        this.nicName = nicName;
        this.number = number;
        this.depth = depth;
        this.handler = handler;
        this.ring = handler == null ? new WorkCompletion[depth] : new WorkCompletion[0];
    }

    public int depth() {
        return depth;
    }

    /** CQEs written so far. */
    public long completions() {
        return completions;
    }

    /** CQEs waiting to be polled (always 0 with a handler). */
    public int pending() {
        return count;
    }

    WorkCompletion entry() {
        return scratch;
    }

    /** Writes the CQE prepared in {@link #entry()}. */
    void commit() {
        completions++;
        if (handler != null) {
            handler.onCompletion(scratch);
            return;
        }
        if (count == depth) {
            throw new IllegalStateException(
                    "CQ overrun on " + nicName + "/cq" + number + ": more than " + depth + " unpolled completions");
        }
        int slot = (head + count) % depth;
        if (ring[slot] == null) { // entries made as the ring first fills: most polled CQs never fill
            ring[slot] = new WorkCompletion();
        }
        ring[slot].copyFrom(scratch);
        count++;
    }

    /** Copies the oldest CQE into {@code out} and removes it; false if none ({@code ibv_poll_cq}). */
    public boolean poll(WorkCompletion out) {
        if (count == 0) {
            return false;
        }
        out.copyFrom(ring[head]);
        head = (head + 1) % depth;
        count--;
        return true;
    }
}
