package org.rocelab.run;

import java.util.List;
import org.rocelab.link.Port;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/** Test helper: builds a scenario run from YAML lines and reads port counters by name. */
final class FabricProbe {
    private FabricProbe() {}

    static ScenarioRun run(String... yamlLines) {
        Scenario s = ScenarioLoader.parse(String.join("\n", yamlLines) + "\n", "test.yaml", List.of(), null);
        return new ScenarioRun(s, null);
    }

    static long txBytes(Fabric f, String port) {
        return sum(port(f, port).counters().txBytes);
    }

    static long rxBytes(Fabric f, String port) {
        return sum(port(f, port).counters().rxBytes);
    }

    static long txPause(Fabric f, String port, int prio) {
        return port(f, port).counters().txPause[prio];
    }

    static long rxPause(Fabric f, String port, int prio) {
        return port(f, port).counters().rxPause[prio];
    }

    static boolean paused(Fabric f, String port, int prio) {
        return (port(f, port).pausedMask() >>> prio & 1) != 0;
    }

    static Port port(Fabric f, String name) {
        Port p = f.port(name);
        if (p == null) {
            throw new IllegalArgumentException(
                    "no port " + name + " in " + f.ports().keySet());
        }
        return p;
    }

    private static long sum(long[] a) {
        long s = 0;
        for (long v : a) {
            s += v;
        }
        return s;
    }
}
