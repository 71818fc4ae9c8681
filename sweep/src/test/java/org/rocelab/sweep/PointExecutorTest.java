package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointExecutorTest {
    @Test
    void childClassPathHoldsTheCliAndItsDependenciesButNotSpark() {
        List<String> entries = Arrays.asList(PointExecutor.classpath().split(File.pathSeparator));
        List<String> names =
                entries.stream().map(e -> Path.of(e).getFileName().toString()).toList();

        assertThat(System.getProperty("java.class.path")).contains("spark-core_2.13");
        assertThat(names).noneMatch(n -> n.startsWith("spark-") || n.startsWith("scala-library"));
        assertThat(names).contains("picocli-4.7.7.jar", "jackson-databind-3.3.0.jar", "fastutil-core-8.5.15.jar");
        assertThat(names).anyMatch(n -> n.startsWith("slf4j-api-"));
        String cli = org.rocelab.cli.Main.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .getPath();
        assertThat(entries).anyMatch(e -> Path.of(e).equals(Path.of(cli)));
    }

    @Test
    void jarsMatchTheirArtifactWhateverTheVersion() {
        java.util.Set<String> artifacts = java.util.Set.of("slf4j-api", "jackson-core", "picocli");
        assertThat(PointExecutor.isOneOf("slf4j-api-2.0.17.jar", artifacts)).isTrue();
        assertThat(PointExecutor.isOneOf("jackson-core-3.3.0.jar", artifacts)).isTrue();
        assertThat(PointExecutor.isOneOf("jackson-core-asl-1.9.13.jar", artifacts))
                .isFalse();
        assertThat(PointExecutor.isOneOf("slf4j-api.jar", artifacts)).isFalse();
        assertThat(PointExecutor.isOneOf("spark-core_2.13-4.2.0.jar", artifacts))
                .isFalse();
    }
}
