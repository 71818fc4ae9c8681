package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.rc.WcStatus;

/**
 * ib_write_bw back to back: 64 KiB RDMA WRITEs, tx depth 128. Goodput = payload / wire bytes of
 * a message: eff = 65536 / (65536 + P × 82 + 16), P = 65536 / MTU packets (docs/model.md#nic-rc).
 */
class BackToBackGoodputTest {
    @ParameterizedTest
    @CsvSource({
        "100000000000, 4096, 98.01",
        "25000000000, 4096, 24.50",
        "400000000000, 4096, 392.06",
        "100000000000, 1024, 92.56",
    })
    void writeGoodputMatchesWireEfficiency(long rateBps, int mtu, double printed) {
        NicConfig cfg = NicConfig.builder().mtu(mtu).build();
        BackToBack t = new BackToBack(rateBps, cfg, 128);
        int iterations = 5000;
        long[] times = t.writeBandwidth(65536, iterations, 128);

        assertThat(t.sendA).hasSize(iterations).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        int packets = 65536 / mtu;
        double eff = 65536.0 / (65536 + packets * 82 + 16);
        double analyticalGbps = rateBps * eff / 1e9;
        double measuredGbps = iterations * 65536.0 * 8 / ((times[1] - times[0]) / 1e12) / 1e9;
        assertThat(analyticalGbps).isCloseTo(printed, within(0.005));
        assertThat(measuredGbps).isCloseTo(analyticalGbps, within(analyticalGbps * 0.0005));
        assertThat(measuredGbps).isLessThanOrEqualTo(analyticalGbps);
        assertThat(t.pool.live()).isZero();
        assertThat(t.a.counters().transport.retransmittedPackets).isZero();
        assertThat(t.b.counters().transport.rxWriteRequests).isEqualTo(iterations);
    }
}
