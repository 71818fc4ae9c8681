package org.rocelab.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * The building blocks every rocelab page shares (report.html of a run, the compare page): the
 * templates and scripts from the resources, Apache ECharts 6.1.0 inlined, the page's data embedded
 * as JSON that cannot end its script element early, and placeholders filled without rescanning
 * what was inserted. {@value #COMMON_JS_RESOURCE} holds the browser-side helpers both pages use
 * (elements, number formats, a chart that marks itself rendered, the time chart with its note),
 * {@value #STYLE_RESOURCE} their style sheet, {@value #ERRORS_RESOURCE} the error box the browser
 * tests read. Public for the sweep report, which builds its page from the same pieces.
 */
public final class HtmlPage {
    static final String ECHARTS_RESOURCE = "echarts-6.1.0.min.js";
    static final String COMMON_JS_RESOURCE = "report-common.js";
    static final String STYLE_RESOURCE = "report.css";
    static final String ERRORS_RESOURCE = "report-errors.html";

    private HtmlPage() {}

    /** The inlined ECharts build (checked not to contain a closing script tag). */
    static String echarts() throws IOException {
        String echarts = resource(ECHARTS_RESOURCE);
        if (echarts.contains("</script")) {
            throw new IllegalStateException("inlined ECharts must not contain </script");
        }
        return echarts.strip();
    }

    /** The shared browser-side helpers ({@code var rocelab = {...}}). */
    static String commonJs() throws IOException {
        return resource(COMMON_JS_RESOURCE).strip();
    }

    /**
     * The error box and the script that fills it with every script error, rejected promise and
     * console.error of the page (the browser tests read it); first in the body.
     */
    static String errorCapture() throws IOException {
        return resource(ERRORS_RESOURCE).strip();
    }

    /** The shared style sheet. */
    static String style() throws IOException {
        return resource(STYLE_RESOURCE).strip();
    }

    /** {@code data} as compact JSON safe inside {@code <script type="application/json">}. */
    /** A page from its template: the title (escaped here), the shared pieces and the data inlined. */
    static String page(String templateResource, String title, JsonNode data) throws IOException {
        return page(HtmlPage.class, templateResource, title, data);
    }

    /**
     * A page from a template found beside {@code owner} (another module's resources), filled as
     * {@link #page(String, String, JsonNode)} fills the CLI's own: {@code @@TITLE@@},
     * {@code @@STYLE@@}, {@code @@ERRORS@@}, {@code @@ECHARTS@@}, {@code @@COMMON@@} and
     * {@code @@DATA@@}.
     */
    public static String page(Class<?> owner, String templateResource, String title, JsonNode data) throws IOException {
        return fill(
                resource(owner, templateResource),
                "@@TITLE@@",
                escapeHtml(title),
                "@@STYLE@@",
                style(),
                "@@ERRORS@@",
                errorCapture(),
                "@@ECHARTS@@",
                echarts(),
                "@@COMMON@@",
                commonJs(),
                "@@DATA@@",
                embed(data));
    }

    static String embed(JsonNode data) {
        return Json.compact(data).replace("</", "<\\/").replace("<!--", "<\\u0021--");
    }

    /** Replaces each placeholder once, scanning only the template (inserted text is never rescanned). */
    static String fill(String template, String... pairs) {
        int size = template.length();
        for (int k = 1; k < pairs.length; k += 2) {
            size += pairs[k].length();
        }
        StringBuilder sb = new StringBuilder(size); // the page's length: it never grows (7 MB for ~100 k flows)
        int at = 0;
        while (true) {
            int best = -1;
            int which = -1;
            for (int k = 0; k < pairs.length; k += 2) {
                int i = template.indexOf(pairs[k], at);
                if (i >= 0 && (best < 0 || i < best)) {
                    best = i;
                    which = k;
                }
            }
            if (best < 0) {
                return sb.append(template, at, template.length()).toString();
            }
            sb.append(template, at, best).append(pairs[which + 1]);
            at = best + pairs[which].length();
        }
    }

    static String resource(String name) throws IOException {
        return resource(HtmlPage.class, name);
    }

    private static String resource(Class<?> owner, String name) throws IOException {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
