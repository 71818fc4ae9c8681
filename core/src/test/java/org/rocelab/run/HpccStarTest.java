package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccOutputs;
import org.rocelab.compat.HpccScenario;

/**
 * HPCC (run.py {@code --cc hp --bw 100}) on 18 hosts at one switch, 100G, 0.00001ms links, beside
 * the HPCC ns-3 simulator (hpcc/ns3/fct_star_two_hp.txt, README there): host 1 sends 256,000 B and
 * host 17 2,560,000 B to host 0, both at t = 2 s. Which of the two keeps about twice the other's
 * rate (HPCC's W_AI takes hundreds of update rounds to even them out) is decided in the first RTTs
 * by the queue each INT record reports, so this pins the two ns-3 details that decide it: a frame
 * arriving at the instant the switch starts its next frame is in the queue the INT record reads
 * ({@link org.rocelab.sim.Simulation#arrivalsFirst}), and the links are 9 ns, not 10 (ns-3's
 * {@code Time("0.00001ms")}, maxRtt 196 ns, maxBdp 2,450 B). With both, every rate update of both
 * flows equals ns-3's PRINT_LOG line for line and the FCTs are ns-3's to the ns; with the frame
 * arriving after the switch's pick (rocelab's order before) the small flow won: 38,176 / 264,317 ns.
 */
class HpccStarTest {
    @Test
    void bothCompletionsAreNs3sToTheNanosecond() throws Exception {
        HpccRun run = new HpccRun(HpccScenario.load(HpccNs3IncastTest.resource("star_config_hp.txt")), 1);
        run.run(null);
        List<HpccFctRecord> ns3 = HpccOutputs.readFct(HpccNs3IncastTest.resource("ns3/fct_star_two_hp.txt"));
        assertThat(ns3).extracting(HpccFctRecord::fctNs).containsExactly(67_671L, 262_729L);
        assertThat(run.fctRecords()).isEqualTo(ns3);
    }
}
