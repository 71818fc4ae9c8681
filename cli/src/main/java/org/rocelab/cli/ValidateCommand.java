package org.rocelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
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
 * on stderr and nothing on stdout, exit 2. Given several files (a shell's {@code examples/*.yaml})
 * it checks each with the same options, its lines on stdout prefixed with the file, and exits 2
 * when any of them has an error.
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
            "  rocelab validate examples/*.yaml",
            "Exit codes: 0 valid (warnings may be printed), 2 bad input (any file, with several)."
        })
final class ValidateCommand implements Callable<Integer> {
    @Parameters(
            arity = "1..*",
            paramLabel = "SCENARIO.yaml",
            description = "The scenario file; with several, each is checked and its lines prefixed with it.")
    List<Path> files;

    @Mixin
    ScenarioOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        int exit = 0;
        for (Path file : files) {
            exit = Math.max(exit, check(file, files.size() > 1 ? file + ": " : ""));
        }
        return exit;
    }

    /** Checks one file, its stdout lines prefixed with {@code prefix} (errors name the file already). */
    private int check(Path file, String prefix) {
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
            out.println(prefix + "warning: " + w);
        }
        out.printf(
                "%sok: %s (%d hosts, %d switches, %d workloads)%n",
                prefix,
                s.name(),
                s.hosts().size(),
                s.switches().size(),
                s.workloads().size());
        out.flush();
        return 0;
    }
}
