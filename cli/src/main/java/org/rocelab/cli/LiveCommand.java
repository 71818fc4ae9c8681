package org.rocelab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rocelab.cli.report.ReportWriter;
import org.rocelab.scenario.PortSpec;
import org.rocelab.scenario.ResolvedScenario;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.SummaryCondition;
import org.rocelab.topo.NodeKind;
import org.rocelab.web.LiveRun;
import org.rocelab.web.RunsDir;
import org.rocelab.web.WebServer;

/**
 * {@code rocelab run SCENARIO --live}: the run as without {@code --live} (same outputs, byte for
 * byte), on a simulation thread of its own that publishes snapshots for the live view
 * ({@link LiveRun}, {@link WebServer}); reruns the page asks for run on the same thread one after
 * another, each into {@code <out>-run<N>}. The server stays up after the run until Ctrl-C (or
 * {@code --live-for} seconds).
 */
final class LiveCommand {
    private LiveCommand() {}

    static int run(RunCommand cmd, ResolvedScenario resolved, Path target, List<SummaryCondition> conditions)
            throws IOException {
        Scenario s = resolved.scenario();
        ExecutorService simThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rocelab-sim");
            t.setDaemon(true);
            return t;
        });
        Map<String, String> kinds = new TreeMap<>();
        org.rocelab.topo.FabricGraph g =
                org.rocelab.run.FabricBuilder.build(s, s.seed()).graph();
        for (int n = 0; n < g.nodeCount(); n++) {
            kinds.put(g.name(n), g.kind(n) == NodeKind.HOST ? "host" : "switch");
        }
        Map<String, String> sonic = new TreeMap<>();
        for (String sw : s.switches()) {
            for (Map.Entry<String, PortSpec> p : s.switchSpec(sw).ports().entrySet()) {
                if (p.getValue().name() != null) {
                    sonic.put(sw + ":" + p.getKey(), p.getValue().name());
                }
            }
        }
        List<Future<?>> reruns = new ArrayList<>();
        LiveRun.Rerunner rerunner = (sets, slot) -> {
            ResolvedScenario again;
            try {
                again = cmd.options.withMoreSets(sets).loadResolved(cmd.scenarioFile);
            } catch (ScenarioException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
            Path out = Path.of(target + "-run" + (slot.index() + 1));
            synchronized (reruns) {
                reruns.add(simThread.submit(() -> {
                    try {
                        execute(again, cmd.scenarioFile, out, slot, cmd.threads);
                        System.err.println("rocelab: " + slot.label() + " (" + String.join(" ", sets) + ") -> " + out);
                    } catch (RuntimeException e) {
                        slot.failed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
                    }
                }));
            }
        };
        LiveRun live = new LiveRun(s.name(), kinds, sonic, rerunner, ReportWriter.echarts());
        Path runsRoot = target.toAbsolutePath().getParent();
        try (WebServer server = WebServer.start(cmd.bind, cmd.port, new RunsDir(runsRoot), live, System.err)) {
            System.err.println("rocelab: live view at " + server.url() + " (metrics at " + server.url() + "metrics)");
            for (String w : s.warnings()) {
                System.err.println("warning: " + w);
            }
            long t0 = System.nanoTime();
            Future<RunResult> first =
                    simThread.submit(() -> execute(resolved, cmd.scenarioFile, target, live.first(), cmd.threads));
            RunResult r = await(first);
            int exit = RunCommand.closingLines(s, r, System.nanoTime() - t0, target, conditions);
            if (cmd.liveFor == null) {
                System.err.println("rocelab: serving the live view at " + server.url() + " until Ctrl-C");
                Thread.currentThread().join();
            } else {
                Thread.sleep(cmd.liveFor * 1000);
                List<Future<?>> pending;
                synchronized (reruns) {
                    pending = new ArrayList<>(reruns);
                }
                for (Future<?> f : pending) {
                    await(f);
                }
            }
            return exit;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            simThread.shutdownNow();
        }
    }

    private static RunResult execute(
            ResolvedScenario resolved, Path scenarioFile, Path out, LiveRun.Slot slot, ThreadsOption threads) {
        return RunCommand.execute(resolved, scenarioFile, out, slot::publish, false, threads);
    }

    private static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
