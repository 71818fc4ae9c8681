package org.rocelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab validate SCENARIO.yaml [--set k=v]...} (DESIGN.md §3): prints each warning and
 * {@code ok: <name> (<n> hosts, <m> switches, <k> workloads)}, exit 0; or the one-line error
 * on stderr and nothing on stdout, exit 2.
 */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = "Check a scenario: print its warnings, or the first error (exit 2).",
        footer = {
            "",
            "Examples:",
            "  rocelab validate examples/leaf-spine-misconfig.yaml",
            "  rocelab validate examples/incast-pfc.yaml --set switch.lossless=[]",
            "Exit codes: 0 valid (warnings may be printed), 2 bad input."
        })
final class ValidateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario file.")
    Path file;

    @Mixin
    ScenarioOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Scenario s;
        try {
            s = options.load(file);
        } catch (ScenarioException e) {
            spec.commandLine().getErr().println(e.getMessage());
            spec.commandLine().getErr().flush();
            return 2;
        }
        for (String w : s.warnings()) {
            out.println("warning: " + w);
        }
        out.printf(
                "ok: %s (%d hosts, %d switches, %d workloads)%n",
                s.name(), s.hosts().size(), s.switches().size(), s.workloads().size());
        out.flush();
        return 0;
    }
}
