package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sim.Component;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.Partitioning;

/**
 * Where the parts of a partitioned fabric ({@link Partitioning}, as many partitions as switches)
 * touch each other's timers during a sequential run ({@code Simulation.observeSchedules}): the
 * evidence for docs/architecture.md, "Windows and threads". A cable's arrival, scheduled by the
 * sending side, always lies at least the lookahead ahead (so a mailbox drained at the window's
 * end can carry it); between nodes nothing else crosses; what does is a workload's own timer
 * (one component per workload, sender or rank, not per host) posting work to a host's QP, the
 * per-host starters the engine still needs. Touches without a timer (a write into another
 * node's state, a QP created at a flow's start) are not seen by this check.
 */
class CrossPartitionAuditTest {
    /** The node a component belongs to: a cable direction's receiver, else the prefix of its name; -1: none. */
    static int nodeOf(FabricGraph g, String name) {
        String n = name.contains(">") ? name.substring(name.indexOf('>') + 1) : name;
        int end = n.length();
        for (char c : new char[] {':', '/'}) {
            int i = n.indexOf(c);
            if (i >= 0) {
                end = Math.min(end, i);
            }
        }
        return g.node(n.substring(0, end));
    }

    /** Touches across partitions by (firing kind -> touched kind), digits folded to N. */
    private static Map<String, Integer> audit(String example, int partitions, long[] shortestArrival) {
        Scenario s = ScenarioLoader.load(Path.of("../examples/" + example), List.of("duration=300us"));
        ScenarioRun run = new ScenarioRun(s, null);
        Fabric f = run.fabric();
        FabricGraph g = f.graph();
        Partitioning p = Partitioning.of(g, partitions);
        Map<String, Integer> found = new TreeMap<>();
        shortestArrival[0] = Long.MAX_VALUE;
        f.sim().observeSchedules((firing, owner, now, at) -> {
            Component fc = f.sim().components().get(firing);
            int fn = nodeOf(g, fc.name());
            int on = nodeOf(g, owner.name());
            int fp = fn < 0 ? -1 : p.partitionOf(fn);
            int op = on < 0 ? -1 : p.partitionOf(on);
            if (fp == op) {
                return;
            }
            if (owner.name().contains(">") && fp >= 0) {
                shortestArrival[0] = Math.min(shortestArrival[0], at - now);
                found.merge("arrival", 1, Integer::sum);
            } else {
                found.merge(
                        fc.name().replaceAll("[0-9]+", "N") + " -> "
                                + owner.name().replaceAll("[0-9]+", "N"),
                        1,
                        Integer::sum);
            }
        });
        run.run(null);
        assertThat(p.partitions()).isEqualTo(g.switches().length);
        return found;
    }

    @ParameterizedTest
    @CsvSource({
        // two ib_write_bw streams, a from h0 and b from h1, on a 2 x 2 leaf-spine
        "ecmp-collision.yaml, 4, 'a/N -> hN/qpNxN b/N -> hN/qpNxN'",
        // four incast senders, one timer each
        "pfc-one-hop.yaml, 3, 'incast-N/N -> hN/qpNxN'",
        // one start timer for the whole ring
        "allreduce-ring.yaml, 4, 'ar/start -> hN/qpNxN'",
        // the flows workload's arrival timer per host (named after the workload) and the ring's start
        "leaf-spine-misconfig.yaml, 4, 'ar/start -> hN/qpNxN mix/hN -> hN/qpNxN'"
    })
    void onlyArrivalsAtLeastTheLookaheadAheadAndWorkloadTimersCross(String example, int partitions, String others) {
        long[] shortest = new long[1];
        Map<String, Integer> found = audit(example, partitions, shortest);
        assertThat(found.get("arrival")).as("frames crossed between partitions").isPositive();
        Scenario s = ScenarioLoader.load(Path.of("../examples/" + example), List.of());
        long lookahead = FabricBuilder.build(s, s.seed()).lookaheadPs();
        assertThat(shortest[0]).isGreaterThanOrEqualTo(lookahead);
        found.remove("arrival");
        assertThat(String.join(" ", found.keySet())).isEqualTo(others);
    }
}
