package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;

class ScenarioRunSmokeTest {
    @Test
    void incastRuns() {
        String yaml = String.join(
                "\n",
                "name: incast-smoke",
                "seed: 1",
                "duration: 1ms",
                "topology: {kind: star, hosts: 5, link: {speed: 100G, length: 2m}}",
                "nic: {cc: {algorithm: none}}",
                "switch: {ecn: {}}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2, h3, h4], to: h0, size: 1MB}",
                "");
        Scenario s = ScenarioLoader.parse(yaml, "smoke.yaml", List.of(), null);
        ScenarioRun run = new ScenarioRun(s, null);
        RunResult r = run.run(null);
        System.out.println("events " + r.events() + " drops " + r.totalDrops() + " pfc tx " + r.pauseFramesTx());
        r.workloads().forEach(w -> w.flows().forEach(fl -> System.out.println(fl)));
        assertThat(run.fabric().pool().live()).isGreaterThanOrEqualTo(0);
    }
}
