package org.rocelab.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The HPCC simulator's sample inputs the tests read ({@code fat.txt}, {@code topology.txt}, the
 * flow files, the configs and the four flow-size CDFs). They are another project's files and are
 * not part of this repository: they live in {@code shared/data/hpcc} beside the clone
 * ({@code ../shared/data/hpcc} from the repository root, {@code ../../shared/data/hpcc} from a
 * module folder), where CI and every developer have them. A missing folder fails the test with
 * one line saying where it was looked for.
 */
public final class SharedData {
    private SharedData() {}

    /** The folder of the HPCC sample inputs. */
    public static Path hpccDir() {
        Path root = repositoryRoot();
        Path dir = root.resolve("../shared/data/hpcc").normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("the HPCC sample inputs are not at " + dir
                    + ": the tests read them from shared/data/hpcc beside the repository (../shared/data/hpcc)");
        }
        return dir;
    }

    /** One HPCC sample input by file name, e.g. {@code fat.txt}. */
    public static Path hpcc(String name) {
        Path p = hpccDir().resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("the HPCC sample input " + p + " is missing");
        }
        return p;
    }

    /** The repository root: the nearest folder at or above the working directory holding the launcher. */
    private static Path repositoryRoot() {
        Path start = Path.of("").toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("rocelab")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no rocelab repository at or above " + start);
    }
}
