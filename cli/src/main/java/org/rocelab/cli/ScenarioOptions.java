package org.rocelab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.ResolvedScenario;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import picocli.CommandLine.Option;

/**
 * Scenario overrides shared by {@code validate}, {@code run} and {@code doctor} (a picocli
 * mixin): {@code --set key=value} (DESIGN.md §3), {@code --seed N}, {@code --duration 10ms},
 * {@code --data DIR} (where published CDFs are read from).
 * {@code --seed} and {@code --duration} are applied after every {@code --set}, as
 * {@code seed=N} and {@code duration=T}.
 */
public final class ScenarioOptions {
    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Override a scenario key by dotted path, e.g. --set switch.ecn.3.kmin=40KB (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Override the scenario's seed (default: the scenario's seed, else 1).")
    Long seed;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            description = "Override the simulated duration, e.g. 10ms (default: the scenario's duration, else 10ms).")
    String duration;

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description =
                    "Folder holding the published flow-size CDFs a scenario names (cdf: websearch, fbhdp, "
                            + "hadoop, alistorage, googlerpc; the HPCC simulator's traffic_gen/ files). Default: $ROCELAB_DATA.")
    Path data;

    /** These options with {@code more} {@code --set} keys after this one's (a rerun from the live view). */
    public ScenarioOptions withMoreSets(List<String> more) {
        ScenarioOptions o = new ScenarioOptions();
        o.sets = new ArrayList<>(sets);
        o.sets.addAll(more);
        o.seed = seed;
        o.duration = duration;
        o.data = data;
        return o;
    }

    /** The overrides in the order they apply. */
    public List<String> overrides() {
        List<String> out = new ArrayList<>(sets);
        if (seed != null) {
            out.add("seed=" + seed);
        }
        if (duration != null) {
            out.add("duration=" + duration);
        }
        return out;
    }

    /**
     * Loads {@code file} with these overrides.
     *
     * @throws org.rocelab.scenario.ScenarioException one line naming file, line, key and expectation
     */
    public Scenario load(Path file) {
        return ScenarioLoader.load(file, overrides(), data != null ? data : ScenarioLoader.dataFolderFromEnvironment());
    }

    /** Loads {@code file} with these overrides, with the resolved YAML for scenario.resolved.yaml. */
    public ResolvedScenario loadResolved(Path file) {
        return ScenarioLoader.loadResolved(
                file, overrides(), data != null ? data : ScenarioLoader.dataFolderFromEnvironment());
    }
}
