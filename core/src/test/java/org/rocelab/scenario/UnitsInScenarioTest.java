package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.link.FecMode;

/** Units in values (DESIGN.md §2): K M G decimal, KiB MiB binary, times to ps, rates to b/s. */
class UnitsInScenarioTest {
    @ParameterizedTest
    @CsvSource({
        "64KB, 64000",
        "64KiB, 65536",
        "2MiB, 2097152",
        "1.5MB, 1500000",
        "4096, 4096",
        "400K, 400000",
        "1GB, 1000000000"
    })
    void sizes(String text, long bytes) {
        Scenario s = Yaml.load("topology: {kind: star, hosts: 2}\nswitch:\n  buffer: {size: 2GB}\n  ecn: {3: {kmin: "
                + text + ", kmax: 1GB}}\n");
        assertThat(s.switchDefaults().ecn().get(3).kminBytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({
        "2us, 2000000",
        "500ns, 500000",
        "10ms, 10000000000",
        "0.001ms, 1000000",
        "1s, 1000000000000",
        "750ps, 750"
    })
    void times(String text, long ps) {
        Scenario s = Yaml.load("duration: " + text + "\ntopology: {kind: star, hosts: 2}\n");
        assertThat(s.durationPs()).isEqualTo(ps);
    }

    @ParameterizedTest
    @CsvSource({"100G, 100000000000", "25Gbps, 25000000000", "400G, 400000000000", "10Mb/s, 10000000"})
    void rates(String text, long bps) {
        Scenario s = Yaml.load("topology: {kind: star, hosts: 2, link: {speed: " + text + "}}\n");
        assertThat(s.topology().link().speedBps()).isEqualTo(bps);
    }

    @Test
    void lengthGivesFiveNanosecondsPerMetreUnlessDelayIsGiven() {
        LinkConfig l = Yaml.load("topology: {kind: star, hosts: 2, link: {length: 100m, fec: fc, ber: 1e-6}}\n")
                .topology()
                .link();
        assertThat(l.propagationPs()).isEqualTo(500_000L);
        assertThat(l.fec()).isEqualTo(FecMode.FC);
        assertThat(l.ber()).isEqualTo(1e-6);
        assertThat(l.toLinkSpec().berAtoB()).isEqualTo(1e-6);
        LinkConfig d = Yaml.load("topology: {kind: star, hosts: 2, link: {length: 1km, delay: 1us}}\n")
                .topology()
                .link();
        assertThat(d.lengthM()).isEqualTo(1000.0);
        assertThat(d.propagationPs()).isEqualTo(1_000_000L);
    }

    @Test
    void retransmissionTimeoutAsIbExponentOrTime() {
        Scenario code =
                Yaml.load("topology: {kind: star, hosts: 2}\nnic: {retransmission: {timeout: 10, mode: go-back-0}}\n");
        assertThat(code.nicDefaults().retransmission().ackTimeoutPs()).isEqualTo(4_194_304_000L);
        assertThat(code.nicDefaults().retransmission().mode()).isEqualTo(RetransmitMode.GO_BACK_0);
        Scenario time = Yaml.load("topology: {kind: star, hosts: 2}\nnic: {retransmission: {timeout: 1ms}}\n");
        // the QP attribute holds an exponent: 1 ms becomes the smallest 4.096 µs × 2^n ≥ 1 ms, n = 8
        assertThat(time.nicDefaults().retransmission().timeoutCode()).isEqualTo(8);
        assertThat(time.nicDefaults().retransmission().ackTimeoutPs()).isEqualTo(1_048_576_000L);
        assertThat(RetransmissionSpec.ackTimeoutPs(0)).isZero();
        assertThat(RetransmissionSpec.codeFor(1L)).isEqualTo(1);
        assertThat(RetransmissionSpec.codeFor(8_192_000L)).isEqualTo(1);
        assertThat(RetransmissionSpec.codeFor(8_192_001L)).isEqualTo(2);
        assertThat(RetransmissionSpec.codeFor(RetransmissionSpec.ackTimeoutPs(31) + 1))
                .isEqualTo(-1);
    }

    @ParameterizedTest
    @CsvSource({
        "1500, 1024",
        "4096, 2048",
        "4191, 2048",
        "4192, 4096",
        "9000, 4096",
        "1100, 512",
        "1119, 512",
        "1120, 1024",
        "608, 512",
        "607, 256",
        "352, 256"
    })
    void activeMtuAsMlx5(int netdev, int active) {
        assertThat(NicSpec.activeMtu(netdev)).isEqualTo(active);
    }

    @Test
    void pathMtuIsLoweredToWhatTheNetdevMtuAllowsWithAWarning() {
        Scenario s = Yaml.load("topology: {kind: back-to-back}\nnic: {mtu: 4096, netdev_mtu: 1500}\n");
        assertThat(s.nicDefaults().mtu()).isEqualTo(1024);
        assertThat(s.nicDefaults().configuredMtu()).isEqualTo(4096);
        assertThat(s.warnings())
                .containsExactly(
                        "nic.mtu: path MTU 4096 needs netdev_mtu of at least 4192; with netdev_mtu 1500 the NIC uses 1024 (mlx5 iboe_get_mtu)");
    }

    @Test
    void pcieAutoFitsThePortSpeed() {
        assertThat(PcieSpec.fitting(100_000_000_000L)).isEqualTo(new PcieSpec(false, 3, 16, 256));
        assertThat(PcieSpec.fitting(200_000_000_000L)).isEqualTo(new PcieSpec(false, 4, 16, 256));
        assertThat(PcieSpec.fitting(400_000_000_000L)).isEqualTo(new PcieSpec(false, 5, 16, 256));
        assertThat(PcieSpec.fitting(400_000_000_000L).rawRateBps()).isEqualTo(512_000_000_000L);
        Scenario s = Yaml.load("topology: {kind: back-to-back}\nnic: {pcie: {gen: 4, lanes: 8}}\n");
        assertThat(s.nicDefaults().pcie()).isEqualTo(new PcieSpec(false, 4, 8, 256));
    }
}
