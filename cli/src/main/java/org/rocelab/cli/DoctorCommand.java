package org.rocelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.cli.report.ReportWriter;
import org.rocelab.compat.HpccScenario;
import org.rocelab.diag.Diagnosis;
import org.rocelab.diag.Doctor;
import org.rocelab.diag.Finding;
import org.rocelab.diag.RunOutputs;
import org.rocelab.diag.Verification;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.ResolvedScenario;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.Json;
import org.rocelab.stats.OutputFolder;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab doctor SCENARIO.yaml | --hpcc CONFIG.txt | --from RUN_DIR [--set k=v]... [--out DIR]
 * [--json] [--verify [all]]} (DESIGN.md §3, issue 10): runs the scenario (or reads a finished run),
 * prints the table of checks and the findings, causes first ({@link Doctor}), writes the run's
 * outputs with a Doctor section in report.html (and doctor.json with {@code --json}), all at once
 * or not at all. {@code --verify} applies the top finding's fix ({@code all}: every fix), runs
 * again with the same seed into {@code verify/} and prints before → after. Exit 0 when nothing
 * is at warning or above, 1 otherwise, 2 bad input.
 */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        footer = {
            "",
            "Example:",
            "  rocelab doctor examples/pfc-deadlock.yaml --verify",
            "  rocelab doctor --from out/acl-deny-roce --json"
        },
        description = {
            "Find what is wrong with a fabric: run the scenario (or read a finished run with --from),",
            "print the checks passed/failed and the findings with evidence and fix, causes first.",
            "Exit 0: no finding at warning or above; 1: findings; 2: bad input."
        })
final class DoctorCommand implements Callable<Integer> {
    static final String DOCTOR_JSON = "doctor.json";
    static final String RESOLVED = "scenario.resolved.yaml";

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml", description = "The scenario file.")
    Path scenarioFile;

    @Option(
            names = "--hpcc",
            paramLabel = "CONFIG.txt",
            description = "Diagnose an HPCC ns-3 config (imported as import-hpcc does).")
    Path hpccConfig;

    @Option(
            names = "--from",
            paramLabel = "RUN_DIR",
            description = "Diagnose a finished run's output folder instead of running.")
    Path from;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Output folder (default out/<name>/; with --from: where doctor.json and the verify run go).")
    Path out;

    @Option(names = "--json", description = "Also write doctor.json into the output folder.")
    boolean json;

    @Option(
            names = "--verify",
            arity = "0..1",
            fallbackValue = "top",
            paramLabel = "all",
            description =
                    "Apply the top finding's fix (--verify all: every fix), run again with the same seed, print before -> after.")
    String verify;

    @Mixin
    ScenarioOptions options = new ScenarioOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where the scenario came from, so a fix can be loaded the same way with more --set. */
    private interface Source {
        ResolvedScenario load(List<String> sets);
    }

    @Override
    public Integer call() throws IOException {
        int given = (scenarioFile != null ? 1 : 0) + (hpccConfig != null ? 1 : 0) + (from != null ? 1 : 0);
        if (given != 1) {
            throw new UserError("doctor: expected exactly one of SCENARIO.yaml, --hpcc CONFIG.txt, --from RUN_DIR");
        }
        if (verify != null && !verify.equals("top") && !verify.equals("all")) {
            throw new UserError("doctor: --verify takes nothing or 'all', got '" + verify + "'");
        }
        PrintWriter o = spec.commandLine().getOut();
        if (from != null) {
            return fromRun(o);
        }
        Source src;
        Path target;
        Path base;
        if (hpccConfig != null) {
            HpccScenario h = HpccScenario.load(hpccConfig);
            String configName = hpccConfig.getFileName().toString().replaceFirst("\\.txt$", "");
            target = out != null ? out : Path.of("out", configName);
            // the imported YAML names the HPCC topology file by its absolute path, so that
            // scenario.resolved.yaml loads again from the run folder (doctor --from)
            base = hpccConfig.toAbsolutePath().getParent();
            String yaml = HpccScenarioYaml.of(h, null);
            String name = hpccConfig.toString();
            Path dir = base;
            src = sets -> ScenarioLoader.parseResolved(yaml, name, sets, dir);
        } else {
            Path file = scenarioFile;
            Path data = options.data != null ? options.data : ScenarioLoader.dataFolderFromEnvironment();
            src = sets -> ScenarioLoader.loadResolved(file, sets, data);
            target = null;
            base = scenarioFile.toAbsolutePath().getParent();
        }
        ResolvedScenario rs = src.load(options.overrides());
        Scenario s = rs.scenario();
        if (target == null) {
            target = out != null ? out : Path.of("out", s.name());
        }
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new UserError("--out: " + target + " exists and is not a folder");
        }
        String text;
        Diagnosis d;
        try (OutputFolder folder = OutputFolder.stage(target)) {
            runInto(rs, base, folder.dir());
            d = Doctor.diagnose(s, RunOutputs.read(folder.dir()));
            text = d.text();
            tools.jackson.databind.node.ObjectNode doc = d.json();
            String verifyText = null;
            if (verify != null) {
                List<String> fixes = fixes(d);
                if (fixes.isEmpty()) {
                    verifyText = "verify: no finding has a fix to apply\n";
                } else {
                    List<String> sets = new ArrayList<>(options.overrides());
                    sets.addAll(fixes);
                    ResolvedScenario fixed = loadFixed(src, sets);
                    Path vdir = folder.dir().resolve("verify");
                    runInto(fixed, base, vdir);
                    Diagnosis after = Doctor.diagnose(fixed.scenario(), RunOutputs.read(vdir));
                    Verification v =
                            Verification.of(d, fixes, RunOutputs.read(folder.dir()), after, RunOutputs.read(vdir));
                    verifyText = v.text();
                    doc.set("verify", v.json());
                    ReportWriter.write(vdir, fixed.scenario().outputs().report(), after.json());
                }
            }
            if (json) {
                Files.writeString(folder.dir().resolve(DOCTOR_JSON), Json.text(doc), StandardCharsets.UTF_8);
            }
            ReportWriter.write(folder.dir(), s.outputs().report(), doc);
            folder.commit();
            o.print(text);
            if (verifyText != null) {
                o.print("\n" + verifyText);
            }
            o.println("-> " + target);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        o.flush();
        return d.failed() ? 1 : 0;
    }

