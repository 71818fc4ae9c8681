package org.rocelab.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WebServerTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path runs;

    private static Path run(String id, String scenarioName) throws Exception {
        Path d = Files.createDirectories(runs.resolve(id));
        Files.writeString(
                d.resolve("summary.json"),
                "{\"name\":\"" + scenarioName.replace("\"", "\\\"")
                        + "\",\"simulated_ns\":1000,\"health\":\"ok\",\"pfc\":{\"pause_frames_tx\":3},\"ecn\":{\"marked\":4}}");
        Files.writeString(d.resolve("counters.json"), "{\"h0\":{\"_node\":{\"_all\":{\"np_cnp_sent\":9}}}}");
        Files.writeString(d.resolve("report.html"), "<html>report</html>");
        return d;
    }

    private static HttpResponse<String> get(WebServer s, String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(s.url() + path.substring(1))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void bindsTheLoopbackAddressByDefault() throws Exception {
        run("a", "plain");
        try (WebServer s = WebServer.start(WebServer.DEFAULT_BIND, 0, new RunsDir(runs), null, System.err)) {
            assertThat(s.boundAddress().getAddress()).isEqualTo(InetAddress.getByName("127.0.0.1"));
            assertThat(s.boundAddress().getPort()).isPositive();
            assertThat(s.url()).startsWith("http://127.0.0.1:");
        }
    }

    @Test
    void anotherBindAddressIsWarnedAbout() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // binding the wildcard address sends nothing anywhere; the server is closed at once
        try (WebServer s = WebServer.start(
                "0.0.0.0", 0, new RunsDir(runs), null, new PrintStream(err, true, StandardCharsets.UTF_8))) {
            assertThat(s.boundAddress().getAddress().isAnyLocalAddress()).isTrue();
        }
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("warning: --bind 0.0.0.0 serves the runs")
                .contains("127.0.0.1");
    }

    @Test
    void namesAreRenderedAsText() throws Exception {
        run("evil", "<script>alert(1)</script>");
        try (WebServer s = WebServer.start(WebServer.DEFAULT_BIND, 0, new RunsDir(runs), null, System.err)) {
            String page = get(s, "/").body();
            assertThat(page).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert");
        }
    }

    @Test
    void aFinishedRunServesItsReportAndMetrics() throws Exception {
        run("b", "plain");
        try (WebServer s = WebServer.start(WebServer.DEFAULT_BIND, 0, new RunsDir(runs), null, System.err)) {
            assertThat(get(s, "/runs/b/report.html").body()).isEqualTo("<html>report</html>");
            HttpResponse<String> m = get(s, "/runs/b/metrics");
            assertThat(m.statusCode()).isEqualTo(200);
            assertThat(m.headers().firstValue("Content-Type")).hasValue(FabricMetrics.PROMETHEUS_TEXT);
            assertThat(m.body())
                    .contains(
                            "node_infiniband_np_cnp_packets_sent_total{device=\"mlx5_0\",node=\"h0\",port=\"1\"} 9.0");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "/runs/..%2F..%2Fetc/report.html, 400, bad run id '../../etc'",
        "/runs/.hidden/metrics, 400, bad run id '.hidden'",
        "/runs/nope/metrics, 404, no run 'nope'",
        "/runs/c/passwd, 400, bad file 'passwd'",
        "/runs/c/%2E%2E%2Fsecret, 400, bad file '../secret'",
        "/metrics, 404, no live run here",
        "/nothing, 404, ''"
    })
    void malformedRequestsGetOneLineAnd4xx(String path, int status, String message) throws Exception {
        run("c", "plain");
        Files.writeString(runs.resolve("secret"), "not to be served");
        try (WebServer s = WebServer.start(WebServer.DEFAULT_BIND, 0, new RunsDir(runs), null, System.err)) {
            HttpResponse<String> r = get(s, path);
            assertThat(r.statusCode()).isEqualTo(status);
            assertThat(r.body().strip())
                    .doesNotContain("\n")
                    .doesNotContain("Exception")
                    .doesNotContain("at org.");
            assertThat(r.body()).contains(message).doesNotContain("not to be served");
        }
    }
}
