package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command answers {@code --help} and {@code -h} with its options, their defaults and an
 * example (exit 0, on stdout), {@code rocelab help COMMAND} prints the same, and a wrong call names
 * the command's help.
 */
class HelpTest {
    static List<String> commands() {
        List<String> out = new ArrayList<>();
        for (String name : new CommandLine(new Main()).getSubcommands().keySet()) {
            if (!name.equals("help")) {
                out.add(name);
            }
        }
        return out;
    }

    @Test
    void everyCommandOfDesignIsRegistered() {
        assertThat(commands()).contains("run", "validate", "perftest", "import-hpcc", "bench");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpListsEveryOptionAndAnExample(String command) {
        CliRun r = CliRun.of(command, "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("Usage: rocelab " + command).contains("Example");
        CommandLine sub = new CommandLine(new Main()).getSubcommands().get(command);
        for (OptionSpec o : sub.getCommandSpec().options()) {
            if (o.hidden()) {
                continue; // internal options (bench --in-process) are left out of help on purpose
            }
            assertThat(r.out()).as(command + " --help names " + o.longestName()).contains(o.longestName());
        }
        assertThat(CliRun.of(command, "-h").out()).isEqualTo(r.out());
        assertThat(CliRun.of("help", command).out()).isEqualTo(r.out());
    }

    @Test
    void runHelpShowsItsDefaults() {
        String out = CliRun.of("run", "--help").out();
        assertThat(out)
                .contains("--out=DIR")
                .contains("(default: out/<scenario name>/)")
                .contains("--set=KEY=VALUE")
                .contains("rocelab run examples/incast-pfc.yaml");
    }

    @Test
    void perftestHelpListsPerftestFlagsWithDefaults() {
        CliRun r = CliRun.of("perftest", "ib_write_bw", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .contains("-s, --size BYTES       message size, 1..8388608 (default: 65536 for _bw, 2 for _lat)")
                .contains("--speed RATE           link speed (default: 100G)")
                .contains("rocelab perftest ib_write_bw -s 65536 -n 5000 --report_gbits");
    }

    @Test
    void topLevelHelpNamesPerCommandHelp() {
        CliRun r = CliRun.of("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .contains("rocelab help COMMAND (or rocelab COMMAND --help) shows a command's options and an example.");
    }

    @Test
    void aWrongCallNamesTheCommandsHelp() {
        CliRun r = CliRun.of("run", "--bogus");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo(
                        "rocelab run: Unknown option: '--bogus' (see 'rocelab run --help')" + System.lineSeparator());
    }
}
