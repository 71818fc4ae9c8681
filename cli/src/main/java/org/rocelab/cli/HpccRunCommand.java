package org.rocelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import org.rocelab.cli.report.ReportWriter;
import org.rocelab.compat.HpccScenario;
import org.rocelab.run.HpccRun;
import org.rocelab.run.HpccRunOutputs;
import org.rocelab.run.ThreadPlan;
import org.rocelab.sim.Units;
import org.rocelab.stats.OutputFolder;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;

/**
 * {@code rocelab run --hpcc CONFIG.txt [--out DIR] [--seed N] [--threads N]}: loads an HPCC ns-3 config with its
 * topology and flow files ({@link HpccScenario#load}), runs it with the hpcc profiles
 * ({@link HpccRun}) and writes rocelab's outputs (report.html included) plus HPCC's fct.txt and
 * pfc.txt into the output folder (default {@code out/<config name>/}), all at once or not at all.
 */
final class HpccRunCommand {
    private HpccRunCommand() {}

    static int run(Path config, Path out, long seed, ThreadsOption threads) throws IOException {
        HpccScenario s = HpccScenario.load(config);
        for (String w : s.config().warnings()) {
            System.err.println("warning: " + w);
        }
        String name = config.getFileName().toString().replaceFirst("\\.txt$", "");
        Path target = out != null ? out : Path.of("out", name);
        OutputFolder staged = OutDir.stage(target);
        long t0 = System.nanoTime();
        HpccRun run;
        RunResult r;
        long wall;
        try (OutputFolder folder = staged) {
            run = new HpccRun(s, seed, folder.dir());
            ThreadPlan plan = threads.plan(run.fabric().fabric(), Optional.empty(), name, System.err);
            int used = run.threads(plan);
            long end = Math.max(1, s.config().stopPs() - run.offsetPs());
            RunCommand.Progress progress = new RunCommand.Progress(System.err, end);
            r = run.run(progress::update);
            progress.done();
            wall = System.nanoTime() - t0;
            HpccRunOutputs.write(
                    folder.dir(),
                    run,
                    r,
                    RunInfo.of(
                            wall,
                            r.events(),
                            plan.requested(),
                            used,
                            run.fabric().fabric().sim()));
            ReportWriter.write(folder.dir());
            folder.commit();
        } catch (UncheckedIOException e) {
            throw OutDir.failed(target, e.getCause());
        } catch (IOException e) {
            throw OutDir.failed(target, e);
        }
        int flows = s.flows().flows().size();
        System.out.printf(
                "%s: %d of %d flows completed, %s simulated from %s, %,d events in %.1f s (%,.0f events/s);"
                        + " drops %d, pause frames %d, ECN marked %d -> %s%n",
                name,
                run.completedFlows(),
                flows,
                Units.formatTime(r.simulatedPs()),
                Units.formatTime(run.offsetPs()),
                r.events(),
                wall / 1e9,
                r.events() / (wall / 1e9),
                r.totalDrops(),
                r.pauseFramesTx(),
                r.ecnMarked(),
                target);
        if (run.completedFlows() < flows) {
            System.err.println(
                    "warning: " + (flows - run.completedFlows()) + " flows had not completed at SIMULATOR_STOP_TIME");
        }
        return 0;
    }
}
