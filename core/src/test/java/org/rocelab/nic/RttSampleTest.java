package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcFactory;
import org.rocelab.cc.CongestionControl;

/**
 * The round-trip hook of the congestion-control interface ({@link CongestionControl#onRttSample}),
 * what a delay-based algorithm (TIMELY, Swift) needs from the NIC: one sample per ACK, the time
 * since the acknowledged PSN was sent.
 */
class RttSampleTest {
    private static final long RATE = 100_000_000_000L;

    /** Line rate, records what the NIC reports. */
    private static final class Recorder implements CongestionControl {
        final boolean wants;
        final List<Long> sentAt = new ArrayList<>();
        final List<Long> rtts = new ArrayList<>();
        final List<Long> ackAt = new ArrayList<>();

        Recorder(boolean wants) {
            this.wants = wants;
        }

        @Override
        public long rateBps() {
            return RATE;
        }

        @Override
        public void onPacketSent(long nowPs, int wireBytes) {
            sentAt.add(nowPs);
        }

        @Override
        public void onCnp(long nowPs) {}

        @Override
        public boolean wantsRttSamples() {
            return wants;
        }

        @Override
        public void onRttSample(long nowPs, long rttPs) {
            rtts.add(rttPs);
            ackAt.add(nowPs);
        }
    }

    private static List<Recorder> made = new ArrayList<>();

    private static BackToBack pair(boolean wants) {
        made = new ArrayList<>();
        CcFactory f = host -> {
            Recorder r = new Recorder(wants);
            made.add(r);
            return r;
        };
        return new BackToBack(RATE, NicConfig.builder().cc(f).build(), 32);
    }

    @Test
    void oneSmallWriteOnAnIdleLinkSamplesTheWireAndBothReceivePipelines() {
        BackToBack t = pair(true);
        t.qpA.postSend(t.write(0, 64));
        t.sim.runUntilIdle();
        Recorder a = made.get(0);
        // data: 64 B + RETH 16 + 62 of headers/ICRC/FCS + 20 preamble/IFG = 162 B = 12.96 ns at
        // 100G; ACK: 66 + 20 = 86 B = 6.88 ns; 10 ns of cable each way; 400 ns receive pipeline at
        // each end (the ACK leaves without the transmit pipeline, which only delays posted work)
        long expected = 12_960 + 10_000 + 400_000 + 6_880 + 10_000 + 400_000;
        assertThat(a.rtts).containsExactly(expected);
        assertThat(a.sentAt).containsExactly(400_000L); // posted at 0, out after the tx pipeline
        assertThat(a.ackAt).containsExactly(400_000L + expected);
    }

    @Test
    void everyAckSamplesTheLastPacketItAcknowledges() {
        BackToBack t = pair(true);
        for (int i = 0; i < 20; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();
        Recorder a = made.get(0);
        // 16 packets per 64 KiB write and one ACK per write (the coalescing limit is 16), acking
        // its last PSN: sample k = ACK time - send time of PSN 16k + 15
        assertThat(a.sentAt).hasSize(320);
        assertThat(a.rtts).hasSize(20).hasSize((int) t.qpA.counters().ackRx);
        for (int k = 0; k < 20; k++) {
            assertThat(a.rtts.get(k)).isEqualTo(a.ackAt.get(k) - a.sentAt.get(16 * k + 15));
        }
    }

    @Test
    void anAlgorithmThatDoesNotAskGetsNoSample() {
        BackToBack t = pair(false);
        t.qpA.postSend(t.write(0, 65536));
        t.sim.runUntilIdle();
        assertThat(made.get(0).rtts).isEmpty();
        assertThat(made.get(0).sentAt).hasSize(16);
    }
}
