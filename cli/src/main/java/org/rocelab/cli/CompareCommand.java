package org.rocelab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rocelab.cli.report.CompareWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab compare RUN_A RUN_B [--out DIR] [--json]} (DESIGN.md §3): two run folders side by
 * side in one report.html, the figures that differ most first ({@link CompareWriter},
 * docs/outputs.md, compare). Bad input: one line naming the path and what was expected, exit 2,
 * nothing written.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        footer = {
            "",
            "Example:",
            "  rocelab run examples/incast-ecn-dcqcn.yaml --duration 200us --out out/base",
            "  rocelab run examples/incast-ecn-dcqcn.yaml --duration 200us --set switch.ecn.3.kmax=4000KB --out out/kmax",
            "  rocelab compare out/base out/kmax        # writes out/compare-base-vs-kmax/report.html"
        },
        description = {
            "Compare two runs' output folders: one report.html with both runs side by side, the summary.json"
                    + " figures and counters that differ most first (ranked by relative difference |B - A| / max(|A|, |B|)),"
                    + " the scenario keys that differ (scenario.resolved.yaml), FCT slowdown percentiles by flow size of"
                    + " both runs and their time charts drawn together. Also compare.json: the ranked differences.",
            "Exit codes: 0 written (whether or not the runs differ), 2 bad input (one line naming the path; nothing"
                    + " written)."
        })
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_A", description = "The first run's output folder (rocelab run --out).")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The second run's output folder.")
    Path runB;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where to write report.html and compare.json (default: next to RUN_A,"
                    + " compare-<A>-vs-<B>; the folder is replaced).")
    Path out;

    @Option(names = "--json", description = "Also print the ranked differences (compare.json) on standard output.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        Path target = out != null ? out : CompareWriter.defaultOut(runA, runB);
        CompareWriter.Result r = CompareWriter.write(runA, runB, target);
        if (json) {
            System.out.print(r.json());
        }
        String what = r.identical()
                ? "no differences"
                : r.summaryDiffs() + " summary figures, " + r.counterDiffs() + " of " + r.counterTotal()
                        + " counters and " + r.scenarioDiffs() + " scenario keys differ"
                        + (r.top().isEmpty() ? "" : "; most: " + r.top());
        System.err.println(
                "compare: " + runA + " vs " + runB + ": " + what + " -> " + target.resolve(CompareWriter.REPORT));
        return 0;
    }
}
