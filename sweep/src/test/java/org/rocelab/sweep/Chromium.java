package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Renders a page in Debian's headless Chromium and returns the DOM after its scripts ran. CI
 * installs chromium and sets ROCELAB_REQUIRE_CHROMIUM=1, which turns a missing browser into a
 * failure instead of a skip.
 */
final class Chromium {
    private Chromium() {}

    static String dom(Path page, Path work) throws IOException, InterruptedException {
        Path exe = Path.of("/usr/bin/chromium");
        if (!Files.isExecutable(exe)) {
            String require = System.getenv("ROCELAB_REQUIRE_CHROMIUM");
            if (require != null && !require.isBlank() && !require.equals("0")) {
                fail("ROCELAB_REQUIRE_CHROMIUM is set but /usr/bin/chromium is missing (apt-get install -y chromium)");
            }
            Assumptions.abort("chromium is not installed and ROCELAB_REQUIRE_CHROMIUM is unset");
        }
        Path out = work.resolve("dom.html");
        Process p = new ProcessBuilder(List.of(
                        exe.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + work.resolve("chromium-profile"),
                        "--window-size=1400,1800",
                        "--virtual-time-budget=10000",
                        "--dump-dom",
                        page.toUri().toString()))
                .redirectOutput(out.toFile())
                .redirectError(work.resolve("chromium.log").toFile())
                .start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish rendering " + page + " in 180 s");
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
