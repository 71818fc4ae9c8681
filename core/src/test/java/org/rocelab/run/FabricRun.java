package org.rocelab.run;

import java.nio.file.Path;
import java.util.List;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.WorkloadResult;

/** Runs scenarios for the fabric-level tests (test helper). */
final class FabricRun {
    /** The repository's examples folder (tests run in the core module). */
    static final Path EXAMPLES = Path.of("..", "examples");

    private FabricRun() {}

    /** Runs an example with {@code --set} overrides. */
    static RunResult example(String file, String... sets) {
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve(file), List.of(sets));
        return new ScenarioRun(s, EXAMPLES).run(null);
    }

    /** Runs a scenario given as YAML text. */
    static RunResult yaml(String text) {
        Scenario s = ScenarioLoader.parse(text, "test.yaml", List.of(), null);
        return new ScenarioRun(s, null).run(null);
    }

    /** Goodput of workload {@code name}, Gb/s over the run. */
    static double goodputGbps(RunResult r, String name) {
        for (WorkloadResult w : r.workloads()) {
            if (w.name().equals(name)) {
                return w.goodputGbps(r.simulatedPs());
            }
        }
        throw new AssertionError("no workload " + name);
    }
}
