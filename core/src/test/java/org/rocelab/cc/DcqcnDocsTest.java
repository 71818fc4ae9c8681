package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** docs/model.md#dcqcn has a table row for every knob of every profile, with its default. */
class DcqcnDocsTest {

    @ParameterizedTest
    @EnumSource(DcqcnProfile.class)
    void everyKnobIsDocumentedWithItsDefault(DcqcnProfile profile) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "model.md"));
        for (Knob k : profile.knobs()) {
            String row = lines.stream()
                    .filter(l -> l.startsWith("| `" + k.name() + "` |"))
                    .findFirst()
                    .orElse(null);
            assertThat(row).as("row for %s knob %s", profile.label(), k.name()).isNotNull();
            String[] cells = row.split("\\|");
            assertThat(cells[3].trim()).as("default of %s", k.name()).isEqualTo(k.defaultValue());
        }
    }
}
