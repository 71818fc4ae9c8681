package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad sweep input: one line naming the SWEEP.yaml line and key, before any point runs. */
class SweepReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsAxesSeedsDesignFiguresAndLimits() throws Exception {
        Path f = SweepFiles.write(dir, "ok.yaml", """
                duration: 2ms
                axes:
                  - {key: switch.ecn.3.kmin, range: {from: 50KB, to: 150KB, step: 50KB}}
                  - {key: switch.ecn.3.pmax, log: {from: 0.01, to: 1, count: 3}}
                seeds: {count: 3, from: 5}
                design: {lhs: {count: 4, seed: 9}}
                figures: [workloads.roce.goodput_gbps, fct_buckets.10KB-100KB.p99, 'counters.sw0.sw0:h0._all.UC3 EcnMarked/pkts']
                limits: {wall: 2min, heap: 768m}
                report: {sort: fct_buckets.10KB-100KB.p99}
                """);
        SweepSpec s = SweepReader.read(f);
        assertThat(s.axes())
                .containsExactly(
                        new Axis("switch.ecn.3.kmin", List.of("50KB", "100KB", "150KB"), 4),
                        new Axis("switch.ecn.3.pmax", List.of("0.01", "0.1", "1"), 5));
        assertThat(s.seeds()).containsExactly(5L, 6L, 7L);
        assertThat(s.design()).isEqualTo(new Design(Design.Kind.LHS, 4, 9));
        assertThat(s.limits()).isEqualTo(new Limits(120_000, "768m"));
        assertThat(s.sortBy()).isEqualTo("fct_buckets.10KB-100KB.p99");
        assertThat(s.base()).isEqualTo(SweepFiles.ECN);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not a scenario key | axes: [{key: switch.ecn.3.kmn, values: [50KB]}]\\nfigures: [ecn.marked] | 2: switch.ecn.3.kmn: unknown key 'kmn' (did you mean 'kmin'?)
            wrong unit         | axes:\\n  - {key: switch.ecn.3.kmin, values: [50KB, 40ms]}\\nfigures: [ecn.marked] | 3: switch.ecn.3.kmin: expected a size like 64KB, 4096 or 2MiB, got '40ms'
            empty axis         | axes:\\n  - {key: switch.ecn.3.kmin, values: []}\\nfigures: [ecn.marked] | 3: switch.ecn.3.kmin: expected at least one value (the axis is empty)
            no such figure     | axes: [{key: switch.ecn.3.kmin, values: [50KB]}]\\nfigures:\\n  - ecn.marked\\n  - ecn.markd | 5: ecn.markd: not in summary.json (top-level keys: name, seed, simulated_ns, events, health, health_reason, stalled_since_ns, unfinished_flows, drops, lossless_drops, pfc, ecn, cnp, workloads, fct, fct_buckets, warnings)
            figure not numeric | axes: [{key: switch.ecn.3.kmin, values: [50KB]}]\\nfigures: [drops] | 3: drops: not a number in summary.json (pick a numeric key below it)
            unknown counter    | axes: [{key: switch.ecn.3.kmin, values: [50KB]}]\\nfigures: [counters.sw0.sw0:h9.3.ecn_marked_pkts] | 3: counters.sw0.sw0:h9.3.ecn_marked_pkts: not in counters.json (counters.<node>.<port>.<priority>.<counter>)
            range units        | axes: [{key: switch.ecn.3.kmin, range: {from: 50KB, to: 1MB, step: 50KB}}]\\nfigures: [ecn.marked] | 2: switch.ecn.3.kmin: to: expected the unit of 'from' (KB), got '1MB'
            no axes or seeds   | figures: [ecn.marked] | 1: axes: expected at least one axis or a 'seeds' list
            unknown top key    | axis: []\\nfigures: [ecn.marked] | 2: axis: unknown key (expected one of axes, base, baseline, design, duration, fail_on, figures, hpcc, limits, report, seeds)
            bad design         | seeds: [1]\\ndesign: {lhs: {count: 0}}\\nfigures: [ecn.marked] | 3: design: expected grid, {random: {count: N, seed: S}} or {lhs: {count: N, seed: S}}
            bad wall limit     | seeds: [1]\\nlimits: {wall: soon}\\nfigures: [ecn.marked] | 3: wall: expected a time with a unit like 10min or 30s, got 'soon'
            bad heap limit     | seeds: [1]\\nlimits: {heap: lots}\\nfigures: [ecn.marked] | 3: heap: expected a heap size as -Xmx takes it (512m, 2g), got 'lots'
            negative seed      | seeds: [1, -2]\\nfigures: [ecn.marked] | 2: seeds: expected a non-negative whole number, got '-2'
            bad duration       | duration: 2\\nseeds: [1]\\nfigures: [ecn.marked] | 2: duration: expected a time with a unit like 2ms, got '2'
            """)
    void refusesBadInputWithTheLineAndKey(String what, String body, String expected) throws Exception {
        Path f = SweepFiles.write(dir, "bad.yaml", body.replace("\\n", "\n"));
        assertThatThrownBy(() -> SweepReader.read(f))
                .isInstanceOf(SweepError.class)
                .hasMessage(f + ":" + expected);
    }

    @Test
    void aMissingBaseAndAMissingFileAreOneLineEach() throws Exception {
        Path f = dir.resolve("nobase.yaml");
        java.nio.file.Files.writeString(f, "base: nowhere.yaml\nseeds: [1]\nfigures: [ecn.marked]\n");
        assertThatThrownBy(() -> SweepReader.read(f))
                .hasMessage(f + ":1: base: no such file: nowhere.yaml (relative to the sweep file's folder)");
        assertThatThrownBy(() -> SweepReader.read(dir.resolve("absent.yaml")))
                .hasMessage(dir.resolve("absent.yaml") + ": cannot read the sweep file (no such file)");
    }
}
