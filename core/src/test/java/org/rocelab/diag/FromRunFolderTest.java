package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.ResolvedScenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;

/**
 * {@code doctor --from RUN_DIR}'s premise for the checks added last (headroom, link speed,
 * congestion-spreading victims, health-based stalls): the scenario reloaded from the folder's
 * scenario.resolved.yaml and the folder's files give the same doctor.json as the scenario records
 * the run was made from.
 */
class FromRunFolderTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("headroom", HeadroomCheckTest.star("25G", "300m", "{headroom: 3000}", 1)),
                Arguments.of("speed", SpeedCheckTest.fabric(5, "25G")),
                Arguments.of("victim", VictimCheckTest.dumbbell(List.of("h0", "h1", "h6", "h7"), "h4", "h3", "h5")),
                Arguments.of("deadlock ring", BuiltFaultsTest.ring(4, 1).yaml()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void theFolderAloneGivesTheSameFindings(String label, String yaml) throws IOException {
        ResolvedScenario rs = ScenarioLoader.parseResolved(yaml, "built.yaml", List.of(), null);
        RunResult r = new ScenarioRun(rs.scenario(), DiagRun.examples().toAbsolutePath()).run(null);
        r.scenarioYaml(rs.yaml());
        RunWriter.writeAll(tmp, r, new RunInfo(0, r.events()));
        Diagnosis direct = Doctor.diagnose(rs.scenario(), RunOutputs.read(tmp));
        Diagnosis from =
                Doctor.diagnose(ScenarioLoader.load(tmp.resolve(RunWriter.SCENARIO), List.of()), RunOutputs.read(tmp));
        assertThat(Files.exists(tmp.resolve(RunWriter.SCENARIO))).isTrue();
        assertThat(from.failed()).as(direct.text()).isTrue();
        assertThat(from.json()).isEqualTo(direct.json());
    }

    /**
     * A flows workload's CDF file named relative to the scenario's folder: the run folder's
     * scenario.resolved.yaml names it by its absolute path, so it reloads from the run folder (the
     * base folder {@code doctor --from} uses) to the same records, and with a {@code --set} as
     * {@code --verify} loads it.
     */
    @org.junit.jupiter.api.Test
    void aCdfFileNamedRelativeToTheScenarioReloadsFromTheRunFolder() throws IOException {
        Path scen = Files.createDirectories(tmp.resolve("scenarios"));
        Files.writeString(scen.resolve("sizes.txt"), "1000 0\n10000 50\n100000 100\n");
        Files.writeString(
                scen.resolve("mix.yaml"),
                "duration: 100us\ntopology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}\n"
                        + "workloads:\n  - {name: mix, kind: flows, hosts: all, cdf: sizes.txt, load: 0.3,"
                        + " duration: 100us}\n");
        ResolvedScenario rs = ScenarioLoader.loadResolved(scen.resolve("mix.yaml"), List.of());
        Path run = Files.createDirectories(tmp.resolve("run"));
        RunResult r = new ScenarioRun(rs.scenario(), scen).run(null);
        r.scenarioYaml(rs.yaml());
        RunWriter.writeAll(run, r, new RunInfo(0, r.events()));
        Path resolved = run.resolve(RunWriter.SCENARIO);
        assertThat(Files.readString(resolved))
                .contains("cdf: " + scen.resolve("sizes.txt").toAbsolutePath());
        assertThat(ScenarioLoader.loadResolved(resolved, List.of()).scenario()).isEqualTo(rs.scenario());
        assertThat(ScenarioLoader.loadResolved(resolved, List.of("seed=2"))
                        .scenario()
                        .workloads())
                .isEqualTo(rs.scenario().workloads());
    }

    /**
     * A published CDF named by name ({@code websearch}) is read from the data folder the run was
     * given ({@code --data}); the run folder's scenario.resolved.yaml names the file it read by its
     * absolute path, so {@code doctor --from} and {@code --verify} reload it with no data folder
     * named, to the same records.
     */
    @org.junit.jupiter.api.Test
    void aPublishedCdfNamedByNameReloadsFromTheRunFolderWithoutTheDataFolder() throws IOException {
        Path data = org.rocelab.testing.SharedData.hpccDir();
        String yaml = "duration: 100us\ntopology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}\n"
                + "workloads:\n  - {name: mix, kind: flows, hosts: all, cdf: websearch, load: 0.3, duration: 100us}\n";
        ResolvedScenario rs = ScenarioLoader.parseResolved(yaml, "mix.yaml", List.of(), null, data);
        Path run = Files.createDirectories(tmp.resolve("run"));
        RunResult r = new ScenarioRun(rs.scenario(), tmp).run(null);
        r.scenarioYaml(rs.yaml());
        RunWriter.writeAll(run, r, new RunInfo(0, r.events()));
        Path resolved = run.resolve(RunWriter.SCENARIO);
        assertThat(Files.readString(resolved))
                .contains("cdf: " + data.resolve("WebSearch_distribution.txt").toAbsolutePath());
        assertThat(ScenarioLoader.loadResolved(resolved, List.of(), null).scenario())
                .isEqualTo(rs.scenario());
        assertThat(ScenarioLoader.loadResolved(resolved, List.of("seed=2"), null)
                        .scenario()
                        .workloads())
                .isEqualTo(rs.scenario().workloads());
        // without a data folder the name alone does not load: that is what the run folder no longer needs
        assertThat(org.junit.jupiter.api.Assertions.assertThrows(
                                org.rocelab.scenario.ScenarioException.class,
                                () -> ScenarioLoader.parseResolved(yaml, "mix.yaml", List.of(), null, null))
                        .getMessage())
                .contains("'websearch' is read from WebSearch_distribution.txt, which rocelab does not ship");
    }
}
