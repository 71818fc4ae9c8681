package org.rocelab.workload.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.link.FecMode;
import org.rocelab.link.PhyErrorModel;
import org.rocelab.nic.NicConfig;
import org.rocelab.run.Fabric;
import org.rocelab.run.FabricBuilder;
import org.rocelab.scenario.Scenario;

/**
 * perftest programs against the analytical figures of docs/model.md#perftest: goodput of
 * 64 KiB WRITEs, the NIC message-rate limit, exact one-way latencies back to back and per switch
 * hop, and the PCIe Gen3 x8 cap. Timing constants: NIC tx/rx latency 400 ns each, RS-FEC per cable
 * (codeword fill + 50 ns: 101.2 ns at 100G, 62.8 ns at 400G), 2 m = 10 ns, serialization = wire bytes × 8 / rate.
 */
class PerftestRunnerTest {
    private static final long TX_PS = NicConfig.defaults().txLatencyPs();
    private static final long RX_PS = NicConfig.defaults().rxLatencyPs();
    private static final long PROP_PS = 10_000;
    private static final long RATE_100G = 100_000_000_000L;
    private static final long RATE_400G = 400_000_000_000L;
    /** RS-FEC: one 5120-bit codeword fill at the line rate + 50 ns decoding (link model): 101.2 ns at 100G. */
    private static final long RS_FEC_PS = PhyErrorModel.latencyPs(FecMode.RS, RATE_100G);

    private static final long RS_FEC_400G_PS = PhyErrorModel.latencyPs(FecMode.RS, RATE_400G);

    private static PerftestResult run(String speed, String fec, int hops, String pcie, PerftestParams p) {
        Scenario s = PerftestFabric.scenario(speed, "2m", fec, 9000, hops, pcie);
        Fabric f = FabricBuilder.build(s, s.seed());
        return PerftestRunner.run(f, "h0", "h1", p.validated());
    }

    private static PerftestParams with(PerftestTest t, int size, int iters, int mtu, int txDepth) {
        PerftestParams d = PerftestParams.defaults(t);
        return new PerftestParams(t, size, false, iters, 0, 1, mtu, txDepth, d.cqMod(), true, false, false, -1);
    }

    private static long serPs(long wireBytes, long rateBps) {
        return wireBytes * 8 * 1_000_000_000_000L / rateBps;
    }

    @ParameterizedTest
    @CsvSource({
        "100G, 100000000000, 4096, 98.01",
        "25G, 25000000000, 4096, 24.50",
        "400G, 400000000000, 4096, 392.06",
        "100G, 100000000000, 1024, 92.56"
    })
    void writeBwAverageIsTheWireGoodputOf64KiBWrites(String speed, long rateBps, int mtu, double rounded) {
        PerftestResult r = run(speed, "rs", 0, "auto", with(PerftestTest.IB_WRITE_BW, 65536, 5000, mtu, 128));
        long packets = 65536 / mtu;
        // every packet: Eth 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4 + preamble 8 + IFG 12 = 82; RETH 16 once
        double expected = rateBps / 1e9 * 65536 / (65536 + packets * 82 + 16);
        assertThat(expected).isCloseTo(rounded, within(0.005));
        BwProgram.BwRow row = r.rows().get(0).bw();
        assertThat(row.iterations()).isEqualTo(5000);
        assertThat(row.avgGbps()).isCloseTo(expected, within(expected * 0.0005)).isLessThanOrEqualTo(expected);
        assertThat(row.msgRateMpps()).isCloseTo(row.avgGbps() * 1e3 / (65536 * 8), within(1e-9));
        assertThat(row.peakGbps()).isGreaterThanOrEqualTo(row.avgGbps()).isLessThanOrEqualTo(expected * 1.0005);
    }

