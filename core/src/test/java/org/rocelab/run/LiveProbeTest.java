package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.LiveSnapshot;
import org.rocelab.stats.RunResult;

/**
 * The live view's snapshots, taken at every 100 µs step (a wall clock that advances a second a
 * call): a flows workload's QPs appear while they run and their FCTs as they complete, not only in
 * the last snapshot; pause time still open is counted as it runs; queues report their occupancy;
 * and none of it changes what the run writes.
 */
class LiveProbeTest {
    private static final String FLOWS = "name: live-flows\nduration: 600us\nseed: 3\n"
            + "topology: {kind: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 4, link: {speed: 100G}}\n"
            + "workloads:\n"
            + "  - {name: mix, kind: flows, hosts: all, cdf: {5KB: 0.3, 50KB: 0.7, 500KB: 1.0}, load: 0.5, duration: 500us}\n";

    private static List<LiveSnapshot> live(Scenario s, List<RunResult> result) {
        List<LiveSnapshot> snaps = new ArrayList<>();
        long[] wall = {0};
        ScenarioRun run = new ScenarioRun(s, null).live(snaps::add, () -> wall[0] += 1_000_000_000L);
        result.add(run.run(null));
        return snaps;
    }

    @Test
    void flowsAppearWhileTheyRunAndTheirFctsAsTheyComplete() {
        Scenario s = ScenarioLoader.parse(FLOWS, "live.yaml", List.of(), null);
        List<RunResult> r = new ArrayList<>();
        List<LiveSnapshot> snaps = live(s, r);
        // 600 µs in 100 µs steps: 5 snapshots during the run (not at its end) and the last one
        assertThat(snaps).hasSize(6);
        List<Double> fcts = new ArrayList<>();
        for (FlowRecord f : r.get(0).workloads().get(0).flows()) {
            if (f.endPs() != FlowRecord.INCOMPLETE) {
                fcts.add((f.endPs() - f.startPs()) / 1e3);
            }
        }
        int running = 0;
        List<Double> liveFcts = new ArrayList<>();
        for (LiveSnapshot snap : snaps.subList(0, 5)) {
            for (LiveSnapshot.FlowSample f : snap.flows()) {
                if (f.fctNs() < 0) {
                    running++;
                    assertThat(f.name()).matches("h\\d/qp0x[0-9a-f]+");
                } else {
                    liveFcts.add(f.fctNs());
                }
            }
        }
        assertThat(running).isPositive();
        // every FCT the live view showed is a flow's FCT in fct.csv, to the nanosecond
        assertThat(liveFcts).isNotEmpty();
        assertThat(fcts).containsAll(liveFcts);
    }

    @Test
    void openPausesAreCountedAsTheyRunAndTheRunWritesTheSame() {
        Scenario s = ScenarioLoader.load(FabricRun.EXAMPLES.resolve("pfc-deadlock.yaml"), List.of());
        List<RunResult> r = new ArrayList<>();
        List<LiveSnapshot> snaps = live(s, r);
        RunResult plain = new ScenarioRun(s, FabricRun.EXAMPLES).run(null);
        assertThat(r.get(0).counters().view()).isEqualTo(plain.counters().view());
        long previous = -1;
        for (LiveSnapshot snap : snaps) {
            Map<String, Long> tx = durations(snap.counters(), "Tx PFC3 duration_us");
            Map<String, Long> rx = durations(snap.counters(), "Rx PFC3 duration_us");
            long sum = tx.values().stream().mapToLong(Long::longValue).sum();
            assertThat(sum).isGreaterThanOrEqualTo(previous);
            previous = sum;
            // sw0 has held sw3 since the ring locked, at 95 µs (305 µs held at the 400 µs end):
            // its XOFF time read live grows with the run, µs for µs, and its peer reads the same
            if (snap.simulatedPs() >= 200_000_000L) {
                long held = tx.get("sw0:sw3");
                assertThat(Math.abs(held - rx.get("sw3:sw0"))).isLessThanOrEqualTo(1);
                assertThat(held).isEqualTo(305 - (400 - snap.simulatedPs() / 1_000_000));
            }
        }
        // the queues' occupancy is in every snapshot taken during the run, equal to the port's queue bytes
        LiveSnapshot mid = snaps.get(1);
        for (LiveSnapshot.PortSample p : mid.ports()) {
            if (p.switchPort()) {
                long sum = 0;
                for (int q = 0; q < 8; q++) {
                    sum += mid.counters()
                            .get(p.node(), p.name(), CounterTable.ALL, "UC" + q + " " + LiveProbe.OCCUPANCY)
                            .longValue();
                }
                assertThat(sum).as(p.name()).isEqualTo(p.queueBytes());
            }
        }
        assertThat(snaps.get(snaps.size() - 1).counters().view())
                .isEqualTo(plain.counters().view());
    }

    private static Map<String, Long> durations(CounterTable t, String counter) {
        Map<String, Long> out = new TreeMap<>();
        for (var node : t.view().values()) {
            for (var port : node.entrySet()) {
                for (var prio : port.getValue().values()) {
                    Number v = prio.get(counter);
                    if (v != null) {
                        out.merge(port.getKey(), v.longValue(), Long::sum);
                    }
                }
            }
        }
        return out;
    }
}
