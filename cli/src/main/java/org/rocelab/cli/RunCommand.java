package org.rocelab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rocelab.cli.report.ReportWriter;
import org.rocelab.run.ScenarioRun;
import org.rocelab.run.ThreadPlan;
import org.rocelab.scenario.ResolvedScenario;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadSpec;
import org.rocelab.sim.Units;
import org.rocelab.stats.OutputFolder;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.SummaryCondition;
import org.rocelab.stats.SummaryJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab run SCENARIO.yaml [--out DIR] [--seed N] [--duration T] [--set k=v]... [--threads N]}
 * (or {@code rocelab run --hpcc CONFIG.txt [--out DIR] [--threads N]}, {@link HpccRunCommand}): runs a
 * scenario and writes summary.json, counters.json, fct.csv, qp.csv, routes.json,
 * timeseries.csv, topology.json, scenario.resolved.yaml, run.json and report.html into the output folder (default
 * {@code out/<name>/}), all at once or not at all, then prints the closing lines
 * ({@link ClosingLines}: headline counters, each workload, the run's health). With
 * {@code --fail-on EXPR} ({@link SummaryCondition}) it exits 1 when a condition holds on the run's
 * summary.json, naming each; a malformed condition or a path summary.json does not have is bad
 * input (exit 2) before anything runs.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a scenario (or an HPCC ns-3 config with --hpcc) and write its outputs.",
        footer = {
            "",
            "Examples:",
            "  rocelab run examples/incast-pfc.yaml",
            "  rocelab run examples/incast-pfc.yaml --set switch.ecn.3.kmin=40KB --out out/kmin40",
            "  rocelab run --hpcc fat_ws_config_dcqcn.txt --out out/hpcc",
            "Exit codes: 0 ok, 1 a --fail-on check failed, 2 bad input."
        })
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml", description = "The scenario file.")
    Path scenarioFile;

    @Option(
            names = "--hpcc",
            paramLabel = "CONFIG.txt",
            description =
                    "Run an HPCC ns-3 config (with its topology and flow files) with the hpcc profiles instead of a scenario.")
    Path hpccConfig;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Output folder (default: out/<scenario name>/); written all at once or not at all.")
    Path out;

    @Option(
            names = "--fail-on",
            paramLabel = "EXPR",
            description = "Exit 1 when this condition on summary.json holds after the run, e.g. 'drops.total>0',"
                    + " 'pfc.pause_frames_tx>=1000', 'fct.p99>5', 'workloads.<name>.goodput_gbps<80', 'health!=ok'"
                    + " (operators > >= < <= == !=; repeatable; docs/outputs.md).")
    List<String> failOn = new ArrayList<>();

    @Option(
            names = "--live",
            description =
                    "Serve a live view of the run (progress, topology, charts, /metrics, reruns with changed keys)"
                            + " at http://127.0.0.1:PORT/ while it runs, and keep serving after it ends (docs/web.md).")
    boolean live;

    @Option(
            names = "--port",
            paramLabel = "P",
            description = "Port of the live view (default: 8080; 0 picks a free one).")
    int port = 8080;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            description = "Address the live view listens on (default: 127.0.0.1; another address prints a warning).")
    String bind = org.rocelab.web.WebServer.DEFAULT_BIND;

    @Option(
            names = "--live-for",
            paramLabel = "SECONDS",
            description = "With --live: stop serving this many seconds after the run (and its reruns) end"
                    + " (default: serve until Ctrl-C).")
    Long liveFor;

    @Option(names = "--threads", paramLabel = "N", description = ThreadsOption.DESCRIPTION)
    String threadsText;

    /** {@code --threads}, checked when the command starts. */
    ThreadsOption threads = ThreadsOption.parse(null);

    @Mixin
    ScenarioOptions options = new ScenarioOptions();

    @Override
    public Integer call() throws IOException {
        threads = ThreadsOption.parse(threadsText);
        if (hpccConfig != null && scenarioFile != null) {
            throw new UserError("run: give either SCENARIO.yaml or --hpcc CONFIG.txt, not both");
        }
        if (hpccConfig != null) {
            if (!options.sets.isEmpty() || options.duration != null) {
                throw new UserError(
                        "run --hpcc: --set and --duration apply to scenarios only (the HPCC config sets SIMULATOR_STOP_TIME)");
            }
            if (!failOn.isEmpty()) {
                throw new UserError("run --hpcc: --fail-on applies to scenarios only");
            }
            return HpccRunCommand.run(hpccConfig, out, options.seed == null ? 1 : options.seed, threads);
        }
        if (scenarioFile == null) {
            throw new UserError("run: expected SCENARIO.yaml or --hpcc CONFIG.txt");
        }
        if (!live && (liveFor != null || port != 8080 || !bind.equals(org.rocelab.web.WebServer.DEFAULT_BIND))) {
            throw new UserError("run: --port, --bind and --live-for go with --live");
        }
        ResolvedScenario resolved = options.loadResolved(scenarioFile);
        Scenario s = resolved.scenario();
        Path target = out != null ? out : Path.of("out", s.name());
        List<SummaryCondition> conditions = conditions(s);
        if (live) {
            return LiveCommand.run(this, resolved, target, conditions);
        }
        for (String w : s.warnings()) {
            System.err.println("warning: " + w);
        }
        long t0 = System.nanoTime();
        RunResult r = execute(resolved, scenarioFile, target, null, true, threads);
        return closingLines(s, r, System.nanoTime() - t0, target, conditions);
    }

    /**
     * Runs the scenario and writes its outputs into {@code target}, all at once or not at all;
     * {@code sink} (may be null) gets the live view's snapshots on this thread; {@code threads}
     * is checked against the built fabric ({@link ThreadsOption#plan}) and recorded in run.json.
     */
    static RunResult execute(
            ResolvedScenario resolved,
            Path scenarioFile,
            Path target,
            java.util.function.Consumer<org.rocelab.stats.LiveSnapshot> sink,
            boolean showProgress,
            ThreadsOption threads) {
        Scenario s = resolved.scenario();
        OutputFolder staged = OutDir.stage(target);
        long t0 = System.nanoTime();
        RunResult r;
        long wall;
        try (OutputFolder folder = staged) {
            // pcap taps (outputs.pcap) write into the staged folder during the run
            ScenarioRun run = new ScenarioRun(s, scenarioFile.toAbsolutePath().getParent(), folder.dir());
            if (sink != null) {
                run.live(sink);
            }
            ThreadPlan plan = threads.plan(run.fabric(), run.threadsBlocker(), s.name(), System.err);
            int used = run.threads(plan);
            Progress progress = new Progress(System.err, s.durationPs(), showProgress);
            r = run.run(progress::update);
            r.scenarioYaml(resolved.yaml());
            progress.done();
            wall = System.nanoTime() - t0;
            RunWriter.writeAll(
                    folder.dir(),
                    r,
                    RunInfo.of(
                            wall,
                            r.events(),
                            plan.requested(),
                            used,
                            run.fabric().sim()));
            ReportWriter.write(folder.dir(), s.outputs().report());
            folder.commit();
        } catch (UncheckedIOException e) {
            throw OutDir.failed(target, e.getCause());
        } catch (IOException e) {
            throw OutDir.failed(target, e);
        }
        return r;
    }

    /** Prints the run's closing lines and checks the --fail-on conditions: the exit code. */
    static int closingLines(Scenario s, RunResult r, long wall, Path target, List<SummaryCondition> conditions) {
        System.out.printf(
                "%s: %s simulated, %,d events in %.1f s; drops %d, pause frames %d, ECN marked %d, CNPs %d"
                        + " sent / %d handled -> %s%n",
                s.name(),
                Units.formatTime(r.simulatedPs()),
                r.events(),
                wall / 1e9,
                r.totalDrops(),
                r.pauseFramesTx(),
                r.ecnMarked(),
                r.cnpSent(),
                r.cnpHandled(),
                target);
        ObjectNode summary = SummaryJson.of(r);
        System.out.print(ClosingLines.of(summary));
        int exit = 0;
        for (SummaryCondition c : conditions) {
            Optional<String> held = c.holds(summary);
            if (held.isPresent()) {
                System.err.println("rocelab: --fail-on " + c.text() + " holds: " + held.get());
                exit = 1;
            }
        }
        return exit;
    }

    /** The {@code --fail-on} conditions, checked against the summary this scenario's run will write. */
    private List<SummaryCondition> conditions(Scenario s) {
        Map<String, String> workloads = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            workloads.put(w.name(), w.kind().yamlName());
        }
        ObjectNode template = SummaryJson.template(s.name(), s.seed(), workloads);
        List<SummaryCondition> out = new ArrayList<>();
        for (String text : failOn) {
            try {
                SummaryCondition c = SummaryCondition.parse(text);
                c.check(template);
                out.add(c);
            } catch (IllegalArgumentException e) {
                throw new UserError("--fail-on " + e.getMessage());
            }
        }
        return out;
    }

    /** A one-line progress bar on stderr, shown only when stderr is a terminal. */
    static final class Progress {
        private final PrintStream err;
        private final long endPs;
        private final boolean terminal;
        private int shown = -1;

        Progress(PrintStream err, long endPs) {
            this(err, endPs, true);
        }

        Progress(PrintStream err, long endPs, boolean show) {
            this.err = err;
            this.endPs = endPs;
            this.terminal = show && System.console() != null;
        }

        void update(long nowPs) {
            if (!terminal) {
                return;
            }
            int pct = (int) (100.0 * nowPs / endPs);
            if (pct != shown) {
                shown = pct;
                int bars = pct / 5;
                err.print("\r[" + "#".repeat(bars) + " ".repeat(20 - bars) + "] " + pct + "% of "
                        + Units.formatTime(endPs));
                err.flush();
            }
        }

        void done() {
            if (terminal && shown >= 0) {
                err.print("\r" + " ".repeat(50) + "\r");
                err.flush();
            }
        }
    }
}
