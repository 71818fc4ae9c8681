package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code rocelab} launcher's JVM options: {@code ROCELAB_JAVA_OPTS} adds to the tuned defaults
 * (after them, so the user's value of an option wins) instead of replacing them, and a collector of
 * the user's replaces the default one. The launcher is copied beside a fake jar (so it builds
 * nothing) and run with a {@code java} on the PATH that writes down its arguments.
 */
class LauncherOptionsTest {
    private static final List<String> TUNED = List.of(
            "-Xss4m",
            "-XX:Tier4InvocationThreshold=50000",
            "-XX:Tier4MinInvocationThreshold=20000",
            "-XX:Tier4CompileThreshold=60000",
            "-XX:Tier4BackEdgeThreshold=400000",
            "-XX:InlineSmallCode=1000",
            "-XX:FreqInlineSize=150");

    @TempDir
    Path tmp;

    @Test
    void withoutUserOptionsTheDefaultsRun() throws Exception {
        List<String> args = launch(null);
        assertThat(args).containsAll(TUNED).contains("-XX:+UseParallelGC");
        assertThat(args.subList(args.indexOf("-jar"), args.size()))
                .containsExactly(
                        "-jar", tmp.resolve("root/cli/target/rocelab.jar").toString(), "version");
    }

    @Test
    void userOptionsComeAfterTheDefaultsSoTheirValuesWin() throws Exception {
        List<String> args = launch("-Xmx4g -Xss8m");
        assertThat(args).containsAll(TUNED).contains("-XX:+UseParallelGC", "-Xmx4g");
        // the JVM takes the last of an option given twice
        assertThat(args.lastIndexOf("-Xss8m")).isGreaterThan(args.indexOf("-Xss4m"));
        assertThat(args.indexOf("-Xmx4g")).isLessThan(args.indexOf("-jar"));
    }

    @Test
    void aCollectorOfTheUsersReplacesTheDefaultOne() throws Exception {
        List<String> args = launch("-XX:+UseSerialGC -Xmx1g");
        assertThat(args).containsAll(TUNED).contains("-XX:+UseSerialGC", "-Xmx1g");
        assertThat(args).doesNotContain("-XX:+UseParallelGC");
    }

    /** The arguments of the launcher's last {@code java} call. */
    private List<String> launch(String userOptions) throws IOException, InterruptedException {
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("cli/target"));
        Path launcher = root.resolve("rocelab");
        Files.copy(Path.of("..", "rocelab"), launcher);
        Files.writeString(root.resolve("cli/target/rocelab.jar"), "", StandardCharsets.UTF_8);
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path log = tmp.resolve("java-args.txt");
        Path java = bin.resolve("java");
        Files.writeString(
                java, "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > \"" + log + "\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder("bash", launcher.toString(), "version")
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out.txt").toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        if (userOptions == null) {
            pb.environment().remove("ROCELAB_JAVA_OPTS");
        } else {
            pb.environment().put("ROCELAB_JAVA_OPTS", userOptions);
        }
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as("launcher output %s", Files.readString(tmp.resolve("out.txt")))
                .isZero();
        return Files.readAllLines(log, StandardCharsets.UTF_8);
    }
}
