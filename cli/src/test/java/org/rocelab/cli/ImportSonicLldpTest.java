package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * {@code import-sonic --hosts-from lldp}: the Mellanox-style fabric with examples/sonic/lldp (two
 * switches' {@code show lldp table}, two APPL_DB LLDP_ENTRY_TABLE dumps, one of them wrapped as
 * sonic-db-dump writes it) is cabled as LLDP sees it, key by key: leaf1's Ethernet4 reaches
 * server5, where DEVICE_NEIGHBOR plans server3, and the import says so; an FQDN system name is its
 * first label; the management port is left out. Bad LLDP input is one line, exit 2, nothing written.
 */
class ImportSonicLldpTest {
    private static final Path MLX = Path.of("..", "examples", "sonic", "mellanox-2leaf2spine");
    private static final Path LLDP = Path.of("..", "examples", "sonic", "lldp");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @Test
    void theCablingIsWhatLldpSees(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("fabric.yaml");
        CliRun r = fromLldp(LLDP, out);

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode s = YAML.readTree(Files.readString(out));
        JsonNode t = s.path("topology");
        assertThat(t.path("kind").asString()).isEqualTo("explicit");
        assertThat(texts(t.path("nodes")))
                .containsExactly("leaf0", "leaf1", "spine0", "spine1", "server0", "server1", "server2", "server5");
        assertThat(texts(t.path("hosts"))).containsExactly("server0", "server1", "server2", "server5");
        List<String> links = new ArrayList<>();
        for (JsonNode l : t.path("links")) {
            links.add(l.path("a").asString() + "-" + l.path("b").asString() + " "
                    + l.path("speed").asString() + " " + l.path("length").asString() + " "
                    + l.path("fec").asString());
        }
        assertThat(links)
                .containsExactly(
                        "leaf0-server0 100G 5m rs",
                        "leaf0-server1 100G 5m rs",
                        "leaf0-spine0 100G 40m rs",
                        "leaf0-spine1 100G 40m rs",
                        "leaf1-server2 100G 5m rs",
                        "leaf1-server5 100G 5m rs",
                        "leaf1-spine0 100G 40m rs",
                        "leaf1-spine1 100G 40m rs");
        // Ports are named by their peer and keep their SONiC name and alias.
        JsonNode leaf1 = s.path("switches").path("leaf1").path("ports");
        assertThat(leaf1.path("server5").path("name").asString()).isEqualTo("Ethernet4");
        assertThat(leaf1.path("server5").path("alias").asString()).isEqualTo("etp2");
        assertThat(leaf1.has("server3")).isFalse();
        assertThat(s.path("switches")
                        .path("spine1")
                        .path("ports")
                        .path("leaf1")
                        .path("name")
                        .asString())
                .isEqualTo("Ethernet4");
        assertThat(r.err())
                .contains("import-sonic: " + MLX.resolve("leaf1.json") + ": DEVICE_NEIGHBOR|Ethernet4: names server3,"
                        + " but LLDP (" + LLDP.resolve("leaf1.lldp.json") + ") sees server5; the cable follows LLDP\n")
                .contains("import-sonic: " + LLDP.resolve("leaf0.lldp.txt")
                        + ": eth0 (neighbour mgmt-tor) is the management port, not part of the fabric\n");

        // Where LLDP agrees with DEVICE_NEIGHBOR the switch's settings are those of the plain import.
        Path plain = dir.resolve("plain.yaml");
        assertThat(CliRun.of("import-sonic", MLX.toString(), "--out", plain.toString())
                        .exit())
                .isZero();
        JsonNode p = YAML.readTree(Files.readString(plain));
        for (String sw : new String[] {"leaf0", "spine0", "spine1"}) {
            assertThat(s.path("switches").path(sw))
                    .as(sw)
                    .isEqualTo(p.path("switches").path(sw));
        }
    }

    @Test
    void badLldpInputIsOneLine(@TempDir Path dir) throws Exception {
        String table = "LocalPort  RemoteDevice  RemotePortID  Capability  RemotePortDescr\n"
                + "---------  ------------  ------------  ----------  ---------------\n";
        bad(
                dir,
                "leaf0.lldp.txt",
                table + "Ethernet9  server0       eth0                      eth0\n",
                "leaf0.lldp.txt:3: port Ethernet9 is not in " + MLX.resolve("leaf0.json")
                        + "'s PORT table (expected one of Ethernet0, Ethernet4, Ethernet8, Ethernet12)");
        bad(
                dir,
                "leaf0.lldp.txt",
                table + "Ethernet0                eth0                      eth0\n",
                "leaf0.lldp.txt:3: RemoteDevice: expected the neighbour's system name on Ethernet0 (its hostname), got"
                        + " none");
        bad(
                dir,
                "leaf0.lldp.txt",
                table + "Ethernet0  server0       eth0                      eth0\n" + "-".repeat(50)
                        + "\nTotal entries displayed:  2\n",
                "leaf0.lldp.txt: Total entries displayed: 2 but the table has 1 rows (expected the whole output of"
                        + " 'show lldp table')");
        bad(
                dir,
                "leaf0.lldp.txt",
                "Ethernet0 server0\n",
                "leaf0.lldp.txt: expected the output of 'show lldp table' (a header LocalPort RemoteDevice"
                        + " RemotePortID Capability RemotePortDescr over a dashed rule) or an APPL_DB LLDP_ENTRY_TABLE"
                        + " dump (JSON)");
        bad(
                dir,
                "leaf0.json",
                "{\"LLDP_ENTRY_TABLE:Ethernet0\": {\"lldp_rem_port_id\": \"eth0\"}}",
                "leaf0.json: LLDP_ENTRY_TABLE:Ethernet0: lldp_rem_sys_name: expected the neighbour's system name (its"
                        + " hostname), got none");
        bad(
                dir,
                "leaf0.json",
                "{\"LLDP_ENTRY_TABLE:Ethernet0\": ",
                "leaf0.json: expected an APPL_DB LLDP_ENTRY_TABLE dump (JSON), not valid JSON at line 1, column 31: ");
        bad(
                dir,
                "leaf7.lldp.txt",
                table,
                "leaf7.lldp.txt: expected an LLDP file named after one of the switches (leaf0, leaf1, spine0, spine1),"
                        + " like leaf0.lldp.txt");
    }

