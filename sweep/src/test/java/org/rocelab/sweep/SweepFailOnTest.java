package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sweep --fail-on}: run --fail-on's language on every point; a bad condition stops the sweep before it runs. */
class SweepFailOnTest {
    @TempDir
    Path dir;

    @Test
    void aConditionThatHoldsAtAPointExitsOneNamingThePoint() throws Exception {
        Path file = SweepFiles.write(dir, "gate.yaml", """
                duration: 300us
                axes:
                  - {key: switch.ecn.3.kmin, values: [5KB, 1500KB]}
                figures: [ecn.marked]
                """);
        Path out = dir.resolve("out");
        Printed p = run(
                "sweep", file.toString(), "--master", "local[2]", "--out", out.toString(), "--fail-on", "ecn.marked>0");
        List<String> rows = Files.readAllLines(out.resolve(SweepResults.CSV));
        assertThat(p.code).isEqualTo(1);
        // Kmin 5 KB marks the bursts; each point whose summary has marks is named, the others are not
        assertThat(Long.parseLong(rows.get(1).split(",")[5])).isPositive();
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",");
            String line = "  fail-on " + c[0] + " [switch.ecn.3.kmin=" + c[4]
                    + ", duration=300us]: ecn.marked>0 (ecn.marked = " + c[5] + ")";
            if (Long.parseLong(c[5]) > 0) {
                assertThat(p.out).contains(line);
            } else {
                assertThat(p.out).doesNotContain("fail-on " + c[0]);
            }
        }
    }

    @Test
    void aMalformedConditionOrAMissingPathIsBadInputBeforeAnyPointRuns() throws Exception {
        Path file = SweepFiles.write(dir, "bad.yaml", """
                axes:
                  - {key: switch.ecn.3.kmin, values: [5KB]}
                figures: [ecn.marked]
                fail_on: ['ecn.markd>0']
                """);
        Path out = dir.resolve("never");
        Printed p = run("sweep", file.toString(), "--master", "local[1]", "--out", out.toString());
        assertThat(p.code).isEqualTo(2);
        assertThat(p.err.strip())
                .isEqualTo(file + ":5: fail_on: 'ecn.markd>0': summary.json has no ecn.markd (keys under ecn: marked)");
        assertThat(out).doesNotExist();
    }

    private record Printed(int code, String out, String err) {}

    private static Printed run(String... args) {
        PrintStream o = System.out;
        PrintStream e = System.err;
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        ByteArrayOutputStream be = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(bo, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(be, true, StandardCharsets.UTF_8));
            int code = SweepMain.run(args);
            return new Printed(code, bo.toString(StandardCharsets.UTF_8), be.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(o);
            System.setErr(e);
        }
    }
}
