package org.rocelab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code rocelab} command: subcommands per DESIGN.md §3. Exit codes: 0 ok, 1 failed check, 2 bad input. */
@Command(
        name = "rocelab",
        mixinStandardHelpOptions = true,
        version = "rocelab 0.1.0",
        description = "Packet-level digital twin of RoCEv2 data-center fabrics.",
        footer = {
            "",
            "Also, through the ./rocelab launcher (the sweep module's own jar, built on first use):",
            "  sweep    Run a parameter sweep of a scenario on Apache Spark (docs/sweep.md).",
            "  tune     Search a sweep's axes for the setting that minimises a figure."
        },
        subcommands = {
            RunCommand.class,
            ValidateCommand.class,
            PerftestCommand.class,
            ImportHpccCommand.class,
            BenchCommand.class
        })
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (tests call this in-process). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.getSubcommands().get("perftest").setUnmatchedOptionsArePositionalParams(true);
        cl.setExitCodeExceptionMapper(ex -> 2);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("rocelab: " + ex.getMessage());
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof org.rocelab.scenario.ScenarioException) {
                // already "file:line:col: key: expected ..."
                commandLine.getErr().println(ex.getMessage());
                return 2;
            }
            if (ex instanceof UserError || ex instanceof IllegalArgumentException) {
                commandLine.getErr().println("rocelab: " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
