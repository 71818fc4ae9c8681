package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** docs/model.md has, in each algorithm's section, a row for every knob with its default. */
class IntCcDocsTest {
    @Test
    void everyKnobOfHpccPintDctcpAndTimelyIsDocumentedWithItsDefault() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "model.md"));
        Map<String, List<Knob>> sections = Map.of(
                "### HPCC (`hpcc`)", HpccIntParams.KNOBS,
                "### HPCC-PINT (`hpcc_pint`)", HpccPintParams.KNOBS,
                "### DCTCP for RDMA (`dctcp`)", DctcpRdmaParams.KNOBS,
                "### TIMELY (`timely`)", TimelyParams.KNOBS);
        for (Map.Entry<String, List<Knob>> e : sections.entrySet()) {
            int start = lines.indexOf(e.getKey());
            assertThat(start).as(e.getKey()).isNotNegative();
            for (Knob k : e.getValue()) {
                String row = lines.subList(start, lines.size()).stream()
                        .filter(l -> l.startsWith("| `" + k.name() + "` |"))
                        .findFirst()
                        .orElse(null);
                assertThat(row).as("%s %s", e.getKey(), k.name()).isNotNull();
                assertThat(row.split("\\|")[3].trim()).as(k.name()).isEqualTo(k.defaultValue());
            }
        }
    }
}
