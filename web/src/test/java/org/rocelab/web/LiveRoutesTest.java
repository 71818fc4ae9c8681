package org.rocelab.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live view's page and form without a simulation: escaping, bad form input, the rerunner's answer. */
class LiveRoutesTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path runs;

    private static HttpResponse<String> post(WebServer s, String body) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(s.url() + "rerun"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("Accept", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aScriptInTheScenarioNameIsText() throws Exception {
        List<List<String>> started = new ArrayList<>();
        LiveRun live = new LiveRun(
                "<script>alert(1)</script>",
                Map.of(),
                Map.of(),
                (sets, slot) -> {
                    if (sets.get(0).startsWith("nope")) {
                        throw new IllegalArgumentException("--set nope: unknown key 'nope'");
                    }
                    started.add(sets);
                },
                new byte[0]);
        try (WebServer s = WebServer.start(WebServer.DEFAULT_BIND, 0, new RunsDir(runs), live, System.err)) {
            String page = HTTP.send(
                            HttpRequest.newBuilder(URI.create(s.url())).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            assertThat(page)
                    .contains("<title>rocelab live: &lt;script&gt;alert(1)&lt;/script&gt;</title>")
                    .contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e")
                    .doesNotContain("<script>alert");
            HttpResponse<String> bad =
                    post(s, "set=" + java.net.URLEncoder.encode("no equals sign", StandardCharsets.UTF_8));
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body())
                    .isEqualTo("rerun: line 1 'no equals sign': expected key=value, e.g. switch.ecn.3.kmin=40KB\n");
            HttpResponse<String> unknown = post(s, "set=nope%3D1");
            assertThat(unknown.statusCode()).isEqualTo(400);
            assertThat(unknown.body()).isEqualTo("rerun: --set nope: unknown key 'nope'\n");
            assertThat(post(s, "other=1").statusCode()).isEqualTo(400);
            HttpResponse<String> ok = post(s, "set=switch.ecn.3.kmin%3D40KB");
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.body()).isEqualTo("{\"run\":2}");
            assertThat(started).containsExactly(List.of("switch.ecn.3.kmin=40KB"));
            assertThat(live.slots()).hasSize(2);
        }
    }
}
