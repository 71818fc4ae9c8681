package org.rocelab.workload;

import java.util.List;
import java.util.function.IntConsumer;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;

/**
 * Traffic that runs on a built fabric: it creates its QPs and schedules its first work requests
 * in {@link #start}, drives itself from completions, and reports its flows in {@link #collect}.
 */
public interface Workload {
    /** The workload's name in outputs. */
    String name();

    /** The scenario kind, e.g. {@code ib_write_bw}. */
    String kind();

    /** Creates QPs and schedules the first work requests; called once before the run. */
    void start(Endpoints fabric);

    /**
     * The QPs whose congestion control paces this workload's data, known after {@link #start}
     * (the time series follow their rate, target rate and α). Workloads that create QPs during the
     * run (flows) return none and tell {@link #flowQps} about them instead.
     */
    default List<QueuePair> sendingQps() {
        return List.of();
    }

    /**
     * Tells {@code done} the index in {@link #sendingQps} of each sending QP when its work is done:
     * its last work request completed and it will post no more (perftest's iterations, or the end
     * of its duration; the program would now destroy it). The time series stop following it there
     * (docs/outputs.md). Set after {@link #start} and before the run; workloads that cannot tell
     * ignore it, and their QPs are followed to the end of the run.
     */
    default void sendingQpsDone(IntConsumer done) {}

    /**
     * Whether the workload can run on threads ({@code --threads}, docs/architecture.md "Threads"):
     * its completions, which fire in the partition of the host that completes, write only state of
     * that host's side of the flow and hand anything shared to {@code Simulation.serially}; its own
     * timers are global. False unless a workload was reviewed for it.
     */
    default boolean runsOnThreads() {
        return false;
    }

    /**
     * Tells {@code listener} about the QPs this workload creates during the run, each from its flow's
     * start to its end; set after {@link #start} and before the run. Workloads whose QPs all exist
     * after {@link #start} ignore it.
     */
    default void flowQps(FlowQpListener listener) {}

    /**
     * Gives this workload what takes the qp.csv rows of the QPs it creates during the run
     * ({@link #flowQpRows}); set after {@link #start} and before the run. Workloads whose QPs all
     * exist after {@link #start} (their rows come from {@link #sendingQps}) ignore it.
     */
    default void qpRows(QpRowTaker taker) {}

    /**
     * The qp.csv rows of the QPs this workload created during the run, in the order their flows
     * started: each taken at its flow's completion, a running flow's now; called once when the
     * run ends, after {@link #collect}.
     */
    default List<QpRecord> flowQpRows() {
        return List.of();
    }

    /** Adds this workload's flows to the result; called once when the run ends at {@code endPs}. */
    void collect(RunResult result, long endPs);
}
