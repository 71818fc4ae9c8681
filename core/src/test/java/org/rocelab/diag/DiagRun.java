package org.rocelab.diag;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;

/** Test helper: run a scenario, write its outputs into a folder, diagnose from the files. */
final class DiagRun {
    private DiagRun() {}

    static Path examples() {
        return Path.of("..", "examples");
    }

    static Scenario example(String name, String... sets) {
        return ScenarioLoader.load(
                examples().resolve(name + ".yaml"), List.of(sets), org.rocelab.testing.SharedData.hpccDir());
    }

    static Scenario yaml(String text, String... sets) {
        return ScenarioLoader.parse(text, "built.yaml", List.of(sets), null, org.rocelab.testing.SharedData.hpccDir());
    }

    /** Runs {@code s} into {@code dir} (created) and diagnoses the written folder. */
    static Diagnosis run(Scenario s, Path dir) {
        try {
            Files.createDirectories(dir);
            RunResult r = new ScenarioRun(s, examples().toAbsolutePath()).run(null);
            RunWriter.writeAll(dir, r, new RunInfo(0, r.events()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Doctor.diagnose(s, RunOutputs.read(dir));
    }
}