    @Test
    void aRouterLldpSeesWithoutItsConfigIsOneLine(@TempDir Path dir) throws Exception {
        Path lldp = Files.createDirectories(dir.resolve("lldp"));
        copyAllBut("leaf0", lldp);
        Files.writeString(
                lldp.resolve("leaf0.lldp.txt"),
                Files.readString(LLDP.resolve("leaf0.lldp.txt"))
                        .replace(
                                "server0                    0c:42:a1:7e:10:00            ",
                                "border9                    Ethernet1/1        BR        "));
        Path out = dir.resolve("out.yaml");
        CliRun r = fromLldp(lldp, out);
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("rocelab: " + MLX.resolve("leaf0.json") + ": PORT|Ethernet0: neighbour border9 is a router"
                        + " (LLDP capability R) but its config_db.json was not given (expected it among the inputs, or a"
                        + " Server)\n");
        assertThat(out).doesNotExist();
    }

    @Test
    void missingSwitchAndOptionMisuseAreOneLine(@TempDir Path dir) throws Exception {
        Path lldp = Files.createDirectories(dir.resolve("lldp"));
        Files.copy(LLDP.resolve("leaf0.lldp.txt"), lldp.resolve("leaf0.lldp.txt"));
        Path out = dir.resolve("out.yaml");
        CliRun r = fromLldp(lldp, out);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo(
                        "rocelab: --lldp: no LLDP file for switch leaf1 (expected a file named leaf1.<anything>, e.g."
                                + " leaf1.lldp.txt, with --hosts-from lldp)\n");
        r = CliRun.of("import-sonic", MLX.toString(), "--hosts-from", "lldp", "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("rocelab: --hosts-from lldp: expected --lldp FILE|DIR")
                .hasLineCount(1);
        r = CliRun.of("import-sonic", MLX.toString(), "--lldp", lldp.toString(), "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("rocelab: --lldp is read only with --hosts-from lldp")
                .hasLineCount(1);
        r = CliRun.of("import-sonic", MLX.toString(), "--hosts-from", "cdp", "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("rocelab: --hosts-from: expected lldp or neighbors, got 'cdp'\n");
        assertThat(out).doesNotExist();
    }

    /** The fixture's LLDP folder with {@code file} replaced by {@code text}: exit 2, one line, nothing written. */
    private static void bad(Path dir, String file, String text, String expected) throws Exception {
        Path lldp = dir.resolve("lldp-" + Integer.toHexString(text.hashCode()) + file.hashCode());
        Files.createDirectories(lldp);
        copyAllBut(file.substring(0, file.indexOf('.')), lldp);
        Files.writeString(lldp.resolve(file), text);
        Path out = dir.resolve("out.yaml");
        CliRun r = fromLldp(lldp, out);
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("rocelab: " + lldp.resolve(file)
                        + (expected.startsWith(file) ? expected.substring(file.length()) : ": " + expected))
                .hasLineCount(1);
        assertThat(out).doesNotExist();
    }

    /** {@code import-sonic} of the Mellanox fabric cabled by the LLDP files in {@code lldp}. */
    private static CliRun fromLldp(Path lldp, Path out) {
        return CliRun.of(
                "import-sonic",
                MLX.toString(),
                "--hosts-from",
                "lldp",
                "--lldp",
                lldp.toString(),
                "--out",
                out.toString());
    }

    /** Copies the fixture's LLDP files but {@code skipped}'s into {@code lldp}. */
    private static void copyAllBut(String skipped, Path lldp) throws Exception {
        for (String f : new String[] {"leaf0.lldp.txt", "leaf1.lldp.json", "spine0.lldp.txt", "spine1.lldp.json"}) {
            if (!f.startsWith(skipped + ".")) {
                Files.copy(LLDP.resolve(f), lldp.resolve(f));
            }
        }
    }

    private static List<String> texts(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asString()));
        return out;
    }
}
