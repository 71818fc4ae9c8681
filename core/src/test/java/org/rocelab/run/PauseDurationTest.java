package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rocelab.stats.RunResult;

/**
 * A PFC pause has two sides: the sender of XOFF counts it in {@code Tx PFCn duration_us} (switch)
 * or {@code tx_prioN_pause_duration} (NIC), the port it holds in the Rx counter of the same cable's
 * other end. Both start and end a propagation delay apart, so for every cable the two agree to the
 * microsecond, including an interval still open when the run ends: the deadlocked ring's XOFFs
 * never end, and before the run closed the senders' open intervals their Tx counters read 96 µs in
 * all against 1,220 µs received.
 */
class PauseDurationTest {
    private static final Pattern DURATION =
            Pattern.compile("(Tx|Rx) PFC\\d duration_us|(tx|rx)_prio\\d_pause_duration");

    @Test
    void everyCableCountsThePauseTimeSentAsTheTimeReceived_deadlockedRing() {
        Map<String, long[]> d = durations(FabricRun.example("pfc-deadlock.yaml"));
        assertBothSidesAgree(d);
        // sw0 holds its host and its upstream ring neighbour to the end of the 400 µs run
        assertThat(d.get("sw0:h0")[0]).isEqualTo(344);
        assertThat(d.get("sw0:sw3")[0]).isEqualTo(305);
        long tx = d.values().stream().mapToLong(v -> v[0]).sum();
        long rx = d.values().stream().mapToLong(v -> v[1]).sum();
        assertThat(tx).isEqualTo(rx).isEqualTo(4 * (344 + 305));
    }

    @Test
    void everyCableCountsThePauseTimeSentAsTheTimeReceived_incast() {
        Map<String, long[]> d = durations(FabricRun.example("incast-pfc.yaml"));
        assertBothSidesAgree(d);
        assertThat(d.values().stream().mapToLong(v -> v[0]).sum()).isPositive();
    }

    private static void assertBothSidesAgree(Map<String, long[]> d) {
        for (Map.Entry<String, long[]> e : d.entrySet()) {
            String[] ends = e.getKey().split(":");
            long[] peer = d.get(ends[1] + ":" + ends[0]);
            assertThat(peer).as("peer of %s", e.getKey()).isNotNull();
            assertThat(Math.abs(e.getValue()[0] - peer[1]))
                    .as("%s tx %d µs, peer rx %d µs", e.getKey(), e.getValue()[0], peer[1])
                    .isLessThanOrEqualTo(1);
        }
    }

    /** Port → {tx µs, rx µs} summed over priorities. */
    private static Map<String, long[]> durations(RunResult r) {
        Map<String, long[]> out = new TreeMap<>();
        for (var node : r.counters().view().values()) {
            for (var port : node.entrySet()) {
                if (!port.getKey().contains(":")) {
                    continue;
                }
                for (var prio : port.getValue().values()) {
                    for (var c : prio.entrySet()) {
                        Matcher m = DURATION.matcher(c.getKey());
                        if (m.matches()) {
                            boolean tx = c.getKey()
                                    .toLowerCase(java.util.Locale.ROOT)
                                    .startsWith("tx");
                            out.computeIfAbsent(port.getKey(), k -> new long[2])[tx ? 0 : 1] +=
                                    c.getValue().longValue();
                        }
                    }
                }
            }
        }
        return out;
    }
}
