package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccFlows;
import org.rocelab.compat.HpccScenario;
import org.rocelab.compat.HpccTopology;
import org.rocelab.stats.RunResult;

/**
 * The first 150 WebSearch flows of the fat-tree preset (multi-hop ECMP through ToR, Agg and Core at
 * 100G/400G): every flow completes with one fct.txt record carrying its own addresses, ports, size and
 * HPCC start, no faster than propagation plus line-rate serialization. (The full 3201-flow run takes minutes; its
 * figures are in docs/hpcc.md.)
 */
class HpccRunFatTreeTest {
    @Test
    void firstFlowsOfTheFatTreeCompleteWithOneRecordEach() throws Exception {
        HpccScenario full = HpccScenario.load(HpccRunIncastTest.resource("fat_ws_config_dcqcn.txt"));
        List<HpccFlow> first = full.flows().flows().subList(0, 150);
        HpccScenario s = HpccScenario.of(
                full.config(), full.topology(), new HpccFlows(full.flows().file(), first, 0));
        HpccRun run = new HpccRun(s, 1);
        RunResult r = run.run(null);
        List<HpccFctRecord> fct = run.fctRecords();
        assertThat(fct).hasSize(150);
        assertThat(r.totalDrops()).isZero();
        var paths = s.pathMetrics();
        Map<String, HpccFlow> byKey = new HashMap<>();
        for (HpccFlow f : first) {
            byKey.put(HpccTopology.hostIp(f.src()) + "/" + HpccTopology.hostIp(f.dst()) + "/" + f.sport(), f);
        }
        for (HpccFctRecord rec : fct) {
            HpccFlow f = byKey.remove(rec.sip() + "/" + rec.dip() + "/" + rec.sport());
            assertThat(f).isNotNull();
            assertThat(rec.dip()).isEqualTo(HpccTopology.hostIp(f.dst()));
            assertThat(rec.dport()).isEqualTo(f.dport());
            assertThat(rec.sizeBytes()).isEqualTo(f.sizeBytes());
            assertThat(rec.startNs()).isEqualTo(f.startNs());
            // no faster than the propagation there and back plus the full packets at the bottleneck's
            // truncated line rate (HPCC's standalone FCT uses exact bits / rate, so fct may be below it)
            long packets = (f.sizeBytes() + 999) / 1000;
            long bound = 2 * paths.oneWayDelayNs(f.src(), f.dst())
                    + (packets - 1) * HpccTxTime.ns(1048, paths.bottleneckBps(f.src(), f.dst()));
            assertThat(rec.fctNs()).isGreaterThanOrEqualTo(bound);
        }
        assertThat(byKey).isEmpty();
    }
}
