package org.rocelab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rocelab.web.RunsDir;
import org.rocelab.web.WebServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab serve [RUNS_DIR] [--port P] [--bind 127.0.0.1]}: a browser of past runs (each
 * folder of RUNS_DIR with a summary.json), their reports and each run's {@code /metrics} from its
 * counters.json (docs/web.md). Serves until Ctrl-C.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Serve the runs in a folder: their reports and each run's Prometheus /metrics.",
        footer = {
            "",
            "Pages: /  (the runs)   /runs/RUN/report.html   /runs/RUN/metrics  (OpenMetrics or Prometheus text)",
            "Examples:",
            "  rocelab serve out",
            "  rocelab serve out --port 9100",
            "Exit codes: 0 stopped, 2 bad input (no such folder, port in use)."
        })
final class ServeCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "RUNS_DIR", description = "Folder of runs (default: out).")
    Path dir = Path.of("out");

    @Option(names = "--port", paramLabel = "P", description = "Port (default: 8080; 0 picks a free one).")
    int port = 8080;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            description = "Address to listen on (default: 127.0.0.1; another address prints a warning).")
    String bind = WebServer.DEFAULT_BIND;

    @Override
    public Integer call() throws InterruptedException {
        if (!Files.isDirectory(dir)) {
            throw new UserError("serve: " + dir + ": no such folder (expected a folder of runs, e.g. out)");
        }
        try (WebServer server = WebServer.start(bind, port, new RunsDir(dir), null, System.err)) {
            System.err.println("rocelab: serving the runs in " + dir + " at " + server.url() + " until Ctrl-C");
            Thread.currentThread().join();
        }
        return 0;
    }
}
