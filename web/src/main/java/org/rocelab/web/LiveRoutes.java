package org.rocelab.web;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.sse.SseClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The live view's routes: the page ({@code /}), server-sent events with the runs' state
 * ({@code /events}, at most {@link #PUSH_MS} apart), the same state once ({@code /api/state}),
 * {@code /metrics} of a run ({@code ?run=N}, the first by default), and {@code POST /rerun} with
 * {@code --set} lines that starts another run to show beside the first.
 */
final class LiveRoutes {
    /** Pushes to the page at most this often (ms); snapshots come at most 4 a second. */
    static final long PUSH_MS = 250;
    /** Reruns one live view starts at most. */
    static final int MAX_RUNS = 6;
    /** A {@code --set} line as the form accepts it: a dotted key, '=', a value. */
    static final Pattern SET = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.:\\[\\]-]{0,199}=[^\\x00-\\x1f]{1,200}");

    private LiveRoutes() {}

    static void register(JavalinConfig config, LiveRun live) {
        List<SseClient> clients = new CopyOnWriteArrayList<>();
        ScheduledExecutorService pusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rocelab-live-push");
            t.setDaemon(true);
            return t;
        });
        long[] lastVersion = {-1};
        pusher.scheduleAtFixedRate(
                () -> {
                    long v = version(live);
                    if (v == lastVersion[0] || clients.isEmpty()) {
                        return;
                    }
                    lastVersion[0] = v;
                    String json = SnapshotJson.state(live);
                    for (SseClient c : clients) {
                        // an exception here would cancel the schedule: a client that went away is dropped
                        try {
                            if (c.terminated()) {
                                clients.remove(c);
                            } else {
                                c.sendEvent("state", json);
                            }
                        } catch (RuntimeException e) {
                            clients.remove(c);
                        }
                    }
                },
                PUSH_MS,
                PUSH_MS,
                TimeUnit.MILLISECONDS);
        config.events.serverStopping(pusher::shutdownNow);
        config.routes.sse("/events", client -> {
            client.keepAlive();
            client.onClose(() -> clients.remove(client));
            client.sendEvent("state", SnapshotJson.state(live));
            clients.add(client);
            lastVersion[0] = -1;
        });
        config.routes.get(
                "/api/state", ctx -> ctx.contentType("application/json").result(SnapshotJson.state(live)));
        config.routes.get(
                "/assets/echarts.min.js",
                ctx -> ctx.contentType("text/javascript").result(live.echarts()));
        config.routes.get("/metrics", ctx -> {
            LiveRun.Slot s = slot(ctx, live);
            FabricCounters c = live.counters(s);
            if (c == null) {
                WebServer.fail(ctx, HttpStatus.SERVICE_UNAVAILABLE, "run " + (s.index() + 1) + " has no snapshot yet");
                return;
            }
            WebServer.metrics(ctx, c);
        });
        config.routes.post("/rerun", ctx -> rerun(ctx, live));
    }

    private static long version(LiveRun live) {
        long v = 0;
        for (LiveRun.Slot s : live.slots()) {
            v = v * 31 + s.version() + 1;
        }
        return v;
    }

    private static LiveRun.Slot slot(Context ctx, LiveRun live) {
        String run = ctx.queryParam("run");
        if (run == null) {
            return live.first();
        }
        List<LiveRun.Slot> slots = live.slots();
        if (!run.matches("[1-9][0-9]{0,2}") || Integer.parseInt(run) > slots.size()) {
            throw new WebServer.BadRequest("bad run '" + run + "': expected 1 to " + slots.size());
        }
        return slots.get(Integer.parseInt(run) - 1);
    }

    private static void rerun(Context ctx, LiveRun live) {
        String text = ctx.formParam("set");
        if (text == null) {
            throw new WebServer.BadRequest("rerun: expected form field 'set' with key=value lines");
        }
        List<String> sets = new ArrayList<>();
        String[] lines = text.split("\\r?\\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (!SET.matcher(line).matches()) {
                throw new WebServer.BadRequest(
                        "rerun: line " + (i + 1) + " '" + line + "': expected key=value, e.g. switch.ecn.3.kmin=40KB");
            }
            sets.add(line);
        }
        if (sets.isEmpty()) {
            throw new WebServer.BadRequest("rerun: expected at least one key=value line");
        }
        if (live.slots().size() >= MAX_RUNS) {
            throw new WebServer.BadRequest("rerun: this live view holds at most " + MAX_RUNS + " runs");
        }
        LiveRun.Slot s;
        try {
            s = live.rerun(sets);
        } catch (IllegalArgumentException e) {
            throw new WebServer.BadRequest("rerun: " + e.getMessage());
        }
        if (ctx.header("Accept") != null && ctx.header("Accept").contains("application/json")) {
            ctx.contentType("application/json").result("{\"run\":" + (s.index() + 1) + "}");
        } else {
            ctx.redirect("/");
        }
    }

    static void page(Context ctx, LiveRun live) {
        String html = template()
                .replace("@@TITLE@@", Html.escape(live.scenario()))
                .replace("@@STATE@@", Html.scriptJson(SnapshotJson.state(live)));
        ctx.contentType("text/html; charset=utf-8").result(html);
    }

    private static String template() {
        try (InputStream in = LiveRoutes.class.getResourceAsStream("live.html")) {
            if (in == null) {
                throw new IllegalStateException("live.html missing from the web jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
