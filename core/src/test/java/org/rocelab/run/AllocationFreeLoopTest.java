package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * The event loop allocates nothing per packet in steady state (COMMON rules, DESIGN.md §5), checked
 * with the JDK's own allocation sampler: an example runs once to warm up the JIT, then again in the
 * same JVM under a JFR recording of {@code jdk.ObjectAllocationSample} (throttle raised to 100,000
 * samples/s so a steady per-packet allocation is sampled thousands of times). Steady state is the
 * second half of that run's simulated time (the first half lets its rings, pools and event set
 * reach their working size); the test fails on any sample taken on this thread then, inside the
 * event loop (a stack through {@code Simulation.runUntil}), that is not amortised growth.
 *
 * <p>The rule for amortised growth, by allocation site: an array made by {@code Arrays.copyOf} or
 * {@code copyOfRange} called from a rocelab method named {@code add}, {@code grow*},
 * {@code record} or {@code schedule} (a ring, heap or series doubling its array); the event set's
 * bucket array made larger in {@code EventHeap.rebuild} (only when a rung needs more buckets than
 * it ever had); a {@code Packet} made by {@code PacketPool.take}, under {@code acquire} or
 * {@code acquireRoce} (only when every pooled packet is in flight: the pool grows to the run's
 * peak, which the conservation tests bound; the rule named {@code acquire} alone until a CI run
 * sampled a RoCE data packet's growth under {@code take}). Each
 * happens O(log n) or peak-many times per run, not per packet. A routing change after a fault
 * ({@code Reconvergence.converge}: new shortest paths and next-hop groups) allocates once per
 * fault; leaf-spine-misconfig's link comes back up at 1.5 ms, inside the measured half, and the
 * sampler caught that once in a few runs. A {@code flows} workload opens a QP pair per flow
 * mid-run, posts its WRITE and records and destroys the pair at its completion, which allocates
 * per flow by design: samples under its set-up, start or completion ({@code FlowsWorkload},
 * {@code FlowStarter}, {@code QpReaper} frames) are per-flow work. leaf-spine-misconfig's mix
 * starts flows through the measured half; a QP's route array is made at set-up for that reason
 * (made at its first packet, it was sampled under {@code Port.startNext} once in a CI run).
 * Anything else (boxing, an iterator, a lambda, a string, a header object) fails, with the stack
 * printed.
 */
class AllocationFreeLoopTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"incast-ecn-dcqcn", "perftest-baseline", "ecmp-collision"})
    void steadyStateLoopAllocatesNothing(String example) throws IOException {
        check(example, false);
    }

    /**
     * The same in windows on one thread, a partition per node, as {@link ThreadPlan} sets a run with
     * 1 µs of lookahead up (the partitions' event sets plain heaps while small): the windows,
     * barriers and the event sets' changes of form allocate nothing either. The whole measured half
     * runs in windows (no fallback to the plain loop).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ecmp-collision", "leaf-spine-misconfig"})
    void steadyStateWindowedLoopAllocatesNothing(String example) throws IOException {
        check(example, true);
    }

    private void check(String example, boolean windowed) throws IOException {
        Path file = Path.of("..", "examples", example + ".yaml");
        Scenario s = ScenarioLoader.load(file, java.util.List.of());
        ScenarioRun warmUp = new ScenarioRun(s, file.toAbsolutePath().getParent());
        if (windowed) {
            warmUp.threads(byNode(warmUp));
        }
        warmUp.run(null);
        // measured as rocelab run runs it: the samples spool into the (staged) output folder
        ScenarioRun run = new ScenarioRun(
                s, file.toAbsolutePath().getParent(), java.nio.file.Files.createDirectories(tmp.resolve(example)));
        if (windowed) {
            run.threads(byNode(run));
            assertThat(run.fabric().sim().partitions())
                    .isEqualTo(run.fabric().graph().nodeCount());
        }
        Path jfr = tmp.resolve(example + ".jfr");
        Instant[] loopStart = new Instant[1];
        Instant loopEnd;
        long half = s.durationPs() / 2;
        try (Recording r = new Recording()) {
            r.enable("jdk.ObjectAllocationSample").with("throttle", "100000/s").withStackTrace();
            r.start();
            run.run(now -> {
                if (now >= half && loopStart[0] == null) {
                    loopStart[0] = Instant.now();
                }
            });
            loopEnd = Instant.now();
            r.stop();
            r.dump(jfr);
        }
        long thread = Thread.currentThread().getId();
        List<String> offending = new ArrayList<>();
        int inLoop = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            if (e.getThread() == null
                    || e.getThread().getJavaThreadId() != thread
                    || e.getStartTime().isBefore(loopStart[0])
                    || e.getStartTime().isAfter(loopEnd)
                    || e.getStackTrace() == null) {
                continue;
            }
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            if (frames.stream()
                    .noneMatch(f -> f.getMethod().getType().getName().equals("org.rocelab.sim.Simulation")
                            && f.getMethod().getName().equals("runUntil"))) {
                continue; // collecting the result after the loop
            }
            inLoop++;
            if (!amortisedGrowth(frames) && !reconvergence(frames) && !perFlowWork(frames)) {
                offending.add(e.getClass("objectClass").getName() + " at " + stack(frames));
            }
        }
        assertThat(loopStart[0]).isNotNull();
        if (windowed) {
            assertThat(run.fabric().sim().plainFromPs())
                    .as("fell back to the plain loop at")
                    .isEqualTo(-1);
        }
        assertThat(offending)
                .as("allocation samples inside the event loop (%d in all)", inLoop)
                .isEmpty();
    }

    /** Windows on one thread over a partition per node, whatever the lookahead ({@link Windows#run}). */
    private static ThreadPlan byNode(ScenarioRun run) {
        return new ThreadPlan(1, 1, run.fabric().graph().nodeCount(), java.util.Optional.empty());
    }

    /** The routing change after a fault, once per fault (see the class comment). */
    static boolean reconvergence(List<RecordedFrame> frames) {
        return frames.stream()
                .anyMatch(f -> f.getMethod().getType().getName().equals("org.rocelab.run.Reconvergence")
                        && f.getMethod().getName().equals("converge"));
    }

    /** A flow's set-up, start or completion in a {@code flows} workload (see the class comment). */
    static boolean perFlowWork(List<RecordedFrame> frames) {
        return frames.stream().anyMatch(f -> {
            String type = f.getMethod().getType().getName();
            return type.startsWith("org.rocelab.workload.FlowsWorkload")
                    || type.equals("org.rocelab.workload.FlowStarter")
                    || type.equals("org.rocelab.workload.QpReaper");
        });
    }

    /** The documented exception: an array doubling in a ring, heap or series (see the class comment). */
    static boolean amortisedGrowth(List<RecordedFrame> frames) {
        if (frames.size() < 2) {
            return false;
        }
        RecordedFrame top = frames.get(0);
        String site =
                top.getMethod().getType().getName() + "." + top.getMethod().getName();
        if (site.equals("org.rocelab.sim.EventHeap.rebuild")
                || site.equals("org.rocelab.packet.PacketPool.acquire")
                || site.equals("org.rocelab.packet.PacketPool.take")) {
            return true;
        }
        if (!site.equals("java.util.Arrays.copyOf") && !site.equals("java.util.Arrays.copyOfRange")) {
            return false;
        }
        for (RecordedFrame f : frames.subList(1, frames.size())) {
            String type = f.getMethod().getType().getName();
            if (type.startsWith("java.")) {
                continue;
            }
            String m = f.getMethod().getName();
            return type.startsWith("org.rocelab.")
                    && (m.equals("add") || m.startsWith("grow") || m.equals("record") || m.equals("schedule"));
        }
        return false;
    }

    private static String stack(List<RecordedFrame> frames) {
        StringBuilder b = new StringBuilder();
        for (RecordedFrame f : frames.subList(0, Math.min(8, frames.size()))) {
            b.append("\n    ")
                    .append(f.getMethod().getType().getName())
                    .append('.')
                    .append(f.getMethod().getName())
                    .append(':')
                    .append(f.getLineNumber());
        }
        return b.toString();
    }

    @org.junit.jupiter.api.Test
    void theGrowthRuleTellsADoublingFromAnAllocation() throws IOException {
        // a recording of this thread doubling an int[] through a method named add, and boxing a long
        Path jfr = tmp.resolve("rule.jfr");
        List<Object> sink = new ArrayList<>();
        try (Recording r = new Recording()) {
            r.enable("jdk.ObjectAllocationSample").with("throttle", "100000/s").withStackTrace();
            r.start();
            GrowingRing ring = new GrowingRing();
            // box on every step (32 MB of Longs through a small ring that keeps them reachable), so
            // JFR's weighted sampling, which picks at TLAB refills, is all but sure to see a Long;
            // boxing one step in 64 (500 KB) left that to chance and failed a CI run
            Object[] recent = new Object[1024];
            for (int i = 0; i < 2_000_000; i++) {
                ring.add(i);
                recent[i & 1023] = Long.valueOf(i * 1_000_003L);
            }
            sink.addAll(java.util.Arrays.asList(recent));
            r.stop();
            r.dump(jfr);
        }
        boolean sawGrowth = false;
        boolean sawBoxing = false;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            if (e.getStackTrace() == null
                    || e.getThread() == null
                    || e.getThread().getJavaThreadId() != Thread.currentThread().getId()) {
                continue;
            }
            String cls = e.getClass("objectClass").getName();
            boolean growth = amortisedGrowth(e.getStackTrace().getFrames());
            if (cls.equals("[I") && growth) {
                sawGrowth = true;
            }
            if (cls.equals("java.lang.Long")) {
                sawBoxing = true;
                assertThat(growth
                                || reconvergence(e.getStackTrace().getFrames())
                                || perFlowWork(e.getStackTrace().getFrames()))
                        .isFalse();
            }
        }
        assertThat(sawGrowth).isTrue();
        assertThat(sawBoxing).isTrue();
        assertThat(sink).isNotEmpty();
        Files.deleteIfExists(jfr);
    }

    /** A doubling int ring, as the NIC's and switch's rings grow. */
    static final class GrowingRing {
        private int[] items = new int[16];
        private int size;

        void add(int v) {
            if (size == items.length) {
                items = java.util.Arrays.copyOf(items, size * 2);
            }
            items[size++] = v;
        }
    }
}
