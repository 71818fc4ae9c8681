package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFolderTest {
    @TempDir
    Path tmp;

    @Test
    void commitReplacesThePreviousRunAndLeavesNoSiblings() throws IOException {
        Path target = tmp.resolve("out").resolve("run1");
        Files.createDirectories(target);
        Files.writeString(target.resolve("stale.txt"), "old");
        try (OutputFolder out = OutputFolder.stage(target)) {
            assertThat(out.dir().getParent()).isEqualTo(target.getParent().toAbsolutePath());
            RunWriter.writeAll(out.dir(), SampleRun.build(), null);
            assertThat(target.resolve("summary.json")).doesNotExist(); // nothing visible before commit
            out.commit();
        }
        assertThat(target.resolve("summary.json")).exists();
        assertThat(target.resolve("stale.txt")).doesNotExist();
        assertThat(list(target.getParent())).containsExactly("run1");
    }

    @Test
    void failureBeforeCommitKeepsTheOldFolderAndRemovesTheStaging() throws IOException {
        Path target = tmp.resolve("run2");
        Files.createDirectories(target);
        Files.writeString(target.resolve("summary.json"), "previous");
        assertThatThrownBy(() -> {
                    try (OutputFolder out = OutputFolder.stage(target)) {
                        Files.writeString(out.dir().resolve("summary.json"), "half");
                        throw new IllegalStateException("simulated failure");
                    }
                })
                .hasMessage("simulated failure");
        assertThat(Files.readString(target.resolve("summary.json"))).isEqualTo("previous");
        assertThat(list(tmp)).containsExactly("run2");
    }

    @Test
    void newTargetWithMissingParentsIsCreated() throws IOException {
        Path target = tmp.resolve("a/b/c");
        try (OutputFolder out = OutputFolder.stage(target)) {
            Files.writeString(out.dir().resolve("x"), "1");
            out.commit();
        }
        assertThat(Files.readString(target.resolve("x"))).isEqualTo("1");
    }

    @Test
    void targetThatIsAFileIsBadInput() throws IOException {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertThatThrownBy(() -> OutputFolder.stage(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a folder");
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
