package org.rocelab.compat;

import java.nio.file.Path;
import org.rocelab.testing.SharedData;

/** The HPCC sample inputs, read from shared/data/hpcc beside the repository ({@link SharedData}). */
final class HpccResources {
    private HpccResources() {}

    static Path file(String name) {
        return SharedData.hpcc(name);
    }

    /**
     * A config written for rocelab (the run.py presets hp, timely and dctcp of the fat tree, in this
     * module's test resources, hpcc/): read as a config only, its topology and flow files are not opened.
     */
    static Path own(String name) {
        return Path.of("src/test/resources/hpcc").resolve(name);
    }
}
