package org.rocelab.diag;

import org.rocelab.scenario.Scenario;

/** What the checks read: the scenario records and the run's output files. */
record DiagInput(Scenario scenario, RunOutputs run, Paths paths) {
    DiagInput(Scenario scenario, RunOutputs run) {
        this(scenario, run, new Paths(scenario));
    }
}
