package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline gate: a figure is flagged only when its mean over seeds moved by more than the
 * tolerance and by more than twice the standard error of the difference (seed noise alone does
 * not gate a change).
 */
class BaselineCompareTest {
    private static final Axis KMIN = new Axis("switch.ecn.3.kmin", List.of("50KB", "100KB"), 3);

    @TempDir
    Path dir;

    @Test
    void flagsAMoveBeyondToleranceAndSeedSpreadOnly() throws Exception {
        Path base = Files.createDirectories(dir.resolve("base"));
        Path now = Files.createDirectories(dir.resolve("now"));
        String head = "id,status,error,seed,switch.ecn.3.kmin,fct.p99\n";
        // 50KB: 10, 12 (mean 11, sd 1.414) -> 11.4, 12.4 (mean 11.9: +8.2 %, but se = 1.118, 2 se = 2.236)
        // 100KB: 10, 10.2 (mean 10.1, sd 0.141) -> 11.0, 11.2 (mean 11.1: +9.9 %, se = 0.141, 2 se = 0.283)
        Files.writeString(
                base.resolve(SweepResults.CSV),
                head + "p0000,ok,,1,50KB,10\np0001,ok,,2,50KB,12\np0002,ok,,1,100KB,10\np0003,ok,,2,100KB,10.2\n");
        Files.writeString(
                now.resolve(SweepResults.CSV),
                head + "p0000,ok,,1,50KB,11.4\np0001,ok,,2,50KB,12.4\np0002,ok,,1,100KB,11\np0003,ok,,2,100KB,11.2\n");
        SweepSpec spec = new SweepSpec(
                dir.resolve("s.yaml"),
                null,
                null,
                null,
                List.of(KMIN),
                List.of(1L, 2L),
                Design.GRID,
                List.of("fct.p99"),
                Limits.DEFAULT,
                List.of(),
                base,
                0.05,
                "fct.p99",
                List.of());

        List<String> flagged = BaselineCompare.compare(now, spec, base);

        assertThat(flagged).containsExactly("switch.ecn.3.kmin=100KB: fct.p99 10.1 -> 11.1 (+9.9%)");
        assertThat(Files.readAllLines(now.resolve(BaselineCompare.FILE)))
                .containsExactly(
                        "setting,figure,baseline_mean,mean,relative_change,flagged",
                        "switch.ecn.3.kmin=50KB,fct.p99,11,11.9,0.081818,false",
                        "switch.ecn.3.kmin=100KB,fct.p99,10.1,11.1,0.09901,true");
    }

    @Test
    void withOneSeedTheToleranceAloneDecides() throws Exception {
        Path base = Files.createDirectories(dir.resolve("b1"));
        Path now = Files.createDirectories(dir.resolve("n1"));
        String head = "id,status,error,seed,switch.ecn.3.kmin,fct.p99\n";
        Files.writeString(base.resolve(SweepResults.CSV), head + "p0000,ok,,,50KB,10\np0001,ok,,,100KB,10\n");
        Files.writeString(now.resolve(SweepResults.CSV), head + "p0000,ok,,,50KB,10.4\np0001,ok,,,100KB,10.6\n");
        SweepSpec spec = new SweepSpec(
                dir.resolve("s.yaml"),
                null,
                null,
                null,
                List.of(KMIN),
                List.of(),
                Design.GRID,
                List.of("fct.p99"),
                Limits.DEFAULT,
                List.of(),
                base,
                0.05,
                "fct.p99",
                List.of());
        assertThat(BaselineCompare.compare(now, spec, base))
                .containsExactly("switch.ecn.3.kmin=100KB: fct.p99 10 -> 10.6 (+6.0%)");
    }
}
