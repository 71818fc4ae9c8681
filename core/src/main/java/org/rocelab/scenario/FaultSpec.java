package org.rocelab.scenario;

import java.util.Map;

/**
 * A scheduled fault ({@code faults[i]}; DESIGN.md §3), one record per shape.
 */
public sealed interface FaultSpec {
    /** When the fault begins, ps (default 0). */
    long atPs();

    /** {@code {at, link: [a, b], down: 1ms}}: the cable is down from {@code at} for {@code downPs}. */
    record LinkDown(long atPs, String a, String b, long downPs) implements FaultSpec {}

    /** {@code {at, link: [a, b], ber: 1e-6}}: from {@code at} the cable's pre-FEC bit-error rate is {@code ber}. */
    record LinkBer(long atPs, String a, String b, double ber) implements FaultSpec {}

    /**
     * {@code {at, set: {key: value}, for: 3ms}}: scenario keys (dotted paths as {@code --set})
     * changed at {@code at}, restored after {@code forPs} (0 = kept). Values are the YAML text.
     * Only {@link RuntimeKeys} may appear. {@code during} is the scenario with the keys applied
     * (validated; without faults), from which the run reads the new values; null when built by hand.
     */
    record SetKeys(long atPs, Map<String, String> set, long forPs, Scenario during) implements FaultSpec {
        public SetKeys {
            set = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(set));
        }

        /** A change without the scenario during it (tests, tools that only list faults). */
        public SetKeys(long atPs, Map<String, String> set, long forPs) {
            this(atPs, set, forPs, null);
        }

        /**
         * The change as {@code --set} assignments ({@code key=value}): the scenario during the fault
         * is {@code ScenarioLoader.load(file, cliSets + assignments())}.
         */
        public java.util.List<String> assignments() {
            java.util.List<String> out = new java.util.ArrayList<>();
            set.forEach((k, v) -> out.add(k + "=" + v));
            return out;
        }
    }

    /** {@code {at, host: h3, stall_rx: 50ms}}: the host NIC's receive pipeline stops for {@code stallPs}. */
    record HostStallRx(long atPs, String host, long stallPs) implements FaultSpec {}
}
