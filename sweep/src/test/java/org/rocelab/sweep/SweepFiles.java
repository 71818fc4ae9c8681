package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sweep files for tests, written beside a temp folder with the base scenario's absolute path. */
final class SweepFiles {
    /** The ECN-threshold example, from the sweep module's folder. */
    static final Path ECN =
            Path.of("../examples/ecn-threshold-too-low.yaml").toAbsolutePath().normalize();

    private SweepFiles() {}

    /** Writes {@code body} after a {@code base:} line naming the ECN example. */
    static Path write(Path dir, String name, String body) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, "base: " + ECN + "\n" + body, StandardCharsets.UTF_8);
        return f;
    }
}
