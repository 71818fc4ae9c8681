package org.rocelab.compat;

import java.nio.file.Path;
import org.rocelab.testing.SharedData;

/** The HPCC sample inputs, read from shared/data/hpcc beside the repository ({@link SharedData}). */
final class HpccResources {
    private HpccResources() {}

    static Path file(String name) {
        return SharedData.hpcc(name);
    }
}
