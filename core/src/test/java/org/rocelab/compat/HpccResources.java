package org.rocelab.compat;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The HPCC sample inputs copied into the test resources (from shared/data/hpcc). */
final class HpccResources {
    private HpccResources() {}

    static Path file(String name) {
        try {
            return Path.of(HpccResources.class.getResource("/hpcc/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
