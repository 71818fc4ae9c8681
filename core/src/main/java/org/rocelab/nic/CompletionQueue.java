package org.rocelab.nic;

/**
 * A completion queue (libibverbs {@code ibv_cq}; IBA vol. 1 §11.4.2) of {@code depth} CQEs. With a
 * {@link CompletionHandler} every CQE is handed over when written (the program is told at once, as
 * a completion channel tells it); a program that does not poll it at once leaves it in the queue
 * ({@link #leaveUnpolled}) until it does ({@link #pollLeft}). Without a handler, CQEs wait in a
 * ring for {@link #poll}.
 *
 * <p>Overrun (IBA vol. 1 ch. 11: a CQ overrun is the affiliated asynchronous error CQ Error;
 * rxe {@code rxe_cq_post} returns {@code -EBUSY} and raises {@code IB_EVENT_CQ_ERR}, its
 * responder goes to {@code RESPST_ERR_CQ_OVERFLOW}): a CQE
 * written while {@code depth} CQEs are unpolled does not fit. The CQ goes to error (the
 * asynchronous event {@code IBV_EVENT_CQ_ERR}, counted as mlx5's vNIC counter {@code cq_overrun},
 * {@code devlink health diagnose … reporter vnic}), the lost CQE and every later one are
 * discarded, and the QPs created on it go to ERR: their outstanding work requests are flushed
 * ({@code IBV_WC_WR_FLUSH_ERR}, into the CQ in error, so never seen) and the packets that still
 * arrive for them are dropped by the QP.
 */
public final class CompletionQueue {
    private final String nicName;
    private final int number;
    private final int depth;
    private final CompletionHandler handler;
    private final NicCounters counters;
    private final WorkCompletion scratch = new WorkCompletion();
    private final WorkCompletion[] ring;
    /** The QPs whose send or receive queue completes here (one per CQ in the workloads). */
    private QueuePair[] qps = new QueuePair[0];

    private int head;
    private int count;
    /** CQEs handed to the handler that its program left in the queue. */
    private int unpolled;

    private long completions;
    private boolean error;

    CompletionQueue(String nicName, int number, int depth, CompletionHandler handler, NicCounters counters) {
        if (depth < 1) {
            throw new IllegalArgumentException("cq depth must be at least 1, got " + depth);
        }
        this.nicName = nicName;
        this.number = number;
        this.depth = depth;
        this.handler = handler;
        this.counters = counters;
        this.ring = handler == null ? new WorkCompletion[depth] : new WorkCompletion[0];
    }

    public int depth() {
        return depth;
    }

    /** CQEs written so far (a lost one and those after an overrun are not). */
    public long completions() {
        return completions;
    }

    /** CQEs waiting to be polled. */
    public int pending() {
        return count + unpolled;
    }

    /** Whether the CQ overran and is in error ({@code IBV_EVENT_CQ_ERR}). */
    public boolean inError() {
        return error;
    }

    /** {@code nic/cqN}, as an error message names it. */
    @Override
    public String toString() {
        return nicName + "/cq" + number;
    }

    void attach(QueuePair qp) {
        for (QueuePair q : qps) {
            if (q == qp) {
                return;
            }
        }
        qps = java.util.Arrays.copyOf(qps, qps.length + 1);
        qps[qps.length - 1] = qp;
    }

    WorkCompletion entry() {
        return scratch;
    }

    /** Writes the CQE prepared in {@link #entry()}; an overrun when the queue is full. */
    void commit() {
        if (error) {
            return;
        }
        if (count + unpolled == depth) {
            overrun();
            return;
        }
        completions++;
        if (handler != null) {
            handler.onCompletion(scratch);
            return;
        }
        int slot = (head + count) % depth;
        if (ring[slot] == null) { // entries made as the ring first fills: most polled CQs never fill
            ring[slot] = new WorkCompletion();
        }
        ring[slot].copyFrom(scratch);
        count++;
    }

    private void overrun() {
        error = true;
        counters.cqOverrun++;
        for (QueuePair qp : qps) {
            qp.modifyToError();
        }
    }

    /**
     * The program was handed the CQE just written but polls it later (it is busy with an earlier
     * one): the CQE keeps its place in the queue until {@link #pollLeft}.
     */
    public void leaveUnpolled() {
        if (handler == null) {
            throw new IllegalStateException(this + ": only a CQ with a handler has CQEs left unpolled");
        }
        unpolled++;
    }

    /** The program polls the oldest CQE it left in the queue ({@code ibv_poll_cq} of one entry). */
    public void pollLeft() {
        if (unpolled == 0) {
            throw new IllegalStateException(this + ": no CQE was left unpolled");
        }
        unpolled--;
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
