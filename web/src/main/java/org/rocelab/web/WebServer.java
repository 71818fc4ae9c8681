package org.rocelab.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.server.ServerConnector;

/**
 * rocelab's HTTP server (Javalin): the browser of past runs ({@code rocelab serve}), each run's
 * report and {@code /metrics}, and, with a {@link LiveRun}, the live view of a running scenario
 * ({@link LiveRoutes}). Bound to 127.0.0.1 unless told otherwise. Everything it renders is escaped
 * ({@link Html}); a request it cannot answer gets a 4xx status and one line of text, never a stack
 * trace.
 */
public final class WebServer implements AutoCloseable {
    /** The address the server binds unless told otherwise. */
    public static final String DEFAULT_BIND = "127.0.0.1";

    /** Files of a run folder the server hands out. */
    static final Set<String> RUN_FILES = Set.of(
            "report.html",
            "summary.json",
            "counters.json",
            "fct.csv",
            "qp.csv",
            "timeseries.csv",
            "topology.json",
            "routes.json",
            "scenario.resolved.yaml",
            "run.json",
            "doctor.json");

    private final Javalin app;
    private final InetSocketAddress bound;

    private WebServer(Javalin app) {
        this.app = app;
        ServerConnector c = (ServerConnector) app.jettyServer().server().getConnectors()[0];
        try {
            this.bound = (InetSocketAddress) ((ServerSocketChannel) c.getTransport()).getLocalAddress();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Starts the server on {@code bind}:{@code port} (0: any free port), serving the runs in
     * {@code runs} and, when {@code live} is not null, that live run. A bind address other than a
     * loopback one prints a warning on {@code err}.
     */
    public static WebServer start(String bind, int port, RunsDir runs, LiveRun live, PrintStream err) {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + bind + ": not an address of this machine");
        }
        if (!address.isLoopbackAddress()) {
            err.println("warning: --bind " + bind + " serves the runs and their configuration to other machines;"
                    + " the server has no authentication (the default is " + DEFAULT_BIND + ")");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + ": expected 0 to 65535");
        }
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.jetty.host = address.getHostAddress();
            config.jetty.port = port;
            config.routes.get("/", ctx -> index(ctx, runs, live));
            config.routes.get("/runs", ctx -> ctx.redirect("/"));
            config.routes.get("/runs/{id}", ctx -> ctx.redirect("/runs/" + ctx.pathParam("id") + "/report.html"));
            config.routes.get("/runs/{id}/metrics", ctx -> runMetrics(ctx, runs));
            config.routes.get("/runs/{id}/{file}", ctx -> runFile(ctx, runs));
            if (live != null) {
                LiveRoutes.register(config, live);
            } else {
                config.routes.get(
                        "/metrics",
                        ctx -> fail(
                                ctx,
                                HttpStatus.NOT_FOUND,
                                "no live run here: a finished run's metrics are at /runs/RUN_ID/metrics"));
            }
            config.routes.exception(NotFound.class, (e, ctx) -> fail(ctx, HttpStatus.NOT_FOUND, e.getMessage()));
            config.routes.exception(BadRequest.class, (e, ctx) -> fail(ctx, HttpStatus.BAD_REQUEST, e.getMessage()));
            config.routes.exception(
                    Exception.class,
                    (e, ctx) -> fail(
                            ctx,
                            HttpStatus.INTERNAL_SERVER_ERROR,
                            "internal error: " + e.getClass().getSimpleName()));
            config.routes.error(404, "*", ctx -> {
                if (ctx.result() == null) {
                    ctx.contentType("text/plain; charset=utf-8").result("not found: " + ctx.path() + "\n");
                }
            });
            config.routes.error(
                    405,
                    "*",
                    ctx -> ctx.contentType("text/plain; charset=utf-8")
                            .result("method not allowed: " + ctx.method() + " " + ctx.path() + "\n"));
        });
        try {
            app.start();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot listen on " + bind + ":" + port + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        }
        return new WebServer(app);
    }

    /** The address and port the server listens on. */
    public InetSocketAddress boundAddress() {
        return bound;
    }

    /** The URL of the server's front page. */
    public String url() {
        String host = bound.getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + bound.getPort() + "/";
    }

    @Override
    public void close() {
        app.stop();
    }

    /** A request the server refuses with 400 and one line. */
    static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    static void fail(Context ctx, HttpStatus status, String message) {
        ctx.status(status).contentType("text/plain; charset=utf-8").result(oneLine(message) + "\n");
    }

    private static String oneLine(String s) {
        String t = s == null ? "" : s.replaceAll("[\\r\\n\\t]+", " ");
        return t.length() > 300 ? t.substring(0, 300) + "…" : t;
    }

    private static void index(Context ctx, RunsDir runs, LiveRun live) throws IOException {
        if (live != null) {
            LiveRoutes.page(ctx, live);
            return;
        }
        ctx.contentType("text/html; charset=utf-8").result(RunsPage.render(runs, runs.ids()));
    }

    private static Path run(Context ctx, RunsDir runs) throws IOException {
        String id = ctx.pathParam("id");
        Optional<Path> dir = runs.run(id);
        if (dir.isEmpty()) {
            if (!RunsDir.ID.matcher(id).matches()) {
                throw new BadRequest("bad run id '" + id + "': expected a folder name of letters, digits, . _ + -");
            }
            throw new NotFound("no run '" + id + "' in " + runs.root().getFileName());
        }
        return dir.get();
    }

    private static void runFile(Context ctx, RunsDir runs) throws IOException {
        Path dir = run(ctx, runs);
        String file = ctx.pathParam("file");
        if (!RUN_FILES.contains(file)) {
            throw new BadRequest("bad file '" + file + "': a run serves "
                    + String.join(", ", List.copyOf(new java.util.TreeSet<>(RUN_FILES))));
        }
        Path p = dir.resolve(file);
        if (!Files.isRegularFile(p)) {
            throw new NotFound("run " + dir.getFileName() + " has no " + file);
        }
        String type = file.endsWith(".html")
                ? "text/html; charset=utf-8"
                : file.endsWith(".json") ? "application/json" : "text/plain; charset=utf-8";
        ctx.contentType(type).result(Files.readAllBytes(p));
    }

    private static void runMetrics(Context ctx, RunsDir runs) throws IOException {
        Path dir = run(ctx, runs);
        metrics(ctx, FabricCounters.read(dir));
    }

    /** Answers a scrape in OpenMetrics text when the scraper asks for it, else Prometheus text 0.0.4. */
    static void metrics(Context ctx, FabricCounters counters) {
        String accept = ctx.header("Accept");
        boolean om = accept != null && accept.contains("application/openmetrics-text");
        ctx.contentType(om ? FabricMetrics.openMetricsContentType() : FabricMetrics.PROMETHEUS_TEXT)
                .result(FabricMetrics.scrape(counters, om));
    }

    /** A request for something that is not there: 404 and one line. */
    static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message);
        }
    }
}
