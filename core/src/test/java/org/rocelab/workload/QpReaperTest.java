package org.rocelab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.run.Fabric;
import org.rocelab.run.FabricBuilder;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * {@link QpReaper} keeps its pairs in order of due time: pairs handed over out of time order (a
 * windowed run's partitions hand theirs over one after another) are destroyed when their own
 * grace has passed, not held behind a later one.
 */
class QpReaperTest {

    @Test
    void aPairHandedOverLateButDueEarlierIsDestroyedAtItsOwnTime() {
        Scenario s = ScenarioLoader.load(Path.of("../examples/pfc-one-hop.yaml"), List.of());
        Fabric f = FabricBuilder.build(s, s.seed());
        RdmaPair late = RdmaPair.connect(f, "h1", "h0", 4096, 4, wc -> {}, null);
        RdmaPair early = RdmaPair.connect(f, "h2", "h0", 4096, 4, wc -> {}, null);
        assertThat(late.idle()).isTrue();
        assertThat(early.idle()).isTrue();
        QpReaper reaper = new QpReaper();
        reaper.completed(late, 50_000);
        reaper.completed(early, 10_000); // completed earlier, handed over after
        reaper.reap(10_000 + QpReaper.GRACE_PS);
        assertThat(reaper.destroyed()).isEqualTo(1);
        assertThat(reaper.waiting()).isEqualTo(1);
        assertThat(f.nic("h2").liveQps()).isZero();
        assertThat(f.nic("h1").liveQps()).isEqualTo(1);
        reaper.reap(50_000 + QpReaper.GRACE_PS - 1);
        assertThat(reaper.destroyed()).isEqualTo(1);
        reaper.reap(50_000 + QpReaper.GRACE_PS);
        assertThat(reaper.destroyed()).isEqualTo(2);
        assertThat(reaper.waiting()).isZero();
        assertThat(f.nic("h1").liveQps()).isZero();
    }
}
