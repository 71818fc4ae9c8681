package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.nic.Nic;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.FlowStarter;
import org.rocelab.workload.QpReaper;

/**
 * A {@code flows} workload's QP pairs live from their flow's set-up (up to {@link
 * FlowStarter#SET_UP_AHEAD_PS} before its start) to the first flow set-up at least {@link
 * QpReaper#GRACE_PS} after its completion (issue 12: memory follows the flows in
 * progress): with congestion control off, and with the algorithms that arm no timer (swift, hpcc,
 * dctcp, timely: {@code CongestionControl.idle()} is true at once), every finished QP is idle at its
 * completion, so the QPs alive at the end are exactly those of the flows unfinished or finished within
 * the grace before the last set-up — the reaped pairs are all the others; QP numbers are never
 * given twice.
 */
class FlowQpLifecycleTest {
    @TempDir
    Path tmp;

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"none", "swift", "hpcc", "dctcp", "timely"})
    void finishedFlowsQpsAreDestroyedAfterTheGrace(String algorithm) throws Exception {
        Path file = tmp.resolve("flows.yaml");
        Files.writeString(
                file,
                "name: many-flows\nseed: 3\nduration: 2ms\n"
                        + "topology: {kind: star, hosts: 8, link: {speed: 100G, length: 2m}}\n"
                        + "nic: {cc: {algorithm: " + algorithm + "}}\n"
                        + "workloads:\n  - {name: mix, kind: flows, cdf: alistorage, load: 0.5, duration: 1500us}\n",
                StandardCharsets.UTF_8);
        // the AliStorage CDF is the HPCC simulator's published file, read from shared/data/hpcc
        Scenario s = ScenarioLoader.load(file, java.util.List.of(), org.rocelab.testing.SharedData.hpccDir());
        ScenarioRun run = new ScenarioRun(s, tmp);
        RunResult r = run.run(null);
        List<FlowRecord> flows = r.workloads().get(0).flows();
        // reaping runs at the flow set-ups: the first arrival, then the first arrival at least
        // FlowStarter.SET_UP_AHEAD_PS after the previous set-up, and so on
        long[] arrivals = flows.stream().mapToLong(FlowRecord::startPs).sorted().toArray();
        long lastReap = arrivals[0];
        for (long a : arrivals) {
            if (a >= lastReap + FlowStarter.SET_UP_AHEAD_PS) {
                lastReap = a;
            }
        }
        long lastSetUp = lastReap;
        long recent = flows.stream()
                .filter(f -> !f.isCompleted() || f.endPs() + QpReaper.GRACE_PS > lastSetUp)
                .count();
        int live = 0;
        int created = 0;
        int slots = 0;
        for (int node = 0; node < run.fabric().graph().nodeCount(); node++) {
            Nic nic = run.fabric().nicAt(node);
            if (nic != null) {
                live += nic.liveQps();
                created += nic.createdQps();
                assertThat(nic.qps()).hasSize(nic.liveQps());
                slots += nic.qpTableSlots();
            }
        }
        assertThat(flows.size()).isGreaterThan(1000);
        assertThat(created).isEqualTo(2 * flows.size());
        assertThat(live).isEqualTo(2 * recent).isLessThan(flows.size() / 4);
        long reaped = (created - live) / 2;
        long finishedBeforeTheGrace = flows.stream()
                .filter(f -> f.isCompleted() && f.endPs() + QpReaper.GRACE_PS <= lastSetUp)
                .count();
        assertThat(reaped).isEqualTo(finishedBeforeTheGrace);
        // a table that kept a slot per QP ever created would hold at least created slots
        assertThat(slots).as("QP table slots").isLessThan(created);
        assertThat(r.drops(org.rocelab.packet.DropReason.NIC_INVALID)).isZero();
        assertThat(run.fabric().pool().live()).isZero();
    }
}
