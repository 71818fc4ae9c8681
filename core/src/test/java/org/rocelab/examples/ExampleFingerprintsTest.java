package org.rocelab.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * Fingerprints, as OMNeT++ keeps them (DESIGN.md §5): every example's run folds each fired
 * event's time and component into a hash ({@code Simulation.fingerprint()}), pinned in
 * {@code fingerprints.txt} beside this test. A model change that moves a fingerprint is either a
 * bug or a deliberate change that updates the file in the same commit and says why: run with
 * {@code -Drocelab.updateFingerprints=true} to rewrite it.
 */
class ExampleFingerprintsTest {
    private static final Path PINNED =
            Path.of("src", "test", "resources", "org", "rocelab", "examples", "fingerprints.txt");

    @Test
    void everyExampleKeepsItsEventStream() throws IOException {
        Map<String, String> actual = new TreeMap<>();
        try (Stream<Path> files = Files.list(ExampleRun.DIR)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                Scenario s = ScenarioLoader.load(f, List.of());
                ScenarioRun run = new ScenarioRun(s, f.toAbsolutePath().getParent());
                run.run(null);
                String name = f.getFileName().toString().replace(".yaml", "");
                actual.put(
                        name,
                        String.format(
                                "%016x %d",
                                run.fabric().sim().fingerprint(),
                                run.fabric().sim().events()));
            }
        }
        if (Boolean.getBoolean("rocelab.updateFingerprints")) {
            List<String> lines = new ArrayList<>();
            lines.add("# example fingerprint events (rewrite: mvn test -Drocelab.updateFingerprints=true)");
            actual.forEach((k, v) -> lines.add(k + " " + v));
            Files.write(PINNED, lines, StandardCharsets.UTF_8);
        }
        Map<String, String> pinned = new TreeMap<>();
        for (String line : Files.readAllLines(PINNED, StandardCharsets.UTF_8)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] t = line.split(" ", 2);
                pinned.put(t[0], t[1]);
            }
        }
        assertThat(actual)
                .as(
                        "example fingerprints (fingerprint, events); a deliberate model change "
                                + "updates %s in the same commit",
                        PINNED)
                .isEqualTo(pinned);
    }
}
