package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocelab.scenario.Scenario;

/**
 * PFC deadlock seen in the run: switch-to-switch transmitters paused on a lossless priority
 * ({@code <port>/pN paused} = 1) and sending nothing ({@code tx_gbps} = 0) from some instant to the
 * end of the run, for at least {@value #MIN_STUCK_NS} ns and {@value #MIN_SAMPLES} samples, whose
 * wait-for relation (A:B waits for B:C when both are stuck) closes a cycle. The cycle of ports is
 * named; the cause (the routes) is {@code routing.buffer_cycle}.
 */
final class DeadlockCheck implements Check {
    static final long MIN_STUCK_NS = 50_000;
    static final int MIN_SAMPLES = 5;

    @Override
    public String name() {
        return "PFC deadlock: paused queues in a wait-for cycle, no bytes moving";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        long[] t = r.times();
        if (t.length == 0) {
            return;
        }
        for (int p : PfcStormCheck.priorities(s)) {
            Map<String, Long> stuckSince = new TreeMap<>();
            for (String sw : s.switches()) {
                for (String port : Topo.ports(s, sw)) {
                    if (!s.layout().isSwitch(Topo.peer(port))) {
                        continue;
                    }
                    double[] paused = r.series(port + "/p" + p, "paused");
                    double[] tx = r.series(port, "tx_gbps");
                    if (paused == null || tx == null) {
                        continue;
                    }
                    int i = t.length;
                    while (i > 0 && paused[i - 1] == 1 && tx[i - 1] < 0.001) {
                        i--;
                    }
                    int samples = t.length - i;
                    if (samples >= MIN_SAMPLES && t[t.length - 1] - t[i] >= MIN_STUCK_NS) {
                        stuckSince.put(port, t[i]);
                    }
                }
            }
            Map<String, Map<String, Boolean>> waits = new TreeMap<>();
            for (String a : stuckSince.keySet()) {
                for (String b : stuckSince.keySet()) {
                    if (Topo.node(b).equals(Topo.peer(a)) && !b.equals(Topo.reverse(a))) {
                        waits.computeIfAbsent(a, k -> new LinkedHashMap<>()).put(b, true);
                    }
                }
            }
            List<String> cycle = BufferCycleCheck.cycle(waits);
            if (cycle == null) {
                continue;
            }
            long since = 0;
            List<Evidence> ev = new ArrayList<>();
            for (String port : cycle) {
                since = Math.max(since, stuckSince.get(port));
            }
            String range = Num.text(since / 1000.0) + "-" + Num.text(t[t.length - 1] / 1000.0) + " us";
            for (String port : cycle) {
                ev.add(new Evidence(port + "/p" + p + " paused", range, "1"));
                ev.add(new Evidence(port + " tx_gbps", range, "0"));
                ev.add(Evidence.of("Rx PFC" + p, port, r.counter(Topo.node(port), port, "_all", "Rx PFC" + p)));
            }
            String ring = String.join(" -> ", cycle);
            out.add(new Finding(
                    "pfc.deadlock",
                    Severity.ERROR,
                    ring,
                    ev,
                    "PFC deadlock: the " + cycle.size() + " ports " + ring + " -> " + cycle.get(0)
                            + " are all paused on priority " + p + " and send nothing from " + Num.text(since / 1000.0)
                            + " us to the end of the run; each waits for the next to drain, nothing is dropped and"
                            + " nothing moves. Break the cycle in the routes (routing.buffer_cycle); the PFC watchdog"
                            + " only mitigates it by dropping.",
                    List.of(),
                    2));
        }
    }
}
