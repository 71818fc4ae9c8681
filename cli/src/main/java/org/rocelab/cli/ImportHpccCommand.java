package org.rocelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rocelab.compat.HpccScenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab import-hpcc CONFIG.txt [--out FILE]}: writes the rocelab scenario equivalent to
 * an HPCC ns-3 config ({@link HpccScenarioYaml}); settings the scenario language cannot express
 * are comments naming the HPCC key. Without {@code --out} the YAML goes to standard output.
 */
@Command(
        name = "import-hpcc",
        mixinStandardHelpOptions = true,
        description = "Write the rocelab scenario YAML equivalent to an HPCC ns-3 config.",
        footer = {
            "",
            "Example:",
            "  rocelab import-hpcc fat_ws_config_dcqcn.txt --out fat-tree.yaml",
            "Exit codes: 0 ok, 2 bad input."
        })
final class ImportHpccCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CONFIG.txt", description = "The HPCC config file.")
    Path config;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the YAML (default: standard output).")
    Path out;

    @Override
    public Integer call() throws IOException {
        HpccScenario s = HpccScenario.load(config);
        Path base = out != null ? out.toAbsolutePath().getParent() : Path.of("").toAbsolutePath();
        String yaml = HpccScenarioYaml.of(s, base);
        if (out == null) {
            System.out.print(yaml);
        } else {
            Files.writeString(out, yaml, StandardCharsets.UTF_8);
            System.err.println("import-hpcc: " + s.flows().flows().size() + " flows -> " + out);
        }
        return 0;
    }
}
