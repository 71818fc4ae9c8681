package org.rocelab.sw;

import org.rocelab.packet.Packet;

/**
 * Deterministic ECMP member selection over a configurable subset of the 5-tuple (src/dst IP,
 * protocol, src/dst L4 port) and a seed; RoCEv2's UDP source port carries the per-QP entropy.
 * Each field is folded in with the SplitMix64 finaliser; the member is the hash's high bits
 * scaled to the group size (no modulo bias to speak of, no allocation).
 */
public final class EcmpHash {
    private final int fields;
    /** The seed folded in first: the same for every packet, so computed once. */
    private final long seedMix;

    private final boolean ns3;
    private final int ns3Seed;

    public EcmpHash(EcmpConfig cfg) {
        this.fields = cfg.fieldMask();
        this.seedMix = mix(cfg.seed() ^ 0x9E3779B97F4A7C15L);
        this.ns3 = cfg.function().equals(EcmpConfig.HPCC_NS3);
        this.ns3Seed = (int) cfg.seed();
    }

    /** The 64-bit hash of the configured fields. */
    public long hash(int srcIp, int dstIp, int proto, int srcPort, int dstPort) {
        long h = seedMix;
        if ((fields & EcmpConfig.SRC_IP) != 0) {
            h = mix(h ^ (srcIp & 0xFFFFFFFFL));
        }
        if ((fields & EcmpConfig.DST_IP) != 0) {
            h = mix(h ^ (dstIp & 0xFFFFFFFFL) << 1);
        }
        if ((fields & EcmpConfig.PROTO) != 0) {
            h = mix(h ^ proto);
        }
        if ((fields & EcmpConfig.SRC_PORT) != 0) {
            h = mix(h ^ (long) srcPort << 16);
        }
        if ((fields & EcmpConfig.DST_PORT) != 0) {
            h = mix(h ^ (long) dstPort << 32);
        }
        return h;
    }

    /** Member index 0..n-1 for the packet. */
    public int select(Packet p, int n) {
        if (n == 1) {
            return 0;
        }
        if (ns3) {
            return Integer.remainderUnsigned(murmur3(p.srcIp, p.dstIp, p.flowPorts, ns3Seed), n);
        }
        return member(hash(p.srcIp, p.dstIp, p.ipProto, p.srcPort, p.dstPort), n);
    }

    /** Whether this is the HPCC ns-3 hash ({@link EcmpConfig#HPCC_NS3}). */
    public boolean ns3() {
        return ns3;
    }

    /**
     * ns-3 HPCC {@code SwitchNode::EcmpHash(buf, 12, seed)} of the 12-byte key {sip, dip, ports} as
     * three little-endian 32-bit words: MurmurHash3 x86_32 (Appleby), unsigned.
     */
    public static int murmur3(int sip, int dip, int ports, int seed) {
        int h = seed;
        h = block(h, sip);
        h = block(h, dip);
        h = block(h, ports);
        h ^= 12;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    private static int block(int h, int k) {
        k *= 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1b873593;
        h ^= k;
        h = Integer.rotateLeft(h, 13);
        return h * 5 + 0xe6546b64;
    }

    /** Member index 0..n-1 of a flow whose {@link #hash} is {@code h}, in a group of {@code n}. */
    public static int member(long h, int n) {
        return (int) (((h >>> 32) * n) >>> 32);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
