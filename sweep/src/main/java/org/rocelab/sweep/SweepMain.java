package org.rocelab.sweep;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code rocelab sweep} and {@code rocelab tune}: the entry point of the sweep jar, which the
 * {@code ./rocelab} launcher starts with Spark's Java 17 flags and the {@code lib/} class path.
 * Exit codes as the CLI's: 0 ok, 1 a point failed or a {@code --fail-on} condition held, 2 bad
 * input (one line, before any point runs).
 */
@Command(
        name = "rocelab",
        mixinStandardHelpOptions = true,
        version = "rocelab 0.1.0",
        description = "Sweeps, tuning and regression runs of rocelab scenarios on Apache Spark.",
        subcommands = {SweepCommand.class, TuneCommand.class, CommandLine.HelpCommand.class})
public final class SweepMain implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (tests call this in-process). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new SweepMain());
        cl.setExitCodeExceptionMapper(ex -> 2);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("rocelab: " + ex.getMessage());
            ex.getCommandLine()
                    .getErr()
                    .println("see: ./rocelab " + ex.getCommandLine().getCommandName() + " --help");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof SweepError || ex instanceof org.rocelab.scenario.ScenarioException) {
                commandLine.getErr().println(ex.getMessage());
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
