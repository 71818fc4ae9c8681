package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/model.md#swift has a table row for every swift knob, with its unit and default. */
class SwiftDocsTest {
    @Test
    void everyKnobIsDocumentedWithItsUnitAndDefault() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "model.md"));
        int from = lines.indexOf("## Swift congestion control");
        assertThat(from).isPositive();
        for (Knob k : SwiftParams.KNOBS) {
            String row = lines.subList(from, lines.size()).stream()
                    .filter(l -> l.startsWith("| `" + k.name() + "` |"))
                    .findFirst()
                    .orElse(null);
            assertThat(row).as("row for swift knob %s", k.name()).isNotNull();
            String[] cells = row.split("\\|");
            assertThat(cells[2].trim()).as("unit of %s", k.name()).startsWith(k.unit());
            assertThat(cells[3].trim()).as("default of %s", k.name()).isEqualTo(k.defaultValue());
        }
    }
}
