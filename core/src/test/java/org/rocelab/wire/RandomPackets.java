package org.rocelab.wire;

import java.util.SplittableRandom;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/** Seeded random packets of every kind the wire package encodes, with every wire field in range. */
final class RandomPackets {
    static final int[] ROCE_OPCODES = {
        0x00,
        0x01,
        0x02,
        0x03,
        0x04,
        0x05,
        0x06,
        0x07,
        0x08,
        0x09,
        0x0A,
        0x0B,
        0x0C,
        0x0D,
        0x0E,
        0x0F,
        0x10,
        0x11,
        Opcode.UD_SEND_ONLY,
        Opcode.UD_SEND_ONLY_WITH_IMMEDIATE,
        Opcode.CNP
    };

    private final SplittableRandom rnd;
    private final PacketPool pool;

    RandomPackets(long seed, PacketPool pool) {
        this.rnd = new SplittableRandom(seed);
        this.pool = pool;
    }

    /** A random packet of a random kind (RoCE v2 over IPv4/IPv6, v1, PFC, PAUSE, TCP), tagged or not. */
    Packet next() {
        int r = rnd.nextInt(10);
        int kind = r < 6
                ? PacketKind.ROCE_V2
                : r == 6 ? PacketKind.ROCE_V1 : r == 7 ? PacketKind.PFC : r == 8 ? PacketKind.PAUSE : PacketKind.TCP;
        return of(kind, ROCE_OPCODES[rnd.nextInt(ROCE_OPCODES.length)], rnd.nextBoolean(), rnd.nextBoolean());
    }

    /** A random packet of the given kind (opcode and ipv6 apply to RoCE kinds). */
    Packet of(int kind, int opcode, boolean ipv6, boolean vlan) {
        Packet p = pool.acquire();
        p.kind = kind;
        p.srcMac = rnd.nextLong() & 0xFFFF_FFFF_FFFFL;
        p.dstMac = PacketKind.isMacControl(kind) ? PacketKind.MAC_CONTROL_DA : rnd.nextLong() & 0xFFFF_FFFF_FFFFL;
        p.vlanTagged = vlan;
        if (vlan) {
            p.pcp = rnd.nextInt(8);
            p.dei = rnd.nextInt(2);
            p.vid = rnd.nextInt(4096);
        }
        switch (kind) {
            case PacketKind.ROCE_V2 -> {
                p.ipv6 = ipv6;
                ip(p);
                p.ipProto = 17;
                p.srcPort = rnd.nextInt(65536);
                p.dstPort = PacketKind.ROCE_UDP_PORT;
                transport(p, opcode);
            }
            case PacketKind.ROCE_V1 -> {
                p.ipv6 = true;
                ip(p);
                p.ipProto = 0x1B;
                transport(p, opcode);
            }
            case PacketKind.TCP -> {
                ip(p);
                p.ipProto = 6;
                p.srcPort = rnd.nextInt(65536);
                p.dstPort = rnd.nextInt(65536);
                p.tcpSeq = rnd.nextLong() & 0xFFFFFFFFL;
                p.tcpAck = rnd.nextLong() & 0xFFFFFFFFL;
                p.tcpFlags = rnd.nextInt(0x200);
                p.payloadBytes = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(1461);
            }
            case PacketKind.PFC -> {
                p.pfcEnableVector = rnd.nextInt(256);
                for (int i = 0; i < 8; i++) {
                    p.pfcQuanta[i] = rnd.nextInt(65536);
                }
            }
            default -> {
                p.pauseQuanta = rnd.nextInt(65536);
            }
        }
        p.computeSizes();
        return p;
    }

    private void ip(Packet p) {
        p.dscp = rnd.nextInt(64);
        p.ecn = rnd.nextInt(4);
        p.ttl = rnd.nextInt(256);
        if (p.ipv6) {
            p.flowLabel = rnd.nextInt(1 << 20);
            p.srcIp6Hi = rnd.nextLong();
            p.srcIp6Lo = rnd.nextLong();
            p.dstIp6Hi = rnd.nextLong();
            p.dstIp6Lo = rnd.nextLong();
        } else {
            p.df = rnd.nextBoolean();
            p.ipId = rnd.nextInt(65536);
            p.srcIp = rnd.nextInt();
            p.dstIp = rnd.nextInt();
        }
    }

    private void transport(Packet p, int op) {
        p.opcode = op;
        p.solicited = rnd.nextBoolean();
        p.migReq = rnd.nextBoolean();
        p.tver = rnd.nextInt(16);
        p.pkey = rnd.nextInt(65536);
        p.fecn = rnd.nextBoolean();
        p.becn = op == Opcode.CNP || rnd.nextBoolean();
        p.destQp = rnd.nextInt(1 << 24);
        p.ackReq = rnd.nextBoolean();
        p.psn = rnd.nextInt(1 << 24);
        if (op == Opcode.CNP) {
            return;
        }
        if (Opcode.hasReth(op)) {
            p.rethVa = rnd.nextLong();
            p.rethRkey = rnd.nextInt();
            p.rethLength = rnd.nextInt();
        }
        if (Opcode.hasAeth(op)) {
            p.aethSyndrome = rnd.nextInt(256);
            p.aethMsn = rnd.nextInt(1 << 24);
        }
        if (Opcode.hasImm(op)) {
            p.immDt = rnd.nextInt();
        }
        if (Opcode.hasDeth(op)) {
            p.dethQkey = rnd.nextInt();
            p.dethSrcQp = rnd.nextInt(1 << 24);
        }
        if (Opcode.hasPayload(op)) {
            p.payloadBytes = rnd.nextInt(4) == 0 ? rnd.nextInt(8) : rnd.nextInt(4097);
        }
    }
}
