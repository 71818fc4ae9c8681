package org.rocelab.diag;

/** One doctor check: a name for the summary table and the findings it adds. */
interface Check {
    /** The row name in the doctor's table (NetQ-style: what was checked). */
    String name();

    /** Whether it reads the scenario only (before the run) or the run's outputs. */
    boolean isStatic();

    void run(DiagInput in, Findings out);
}
