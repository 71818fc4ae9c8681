package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/** Longest-prefix match, ECMP hashing, and ACL matching with counters. */
class LpmEcmpAclTest {
    private static int ip(int a, int b, int c, int d) {
        return a << 24 | b << 16 | c << 8 | d;
    }

    @Test
    void longestPrefixWinsAndStaticOverridesComputed() {
        LpmTable t = new LpmTable();
        t.put(ip(10, 0, 0, 0), 8, 1, false);
        t.put(ip(10, 1, 0, 0), 16, 2, false);
        t.put(ip(10, 1, 2, 0), 24, 3, false);
        t.put(ip(10, 1, 2, 7), 32, 4, false);
        assertThat(t.lookup(ip(10, 9, 9, 9))).isEqualTo(1);
        assertThat(t.lookup(ip(10, 1, 9, 9))).isEqualTo(2);
        assertThat(t.lookup(ip(10, 1, 2, 9))).isEqualTo(3);
        assertThat(t.lookup(ip(10, 1, 2, 7))).isEqualTo(4);
        assertThat(t.lookup(ip(11, 0, 0, 1))).isEqualTo(-1);
        t.put(ip(10, 1, 0, 0), 16, 9, true);
        assertThat(t.lookup(ip(10, 1, 9, 9))).as("static overrides computed").isEqualTo(9);
        assertThat(t.lookup(ip(10, 1, 2, 9)))
                .as("a longer computed prefix still wins")
                .isEqualTo(3);
        t.put(0, 0, 5, false);
        assertThat(t.lookup(ip(11, 0, 0, 1))).as("default route").isEqualTo(5);
        t.put(ip(192, 168, 0, 0), 16, 6, false);
        assertThat(t.lookup(ip(192, 168, 255, 255))).isEqualTo(6);
    }

    @Test
    void ecmpIsDeterministicAndSeedSensitive() {
        EcmpHash a = new EcmpHash(EcmpConfig.defaults());
        EcmpHash b = new EcmpHash(EcmpConfig.defaults());
        EcmpHash c = new EcmpHash(new EcmpConfig(EcmpConfig.ALL, 1));
        int differ = 0;
        for (int port = 49152; port < 49152 + 1000; port++) {
            long h = a.hash(ip(10, 0, 0, 1), ip(10, 0, 1, 1), 17, port, 4791);
            assertThat(b.hash(ip(10, 0, 0, 1), ip(10, 0, 1, 1), 17, port, 4791)).isEqualTo(h);
            if (c.hash(ip(10, 0, 0, 1), ip(10, 0, 1, 1), 17, port, 4791) != h) {
                differ++;
            }
        }
        assertThat(differ).isEqualTo(1000);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 16})
    void udpSourcePortSpreadsFlowsEvenly(int members) {
        EcmpHash h = new EcmpHash(EcmpConfig.defaults());
        Packet p = new PacketPool().acquire();
        p.srcIp = ip(10, 0, 0, 1);
        p.dstIp = ip(10, 0, 1, 1);
        p.ipProto = 17;
        p.dstPort = 4791;
        int n = 64_000;
        int[] count = new int[members];
        for (int i = 0; i < n; i++) {
            p.srcPort = (i * 7919) & 0xFFFF;
            count[h.select(p, members)]++;
        }
        double mean = n / (double) members;
        double sigma = Math.sqrt(mean * (1 - 1.0 / members));
        for (int k = 0; k < members; k++) {
            assertThat((double) count[k]).isCloseTo(mean, org.assertj.core.data.Offset.offset(5 * sigma));
        }
    }

    @Test
    void hashWithoutSourcePortPutsAllQpsOfAHostPairOnOnePath() {
        EcmpHash h = new EcmpHash(EcmpConfig.of(List.of("src_ip", "dst_ip", "proto", "dst_port"), 0));
        Packet p = new PacketPool().acquire();
        p.srcIp = ip(10, 0, 0, 1);
        p.dstIp = ip(10, 0, 1, 1);
        p.ipProto = 17;
        p.dstPort = 4791;
        p.srcPort = 1000;
        int first = h.select(p, 8);
        for (int port = 1001; port < 2000; port++) {
            p.srcPort = port;
            assertThat(h.select(p, 8)).isEqualTo(first);
        }
    }

    @Test
    void aclFirstMatchWinsAndCounts() {
        AclTable acl = new AclTable(List.of(
                new AclRule(true, 17, ip(10, 0, 9, 0), 24, 0, 0, -1, 4791, -1),
                AclRule.dstPort(false, 17, 4791),
                new AclRule(false, -1, 0, 0, ip(10, 2, 0, 0), 16, -1, -1, 46)));
        Packet p = new PacketPool().acquire();
        p.ipProto = 17;
        p.dstPort = 4791;
        p.srcIp = ip(10, 0, 9, 3);
        p.frameBytes = 100;
        assertThat(acl.permit(p)).isTrue();
        p.srcIp = ip(10, 0, 8, 3);
        assertThat(acl.permit(p)).isFalse();
        p.dstPort = 5000;
        p.dstIp = ip(10, 2, 3, 4);
        p.dscp = 46;
        assertThat(acl.permit(p)).isFalse();
        p.dscp = 26;
        assertThat(acl.permit(p)).as("no rule matches: permit").isTrue();
        assertThat(acl.packets).containsExactly(1, 1, 1);
        assertThat(acl.bytes).containsExactly(100, 100, 100);
    }
}