    @ParameterizedTest
    @CsvSource({"2", "8", "32", "128"})
    void smallWritesRunAtTheNicMessageRate(int size) {
        // 400G: a 2..128-byte WRITE takes <= 4.52 ns on the wire, less than the 4.652 ns message gap
        long rate = 400_000_000_000L;
        long gapPs = NicConfig.defaults().messageIntervalPs();
        assertThat(gapPs).isEqualTo(4652); // ceil(1e12 / 215e6), ConnectX-6 215 M msg/s
        int n = 5000;
        PerftestResult r = run("400G", "rs", 0, "auto", with(PerftestTest.IB_WRITE_BW, size, n, 0, 512));
        long pad = (4 - size % 4) % 4;
        long writeWire = size + pad + 82 + 16;
        long ackWire = 82 + 4 - 0; // BTH + AETH, no payload: 86 wire bytes
        assertThat(serPs(writeWire, rate)).isLessThan(gapPs);
        // first post -> last completion: tx latency, n - 1 gaps, then the last WRITE's round trip
        long tailPs = serPs(writeWire, rate)
                + PROP_PS
                + RS_FEC_400G_PS
                + RX_PS
                + serPs(ackWire, rate)
                + PROP_PS
                + RS_FEC_400G_PS
                + RX_PS;
        long totalPs = TX_PS + (n - 1) * gapPs + tailPs;
        double expectedMpps = n / (double) totalPs * 1e6;
        BwProgram.BwRow row = r.rows().get(0).bw();
        assertThat(row.msgRateMpps()).isCloseTo(expectedMpps, within(expectedMpps * 1e-6));
        // the steady-state rate is the documented limit: 1e12 / 4652 ps = 214.96 M/s
        assertThat(1e6 / gapPs).isCloseTo(214.96, within(0.005));
        assertThat(row.msgRateMpps()).isLessThan(1e6 / gapPs).isGreaterThan(0.94 * 1e6 / gapPs);
    }

    @Test
    void allSizesGiveOneRowPerPowerOfTwoUpTo8MiB() {
        PerftestParams d = PerftestParams.defaults(PerftestTest.IB_WRITE_BW);
        PerftestParams p = new PerftestParams(
                PerftestTest.IB_WRITE_BW, 65536, true, 5, 0, 1, 0, 512, d.cqMod(), true, false, true, -1);
        PerftestResult r = run("400G", "rs", 0, "auto", p);
        assertThat(r.rows()).hasSize(23);
        double limit = 1e6 / NicConfig.defaults().messageIntervalPs();
        for (int i = 0; i < 23; i++) {
            BwProgram.BwRow row = r.rows().get(i).bw();
            long size = 2L << i;
            assertThat(row.bytes()).isEqualTo(size);
            assertThat(row.msgRateMpps()).isLessThan(limit);
            long packets = Math.max(1, size / 4096);
            double wire = 400 * (double) size / (size + (4 - size % 4) % 4 + packets * 82 + 16);
            assertThat(row.avgGbps()).isLessThan(wire);
        }
        assertThat(r.rows().get(22).bytes()).isEqualTo(8_388_608);
        // 5 × 8 MiB back to back on the wire (2048 packets of 4178 wire bytes + one RETH each), after the
        // tx latency, then the last packet's propagation, FEC, rx and the ACK's way back
        long rate = 400_000_000_000L;
        long totalPs = TX_PS
                + 5 * (2048 * serPs(4178, rate) + serPs(16, rate))
                + PROP_PS
                + RS_FEC_400G_PS
                + RX_PS
                + serPs(86, rate)
                + PROP_PS
                + RS_FEC_400G_PS
                + RX_PS;
        double expected = 5 * 8388608.0 * 8 / totalPs * 1000;
        assertThat(r.rows().get(22).bw().avgGbps()).isCloseTo(expected, within(expected * 1e-6));
    }

    @Test
    void writeLatencyTypicalIsTheAnalyticalOneWayTime() {
        long wire = 2 + 2 + 82 + 16; // payload 2, pad 2, headers, RETH: 102 wire bytes, 8.16 ns at 100G
        long oneWayPs = TX_PS + serPs(wire, 100_000_000_000L) + PROP_PS + RS_FEC_PS + RX_PS;
        assertThat(oneWayPs).isEqualTo(919_360); // 400 + 8.16 + 10 + 101.2 + 400 ns
        LatencyStats s = run("100G", "rs", 0, "auto", with(PerftestTest.IB_WRITE_LAT, 2, 1000, 0, 1))
                .rows()
                .get(0)
                .latency();
        assertThat(s.typicalUs()).isCloseTo(oneWayPs / 1e6, within(1e-12));
        assertThat(s.minUs()).isEqualTo(s.maxUs());
        LatencyStats noFec = run("100G", "none", 0, "auto", with(PerftestTest.IB_WRITE_LAT, 2, 1000, 0, 1))
                .rows()
                .get(0)
                .latency();
        assertThat(noFec.typicalUs()).isCloseTo((oneWayPs - RS_FEC_PS) / 1e6, within(1e-12));
    }

