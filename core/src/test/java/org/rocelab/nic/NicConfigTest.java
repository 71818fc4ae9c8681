package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Configuration defaults, validation messages and derived values. */
class NicConfigTest {
    @ParameterizedTest
    @CsvSource({"1500, 1024", "4096, 2048", "4192, 4096", "9000, 4096", "1100, 512", "400, 256"})
    void activeMtuFollowsIboeGetMtu(int netdev, int expected) {
        assertThat(NicConfig.activeMtu(4096, netdev)).isEqualTo(expected);
    }

    @Test
    void activeMtuNeverExceedsTheRequest() {
        assertThat(NicConfig.activeMtu(1024, 9000)).isEqualTo(1024);
        assertThatThrownBy(() -> NicConfig.activeMtu(4096, 300)).hasMessageContaining("nic.netdev_mtu");
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        NicConfig c = NicConfig.defaults();
        assertThat(c.mtu()).isEqualTo(4096);
        assertThat(c.roce()).isEqualTo(RoceVersion.V2);
        assertThat(c.dscp()).isEqualTo(26);
        assertThat(c.pcp()).isEqualTo(3);
        assertThat(c.cnpDscp()).isEqualTo(48);
        assertThat(c.cnpPcp()).isEqualTo(6);
        assertThat(c.minTimeBetweenCnpsPs()).isEqualTo(4_000_000L);
        assertThat(c.localAckTimeoutPs()).isEqualTo(67_108_864_000L);
        assertThat(c.messageIntervalPs()).isEqualTo(4_652);
        assertThat(c.pcieFor(100_000_000_000L)).isEqualTo(PcieSlot.of(3, 16, 256));
        assertThat(NicConfig.localAckTimeoutPs(0)).isZero();
    }

    @Test
    void badValuesNameTheKey() {
        assertThatThrownBy(() -> NicConfig.builder().mtu(1500).build()).hasMessageContaining("nic.mtu");
        assertThatThrownBy(() -> NicConfig.builder().dscp(64).build()).hasMessageContaining("nic.dscp");
        assertThatThrownBy(() -> NicConfig.builder().rnrRetry(8).build()).hasMessageContaining("nic.rnr_retry");
        assertThatThrownBy(() -> NicConfig.builder().retransmission("go-back-2").build())
                .hasMessageContaining("go-back-n, go-back-0, adaptive or irn");
        assertThatThrownBy(() -> PcieSlot.of(3, 12, 256)).hasMessageContaining("nic.pcie.lanes");
        assertThatThrownBy(() -> PcieSlot.of(6, 16, 256)).hasMessageContaining("nic.pcie.gen");
        assertThatThrownBy(() -> RoceVersion.parse("v3")).hasMessageContaining("nic.roce");
    }

    @Test
    void toBuilderRoundTrips() {
        NicConfig c = NicConfig.builder()
                .mtu(1024)
                .retransmission("adaptive")
                .vlanId(10)
                .build();
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }
}
