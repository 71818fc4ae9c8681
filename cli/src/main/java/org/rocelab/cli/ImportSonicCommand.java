package org.rocelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.compat.mlx5.NicFormatException;
import org.rocelab.compat.mlx5.NicImport;
import org.rocelab.compat.sonic.ConfigDb;
import org.rocelab.compat.sonic.SonicFormatException;
import org.rocelab.compat.sonic.SonicImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab import-sonic CONFIG_DB.json... [--hosts-from lldp|neighbors] [--lldp FILE|DIR]...
 * [--nic FILE] [--nic-fw FILE] [--nic-params DIR] [--out FILE]}: the switches' SONiC CONFIG_DB and a host's NIC tool output become one scenario
 * ({@link SonicImporter}, docs/sonic.md). What the scenario does not model is listed on standard
 * error and at the top of the YAML. Bad input: one line, exit 2, nothing written.
 */
@Command(
        name = "import-sonic",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        footer = {
            "",
            "Example:",
            "  rocelab import-sonic examples/sonic/mellanox-2leaf2spine --nic examples/sonic/host/mlnx_qos.txt --out fabric.yaml",
            "  rocelab import-sonic examples/sonic/mellanox-2leaf2spine --hosts-from lldp --lldp examples/sonic/lldp --out fabric.yaml"
        },
        description = {
            "Write the scenario of a fabric from its switches' SONiC config_db.json files (a folder of them is"
                    + " fine) and, optionally, a host's NIC settings. Cabling comes from DEVICE_NEIGHBOR, or with"
                    + " --hosts-from lldp from each switch's LLDP neighbours: hosts are the neighbours that are not"
                    + " among the switches given. Settings the scenario does not model"
                    + " are listed by file, table, key and value (standard error and the YAML's opening comment).",
            "Exit codes: 0 written, 2 bad input (one line naming file, table and key; nothing written)."
        })
final class ImportSonicCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "CONFIG_DB.json", description = "config_db.json files or folders of them.")
    List<Path> inputs;

    @Option(
            names = "--hosts-from",
            paramLabel = "lldp|neighbors",
            defaultValue = "neighbors",
            description = "Where the cabling and the hosts come from: neighbors (DEVICE_NEIGHBOR, the plan in"
                    + " CONFIG_DB) or lldp (what each switch's LLDP sees, from the --lldp files).")
    String hostsFrom;

    @Option(
            names = "--lldp",
            paramLabel = "FILE|DIR",
            description = "With --hosts-from lldp: each switch's 'show lldp table' output or APPL_DB LLDP_ENTRY_TABLE"
                    + " dump (JSON), named after the switch (leaf0.lldp.txt); a folder of them is fine. Repeatable.")
    List<Path> lldp;

    @Option(
            names = "--nic",
            paramLabel = "FILE",
            description = "Output of 'mlnx_qos -i <if>' on a host (trust, PFC, DSCP to priority, buffers).")
    Path nic;

    @Option(
            names = "--nic-fw",
            paramLabel = "FILE",
            description = "Output of 'mlxconfig -d <dev> q' (LINK_TYPE, ROCE_MODE, DCQCN firmware values).")
    Path nicFw;

    @Option(
            names = "--nic-params",
            paramLabel = "DIR",
            description =
                    "A copy of the DCQCN parameter files: MLNX_OFED ecn/roce_rp, ecn/roce_np or debugfs cc_params.")
    Path nicParams;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to write the scenario YAML (default: standard output).")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (!hostsFrom.equals("neighbors") && !hostsFrom.equals("lldp")) {
            throw new UserError("--hosts-from: expected lldp or neighbors, got '" + hostsFrom + "'");
        }
        boolean fromLldp = hostsFrom.equals("lldp");
        if (fromLldp && (lldp == null || lldp.isEmpty())) {
            throw new UserError("--hosts-from lldp: expected --lldp FILE|DIR with each switch's 'show lldp table'"
                    + " output or LLDP_ENTRY_TABLE dump");
        }
        if (!fromLldp && lldp != null && !lldp.isEmpty()) {
            throw new UserError("--lldp is read only with --hosts-from lldp (the cabling comes from DEVICE_NEIGHBOR"
                    + " otherwise)");
        }
        SonicImporter.Result r;
        try {
            List<ConfigDb> dbs = new ArrayList<>();
            for (Path p : SonicImporter.files(inputs)) {
                dbs.add(ConfigDb.read(p, p.toString()));
            }
            List<String> nicWarnings = new ArrayList<>();
            ObjectNode nicNode = NicImport.read(nic, nicFw, nicParams, nicWarnings);
            String name = out == null
                    ? "sonic-fabric"
                    : out.getFileName().toString().replaceAll("\\.ya?ml$", "").replaceAll("[^A-Za-z0-9._-]", "-");
            r = SonicImporter.importFabric(
                    dbs, nicNode, name.isEmpty() ? "sonic-fabric" : name, nicWarnings, fromLldp ? lldp : null);
        } catch (SonicFormatException | NicFormatException e) {
            throw new UserError(e.getMessage());
        }
        for (String w : r.warnings()) {
            System.err.println("import-sonic: " + w);
        }
        if (out == null) {
            System.out.print(r.yaml());
            return 0;
        }
        Path dir = out.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, ".import-sonic", ".yaml");
        try {
            Files.writeString(tmp, r.yaml(), StandardCharsets.UTF_8);
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
        System.err.println("import-sonic: " + inputs.size() + " input(s) -> " + out);
        return 0;
    }
}
