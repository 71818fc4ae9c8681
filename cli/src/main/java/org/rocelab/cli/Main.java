package org.rocelab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rocelab} command: subcommands per DESIGN.md §3. Exit codes: 0 ok, 1 failed check, 2 bad
 * input. Every command answers {@code --help}/{@code -h} (and {@code rocelab help COMMAND}); a call
 * picocli cannot parse prints one line naming the command's help.
 */
@Command(
        name = "rocelab",
        mixinStandardHelpOptions = true,
        version = "rocelab 0.1.0",
        description = "Packet-level digital twin of RoCEv2 data-center fabrics.",
        footer = {
            "",
            "rocelab help COMMAND (or rocelab COMMAND --help) shows a command's options and an example.",
            "Also, through the ./rocelab launcher (the sweep module's own jar, built on first use):",
            "  sweep    Run a parameter sweep of a scenario on Apache Spark (docs/sweep.md).",
            "  tune     Search a sweep's axes for the setting that minimises a figure."
        },
        subcommands = {
            CommandLine.HelpCommand.class,
            RunCommand.class,
            ValidateCommand.class,
            DoctorCommand.class,
            PerftestCommand.class,
            ImportHpccCommand.class,
            ImportSonicCommand.class,
            ExportSonicCommand.class,
            BenchCommand.class,
            ServeCommand.class,
            CompareCommand.class
        })
public final class Main implements Runnable {
    /** Columns of the help text: wide enough that the footers' flag tables are not wrapped. */
    static final int USAGE_WIDTH = 110;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (tests call this in-process). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setUsageHelpWidth(USAGE_WIDTH);
        cl.getSubcommands().get("perftest").setUnmatchedOptionsArePositionalParams(true);
        cl.setExitCodeExceptionMapper(ex -> 2);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println(usageError(ex));
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
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(cl.getErr());
        }
    }

    /**
     * The run needed more heap than the JVM has: one line naming the heap size and how to raise it,
     * exit 2. The staged output folder was removed on the way out (nothing half-written).
     */
    static int outOfMemory(java.io.PrintWriter err) {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        try {
            err.println("rocelab: out of memory: the run needs more than this JVM's " + mb + " MB heap; raise it with"
                    + " ROCELAB_JAVA_OPTS, e.g. ROCELAB_JAVA_OPTS=-Xmx"
                    + Math.max(1, mb * 4 >> 10)
                    + "g ./rocelab ... (docs/architecture.md, Memory)");
            err.flush();
        } catch (OutOfMemoryError again) {
            System.err.println("rocelab: out of memory (" + mb + " MB heap); raise -Xmx with ROCELAB_JAVA_OPTS");
        }
        return 2;
    }

    /** {@code rocelab run: Unknown option: '--x' (see 'rocelab run --help')}: what was wrong and where help is. */
    static String usageError(CommandLine.ParameterException ex) {
        String command = ex.getCommandLine().getCommandSpec().qualifiedName();
        return command + ": " + ex.getMessage() + " (see '" + command + " --help')";
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
