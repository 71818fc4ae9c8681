package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocelab validate}: warnings and an ok line with exit 0, or one error line on stderr with exit 2. */
class ValidateCommandTest {
    private String out;
    private String err;

    private int run(String... args) {
        CliRun r = CliRun.of(args);
        out = r.out();
        err = r.err();
        return r.exit();
    }

    @Test
    void validExamplePrintsOk() {
        assertThat(run("validate", "../examples/incast-pfc.yaml")).isZero();
        assertThat(out).isEqualTo("ok: incast-pfc (9 hosts, 1 switches, 1 workloads)" + System.lineSeparator());
        assertThat(err).isEmpty();
    }

    @Test
    void warningsComeBeforeOk() {
        assertThat(run("validate", "../examples/leaf-spine-misconfig.yaml", "--seed", "5", "--duration", "2ms"))
                .isZero();
        String[] lines = out.split("\\R");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).startsWith("warning: switches.spine1.lossless: ");
        assertThat(lines[1]).startsWith("warning: nics.h5.cc: ");
        assertThat(lines[2]).isEqualTo("ok: leaf-spine-misconfig (8 hosts, 4 switches, 2 workloads)");
    }

    @Test
    void setProducesWarning() {
        assertThat(run("validate", "../examples/storage-incast.yaml", "--set", "switch.ecn.3.kmin=5KB"))
                .isZero();
        assertThat(out).startsWith("warning: switch.ecn.3.kmin: Kmin 5000 bytes on sw0 is far below typical");
    }

    @Test
    void badInputExitsTwoWithOneLineOnStderrAndNothingOnStdout(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("incast.yaml");
        Files.writeString(
                f,
                "name: incast\ntopology: {kind: star, hosts: 2}\nswitch:\n  lossless: [3]\n  ecn:\n    3:\n      kmin: 40XB\n");
        assertThat(run("validate", f.toString())).isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err)
                .isEqualTo(f + ":7:7: switch.ecn.3.kmin: expected a size like 64KB, 4096 or 2MiB, got '40XB'"
                        + System.lineSeparator());
    }

    @Test
    void badSetExitsTwo() {
        assertThat(run("validate", "../examples/storage-incast.yaml", "--set", "switch.ecn.3.kmn=4KB"))
                .isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.strip())
                .isEqualTo(
                        "../examples/storage-incast.yaml: --set switch.ecn.3.kmn=4KB: switch.ecn.3.kmn: unknown key 'kmn' "
                                + "(did you mean 'kmin'?)");
    }

    @Test
    void badDurationOptionExitsTwo() {
        assertThat(run("validate", "../examples/incast-pfc.yaml", "--duration", "10"))
                .isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.strip())
                .isEqualTo("../examples/incast-pfc.yaml: --set duration=10: duration: expected a time with a unit like "
                        + "2us, 500ns or 10ms, got 10");
    }

    @Test
    void missingFileExitsTwo() {
        assertThat(run("validate", "no-such.yaml")).isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.strip()).isEqualTo("no-such.yaml: cannot read the scenario file: no such file or folder");
    }

    @Test
    void optionsOrderSetsThenSeedThenDuration() {
        ScenarioOptions o = new ScenarioOptions();
        o.sets.add("nic.mtu=1024");
        o.seed = 4L;
        o.duration = "1ms";
        assertThat(o.overrides()).containsExactly("nic.mtu=1024", "seed=4", "duration=1ms");
    }
}