    @Test
    void eachSwitchHopAddsSerializationPropagationAndFec() {
        long hopPs = serPs(102, 100_000_000_000L) + PROP_PS + RS_FEC_PS; // store and forward, zero pipeline time
        assertThat(hopPs).isEqualTo(119_360); // 8.16 + 10 + 101.2 ns
        PerftestParams p = with(PerftestTest.IB_WRITE_LAT, 2, 1000, 0, 1);
        double direct = run("100G", "rs", 0, "auto", p).rows().get(0).latency().typicalUs();
        double twoHops = run("100G", "rs", 2, "auto", p).rows().get(0).latency().typicalUs();
        assertThat(twoHops - direct).isCloseTo(2 * hopPs / 1e6, within(1e-12));
    }

    @Test
    void sendAndReadLatencies() {
        long rate = 100_000_000_000L;
        long send = TX_PS + serPs(2 + 2 + 82, rate) + PROP_PS + RS_FEC_PS + RX_PS; // SEND ONLY, 86 wire bytes
        LatencyStats s = run("100G", "rs", 0, "auto", with(PerftestTest.IB_SEND_LAT, 2, 1000, 0, 1))
                .rows()
                .get(0)
                .latency();
        assertThat(s.typicalUs()).isCloseTo(send / 1e6, within(1e-12));
        // READ request (RETH, 98 wire bytes) and READ RESPONSE ONLY (AETH, payload 2 + pad 2: 90 wire bytes)
        long read = TX_PS
                + serPs(82 + 16, rate)
                + PROP_PS
                + RS_FEC_PS
                + RX_PS
                + serPs(82 + 4 + 4, rate)
                + PROP_PS
                + RS_FEC_PS
                + RX_PS;
        assertThat(read).isEqualTo(1_437_440);
        LatencyStats r = run("100G", "rs", 0, "auto", with(PerftestTest.IB_READ_LAT, 2, 1000, 0, 1))
                .rows()
                .get(0)
                .latency();
        assertThat(r.typicalUs()).isCloseTo(read / 1e6, within(1e-12)); // RTT factor 1
    }

    @Test
    void pcieGen3x8CapsWriteBandwidth() {
        PerftestResult r =
                run("100G", "rs", 0, "{gen: 3, lanes: 8}", with(PerftestTest.IB_WRITE_BW, 65536, 2000, 0, 128));
        // 8 GT/s × 8 lanes × 128/130 × 256/(256 + 24) = 57.614 Gb/s; DMA of a 4096-byte packet 568.751 ns
        double expected = 65536 * 8.0 / (16 * 568_751) * 1000;
        assertThat(expected).isCloseTo(57.61, within(0.005));
        assertThat(r.rows().get(0).bw().avgGbps()).isCloseTo(expected, within(expected * 0.0005));
    }

    @Test
    void bidirectionalSumsBothDirectionsSharingTheWireWithAcks() {
        PerftestParams d = PerftestParams.defaults(PerftestTest.IB_WRITE_BW);
        PerftestParams p = new PerftestParams(
                PerftestTest.IB_WRITE_BW, 65536, false, 2000, 0, 1, 0, 128, d.cqMod(), true, true, false, -1);
        PerftestResult r = run("100G", "rs", 0, "auto", p);
        // each direction carries its 16 data packets (66864 wire bytes) and one 86-byte ACK per message of the other
        double expected = 2 * 100 * 65536.0 / (66864 + 86);
        assertThat(r.rows().get(0).bw().avgGbps()).isCloseTo(expected, within(expected * 0.0005));
    }
}
