package org.rocelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rocelab.compat.sonic.SonicExporter;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab export-sonic SCENARIO.yaml --out DIR}: one config_db.json fragment per switch
 * ({@code DIR/<switch>.json}, {@link SonicExporter}); what CONFIG_DB cannot hold is listed on
 * standard error.
 */
@Command(
        name = "export-sonic",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        footer = {"", "Example:", "  rocelab export-sonic fabric.yaml --out exported/"},
        description = {
            "Write each switch of a scenario as a SONiC config_db.json fragment (DIR/<switch>.json): ports, cabling,"
                    + " cable lengths, buffers, QoS maps, WRED/ECN, schedulers, PFC watchdog and ACLs. import-sonic"
                    + " reads them back into the same scenario.",
            "Exit codes: 0 written, 2 bad input."
        })
final class ExportSonicCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario.")
    Path scenario;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder for the <switch>.json files.")
    Path out;

    @Override
    public Integer call() throws IOException {
        Scenario s = ScenarioLoader.load(scenario, List.of());
        SonicExporter.Result r = SonicExporter.export(s);
        Files.createDirectories(out);
        for (Map.Entry<String, String> e : r.files().entrySet()) {
            Files.writeString(out.resolve(e.getKey() + ".json"), e.getValue(), StandardCharsets.UTF_8);
        }
        for (String w : r.warnings()) {
            System.err.println("export-sonic: " + w);
        }
        System.err.println("export-sonic: " + r.files().size() + " switch(es) -> " + out);
        return 0;
    }
}