    private int fromRun(PrintWriter o) throws IOException {
        if (!options.overrides().isEmpty()) {
            throw new UserError(
                    "doctor --from: --set, --seed and --duration apply to scenarios only (the run is finished)");
        }
        String missing = RunOutputs.missing(from);
        if (missing == null && !Files.isRegularFile(from.resolve(RESOLVED))) {
            missing = from + ": not a complete rocelab run folder (missing " + RESOLVED + ")";
        }
        if (missing != null) {
            throw new UserError("doctor --from " + missing);
        }
        Path resolved = from.resolve(RESOLVED);
        // cdf and topology files (published CDFs too) are absolute in the resolved scenario; --data
        // or ROCELAB_DATA still serve a folder written before they were
        Path data = options.data != null ? options.data : ScenarioLoader.dataFolderFromEnvironment();
        Source src = sets -> ScenarioLoader.loadResolved(resolved, sets, data);
        Scenario s = src.load(List.of()).scenario();
        Diagnosis d = Doctor.diagnose(s, RunOutputs.read(from));
        tools.jackson.databind.node.ObjectNode doc = d.json();
        o.print(d.text());
        String verifyText = null;
        Path target = out != null ? out : from;
        if (verify != null) {
            List<String> fixes = fixes(d);
            if (fixes.isEmpty()) {
                verifyText = "verify: no finding has a fix to apply\n";
            } else {
                ResolvedScenario fixed = loadFixed(src, fixes);
                Path vtarget = out != null ? out.resolve("verify") : Path.of("out", s.name() + "-verify");
                try (OutputFolder folder = OutputFolder.stage(vtarget)) {
                    runInto(fixed, resolved.toAbsolutePath().getParent(), folder.dir());
                    Diagnosis after = Doctor.diagnose(fixed.scenario(), RunOutputs.read(folder.dir()));
                    Verification v =
                            Verification.of(d, fixes, RunOutputs.read(from), after, RunOutputs.read(folder.dir()));
                    verifyText = v.text() + "-> " + vtarget + "\n";
                    doc.set("verify", v.json());
                    ReportWriter.write(folder.dir(), fixed.scenario().outputs().report(), after.json());
                    folder.commit();
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
        }
        if (json) {
            Files.createDirectories(target);
            Path tmp = Files.createTempFile(target, ".doctor", ".tmp");
            Files.writeString(tmp, Json.text(doc), StandardCharsets.UTF_8);
            Files.move(
                    tmp,
                    target.resolve(DOCTOR_JSON),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        if (verifyText != null) {
            o.print("\n" + verifyText);
        }
        o.flush();
        return d.failed() ? 1 : 0;
    }

    private List<String> fixes(Diagnosis d) {
        if ("all".equals(verify)) {
            return d.allFixes();
        }
        Finding top = d.topFixable();
        return top == null ? List.of() : top.fix();
    }

    private static ResolvedScenario loadFixed(Source src, List<String> sets) {
        try {
            return src.load(sets);
        } catch (ScenarioException e) {
            throw new UserError("doctor --verify: the fix does not make a valid scenario: " + e.getMessage());
        }
    }

    /** Runs {@code rs} and writes its outputs into {@code dir}, scenario.resolved.yaml included, as {@code run} does. */
    private static void runInto(ResolvedScenario rs, Path base, Path dir) throws IOException {
        Files.createDirectories(dir);
        long t0 = System.nanoTime();
        ScenarioRun run = new ScenarioRun(rs.scenario(), base, dir);
        RunResult r = run.run(null);
        r.scenarioYaml(rs.yaml());
        RunWriter.writeAll(dir, r, new RunInfo(System.nanoTime() - t0, r.events()));
    }
}
