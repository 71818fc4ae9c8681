package org.rocelab.cli.live;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's python3-prometheus-client parser ({@code text_string_to_metric_families}, OpenMetrics
 * and Prometheus text) run on a scrape: the samples as {@code name{labels} → value}. Without the
 * module the test fails when CI=true or ROCELAB_REQUIRE_PROMETHEUS_CLIENT is set (.ci/run
 * installs it), else it is skipped.
 */
final class StrictMetricsParser {
    private StrictMetricsParser() {}

    static void require() throws IOException, InterruptedException {
        boolean ok = python() != null;
        if (!ok) {
            if ("true".equals(System.getenv("CI")) || System.getenv("ROCELAB_REQUIRE_PROMETHEUS_CLIENT") != null) {
                fail(
                        "python3 with prometheus_client not found; install it with: apt-get install -y python3-prometheus-client");
            }
            Assumptions.abort("python3-prometheus-client is not installed");
        }
    }

    private static String python() throws IOException, InterruptedException {
        for (String p : new String[] {"/usr/bin/python3", "python3"}) {
            try {
                Process pr = new ProcessBuilder(p, "-c", "import prometheus_client")
                        .redirectErrorStream(true)
                        .start();
                pr.getInputStream().readAllBytes();
                if (pr.waitFor(60, TimeUnit.SECONDS) && pr.exitValue() == 0) {
                    return p;
                }
            } catch (IOException e) {
                // not this one
            }
        }
        return null;
    }

    /** The samples of {@code scrape}; fails the test when the parser refuses it. */
    static Map<String, Double> parse(byte[] scrape, Path work) throws IOException, InterruptedException {
        Path script = work.resolve("parse_metrics.py");
        try (InputStream in = StrictMetricsParser.class.getResourceAsStream("/org/rocelab/cli/live/parse_metrics.py")) {
            Files.write(script, in.readAllBytes());
        }
        Path input = work.resolve("scrape.txt");
        Files.write(input, scrape);
        Process p = new ProcessBuilder(python(), script.toString())
                .redirectInput(input.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail("the strict parser refused the scrape: " + err);
        }
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                int sp = line.lastIndexOf(' ');
                samples.put(line.substring(0, sp), Double.parseDouble(line.substring(sp + 1)));
            }
        }
        return samples;
    }
}
