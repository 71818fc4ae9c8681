package org.rocelab.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * All-or-nothing writing of a run's {@code --out} folder: everything (outputs, pcap taps, the
 * report) is written into a staging folder beside the target, {@code .<name>.tmp-…}, which
 * {@link #commit()} renames into place — replacing a previous run's folder — so a failed run never
 * leaves a half-written folder. Closing without committing deletes the staging folder.
 *
 * <pre>{@code
 * try (OutputFolder out = OutputFolder.stage(Path.of("out/incast"))) {
 *     RunWriter.writeAll(out.dir(), result, info);
 *     ReportWriter.write(out.dir());
 *     out.commit();
 * }
 * }</pre>
 */
public final class OutputFolder implements AutoCloseable {
    private final Path target;
    private final Path staging;
    private boolean committed;

    private OutputFolder(Path target, Path staging) {
        this.target = target;
        this.staging = staging;
    }

    /**
     * Creates the staging folder for {@code target} (creating parent folders).
     *
     * @throws IllegalArgumentException if {@code target} exists and is not a folder
     */
    public static OutputFolder stage(Path target) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new IllegalArgumentException("--out " + target + " exists and is not a folder");
        }
        Path parent = abs.getParent();
        Files.createDirectories(parent);
        Path staging = Files.createTempDirectory(parent, "." + abs.getFileName() + ".tmp-");
        return new OutputFolder(abs, staging);
    }

    /** The staging folder to write into. */
    public Path dir() {
        return staging;
    }

    /** The folder the outputs will be in after {@link #commit()}. */
    public Path target() {
        return target;
    }

    /** Moves the staged outputs into place, replacing an existing target folder. */
    public void commit() throws IOException {
        if (committed) {
            throw new IllegalStateException("already committed");
        }
        Path old = null;
        if (Files.exists(target)) {
            old = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".old-");
            Files.delete(old);
            move(target, old);
        }
        try {
            move(staging, target);
        } catch (IOException e) {
            if (old != null) {
                move(old, target);
            }
            throw e;
        }
        committed = true;
        if (old != null) {
            deleteTree(old);
        }
    }

    /** Deletes the staging folder unless committed. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            deleteTree(staging);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null) {
                    throw new UncheckedIOException(exc);
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
