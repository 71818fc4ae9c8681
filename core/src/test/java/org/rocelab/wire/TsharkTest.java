package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/**
 * Writes one frame of each kind into a pcap and checks what Wireshark's dissector (tshark, an
 * independent implementation of the same specs) reads back: every field equals what was written,
 * no frame is malformed, no expert warning or error, and every RoCE frame's ICRC verifies.
 */
class TsharkTest {
    private final PacketPool pool = new PacketPool();

    @TempDir
    Path dir;

    private Packet roce(int opcode, int qp, int psn, int payload) {
        Packet p = pool.acquire();
        p.kind = PacketKind.ROCE_V2;
        p.srcMac = 0x0c42a1000001L;
        p.dstMac = 0x0c42a1000002L;
        p.dscp = 26;
        p.ecn = 2;
        p.ipId = 0x1234;
        p.srcIp = 0x0a000001;
        p.dstIp = 0x0a000002;
        p.ipProto = 17;
        p.srcPort = 0xC000 + qp;
        p.dstPort = PacketKind.ROCE_UDP_PORT;
        p.opcode = opcode;
        p.destQp = qp;
        p.psn = psn;
        p.payloadBytes = payload;
        return p;
    }

    /** The frames, in pcap order. */
    List<Packet> packets() {
        List<Packet> ps = new ArrayList<>();
        Packet writeFirst = roce(Opcode.RDMA_WRITE_FIRST, 0x154, 0x76f7ac, 1024);
        writeFirst.rethVa = 0x7f3e25da2000L;
        writeFirst.rethRkey = 0x1bdfdf;
        writeFirst.rethLength = 65536;
        writeFirst.vlanTagged = true;
        writeFirst.pcp = 3;
        writeFirst.vid = 100;
        ps.add(writeFirst);
        ps.add(roce(Opcode.RDMA_WRITE_MIDDLE, 0x154, 0x76f7ad, 1024));
        Packet sendImm = roce(Opcode.SEND_ONLY_WITH_IMMEDIATE, 0x155, 7, 13);
        sendImm.immDt = 0xdeadbeef;
        sendImm.solicited = true;
        sendImm.ackReq = true;
        ps.add(sendImm);
        Packet readReq = roce(Opcode.RDMA_READ_REQUEST, 0x156, 100, 0);
        readReq.rethVa = 0x1000;
        readReq.rethRkey = 0x2233;
        readReq.rethLength = 8192;
        ps.add(readReq);
        Packet readFirst = roce(Opcode.RDMA_READ_RESPONSE_FIRST, 0x157, 100, 4096);
        readFirst.aethSyndrome = 0x1F;
        readFirst.aethMsn = 5;
        ps.add(readFirst);
        Packet ack = roce(Opcode.ACKNOWLEDGE, 0x22, 101, 0);
        ack.aethSyndrome = 0x1F;
        ack.aethMsn = 1;
        ps.add(ack);
        Packet nak = roce(Opcode.ACKNOWLEDGE, 0x22, 90, 0);
        nak.aethSyndrome = 0x60;
        nak.aethMsn = 1;
        ps.add(nak);
        Packet cnp = roce(Opcode.CNP, 0x118, 0, 0);
        cnp.dscp = 48;
        cnp.becn = true;
        ps.add(cnp);
        Packet pfc = pool.acquire();
        pfc.kind = PacketKind.PFC;
        pfc.srcMac = 0x0c42a1000003L;
        pfc.pfcEnableVector = 0b1000_1010;
        pfc.pfcQuanta[1] = 100;
        pfc.pfcQuanta[3] = 0xFFFF;
        pfc.pfcQuanta[7] = 0;
        ps.add(pfc);
        Packet pause = pool.acquire();
        pause.kind = PacketKind.PAUSE;
        pause.srcMac = 0x0c42a1000004L;
        pause.pauseQuanta = 0x1234;
        ps.add(pause);
        Packet v1 = roce(Opcode.SEND_ONLY, 0x333, 55, 64);
        v1.kind = PacketKind.ROCE_V1;
        v1.ipv6 = true;
        v1.flowLabel = 0x12345;
        v1.srcIp6Hi = 0xfe80000000000000L;
        v1.srcIp6Lo = 0x0e42a1fffe000001L;
        v1.dstIp6Hi = 0xfe80000000000000L;
        v1.dstIp6Lo = 0x0e42a1fffe000002L;
        ps.add(v1);
        Packet v6 = roce(Opcode.RDMA_WRITE_ONLY, 0x444, 66, 100);
        v6.ipv6 = true;
        v6.flowLabel = 0xABCDE;
        v6.srcIp6Hi = 0x20010db800000000L;
        v6.srcIp6Lo = 1;
        v6.dstIp6Hi = 0x20010db800000000L;
        v6.dstIp6Lo = 2;
        v6.rethVa = 0xABCDEF0123L;
        v6.rethRkey = 0x99;
        v6.rethLength = 100;
        ps.add(v6);
        Packet ud = roce(Opcode.UD_SEND_ONLY, 0x1234, 77, 256);
        ud.dethQkey = 0x80010000;
        ud.dethSrcQp = 0x123;
        ps.add(ud);
        Packet tcp = pool.acquire();
        tcp.kind = PacketKind.TCP;
        tcp.srcMac = 0x0c42a1000001L;
        tcp.dstMac = 0x0c42a1000002L;
        tcp.srcIp = 0x0a000001;
        tcp.dstIp = 0x0a000002;
        tcp.ipProto = 6;
        tcp.srcPort = 40000;
        tcp.dstPort = 5201;
        tcp.tcpSeq = 0x89abcdefL;
        tcp.tcpAck = 0x01020304L;
        tcp.tcpFlags = 0x18;
        tcp.payloadBytes = 333;
        ps.add(tcp);
        for (Packet p : ps) {
            p.computeSizes();
        }
        return ps;
    }

    static final String[] FIELDS = {
        "eth.dst",
        "eth.src",
        "eth.type",
        "vlan.priority",
        "vlan.dei",
        "vlan.id",
        "ip.dsfield.dscp",
        "ip.dsfield.ecn",
        "ip.ttl",
        "ip.flags.df",
        "ip.id",
        "ip.len",
        "ip.proto",
        "ip.src",
        "ip.dst",
        "ip.checksum.status",
        "ipv6.tclass",
        "ipv6.flow",
        "ipv6.hlim",
        "ipv6.plen",
        "ipv6.nxt",
        "ipv6.src",
        "ipv6.dst",
        "udp.srcport",
        "udp.dstport",
        "udp.length",
        "udp.checksum",
        "infiniband.grh.tclass",
        "infiniband.grh.flowlabel",
        "infiniband.grh.hoplmt",
        "infiniband.grh.paylen",
        "infiniband.grh.nxthdr",
        "infiniband.grh.sgid",
        "infiniband.grh.dgid",
        "infiniband.bth.opcode",
        "infiniband.bth.se",
        "infiniband.bth.m",
        "infiniband.bth.padcnt",
        "infiniband.bth.tver",
        "infiniband.bth.p_key",
        "infiniband.bth.destqp",
        "infiniband.bth.a",
        "infiniband.bth.psn",
        "infiniband.reth.va",
        "infiniband.reth.r_key",
        "infiniband.reth.dmalen",
        "infiniband.aeth.syndrome",
        "infiniband.aeth.msn",
        "infiniband.immdt",
        "infiniband.deth.q_key",
        "infiniband.deth.srcqp",
        "infiniband.invariant.crc",
        "macc.opcode",
        "macc.cbfc.enbv",
        "macc.cbfc.pause_time.c0",
        "macc.cbfc.pause_time.c1",
        "macc.cbfc.pause_time.c2",
        "macc.cbfc.pause_time.c3",
        "macc.cbfc.pause_time.c4",
        "macc.cbfc.pause_time.c5",
        "macc.cbfc.pause_time.c6",
        "macc.cbfc.pause_time.c7",
        "macc.pause_time",
        "tcp.srcport",
        "tcp.dstport",
        "tcp.seq_raw",
        "tcp.ack_raw",
        "tcp.flags",
        "tcp.len",
        "tcp.checksum.status"
    };

    @Test
    void tsharkReadsBackEveryFieldWritten() throws Exception {
        Tshark.require();
        List<Packet> ps = packets();
        Path pcap = dir.resolve("every-kind.pcap");
        List<byte[]> frames = new ArrayList<>();
        try (PcapWriter w = PcapWriter.open(pcap, PcapWriter.DEFAULT_SNAPLEN, 0)) {
            long t = 0;
            for (Packet p : ps) {
                byte[] f = FrameEncoder.encode(p);
                frames.add(f);
                w.write(t, f);
                t += 1_234_567;
            }
        }
        List<Map<String, String>> rows = Tshark.fields(pcap, FIELDS);
        assertThat(rows).hasSize(ps.size());
        for (int i = 0; i < ps.size(); i++) {
            new Row(rows.get(i), "frame " + (i + 1) + " " + ps.get(i)).check(ps.get(i), frames.get(i));
        }
        assertThat(Tshark.problems(pcap)).isEmpty();
        String expert = Tshark.run("-r", pcap.toString(), "-q", "-z", "expert");
        assertThat(expert)
                .doesNotContain("Errors (")
                .doesNotContain("Warnings (")
                .doesNotContain("Malformed");
    }

    /** One tshark row and the assertions on it. */
    private static final class Row {
        private final Map<String, String> row;
        private final String what;

        Row(Map<String, String> row, String what) {
            this.row = row;
            this.what = what;
        }

        /** The first occurrence of a field as tshark prints it. */
        String text(String field) {
            return row.get(field).split(",", -1)[0];
        }

        /** A numeric field, decimal or 0x-hex as tshark prints it. */
        long num(String field) {
            String v = text(field);
            assertThat(v).as("%s: %s present", what, field).isNotEmpty();
            return v.startsWith("0x") ? Long.parseUnsignedLong(v.substring(2), 16) : Long.parseLong(v);
        }

        void eq(String field, long expected) {
            assertThat(num(field)).as("%s: %s", what, field).isEqualTo(expected);
        }

        void absent(String field) {
            assertThat(row.get(field)).as("%s: %s absent", what, field).isEmpty();
        }

        void addr6(String field, long hi, long lo) throws Exception {
            ByteBuffer expected = ByteBuffer.allocate(16).putLong(hi).putLong(lo);
            assertThat(InetAddress.getByName(text(field)).getAddress())
                    .as("%s: %s", what, field)
                    .isEqualTo(expected.array());
        }

        void mac(String field, long mac) {
            assertThat(text(field).replace(":", "")).as("%s: %s", what, field).isEqualTo(String.format("%012x", mac));
        }

        void check(Packet p, byte[] frame) throws Exception {
            mac("eth.src", p.srcMac);
            mac("eth.dst", PacketKind.isMacControl(p.kind) ? PacketKind.MAC_CONTROL_DA : p.dstMac);
            if (p.vlanTagged) {
                eq("eth.type", PacketKind.ETHERTYPE_VLAN);
                eq("vlan.priority", p.pcp);
                eq("vlan.dei", p.dei);
                eq("vlan.id", p.vid);
            } else {
                eq("eth.type", p.etherType());
                absent("vlan.id");
            }
            switch (p.kind) {
                case PacketKind.ROCE_V2 -> {
                    if (p.ipv6) {
                        eq("ipv6.tclass", (p.dscp << 2) | p.ecn);
                        eq("ipv6.flow", p.flowLabel);
                        eq("ipv6.hlim", p.ttl);
                        eq("ipv6.nxt", 17);
                        eq("ipv6.plen", 8 + p.roceTransportBytes());
                        addr6("ipv6.src", p.srcIp6Hi, p.srcIp6Lo);
                        addr6("ipv6.dst", p.dstIp6Hi, p.dstIp6Lo);
                    } else {
                        ipv4(p, 17, 20 + 8 + p.roceTransportBytes());
                    }
                    eq("udp.srcport", p.srcPort);
                    eq("udp.dstport", 4791);
                    eq("udp.length", 8 + p.roceTransportBytes());
                    eq("udp.checksum", 0);
                    transport(p, frame);
                }
                case PacketKind.ROCE_V1 -> {
                    eq("infiniband.grh.tclass", (p.dscp << 2) | p.ecn);
                    eq("infiniband.grh.flowlabel", p.flowLabel);
                    eq("infiniband.grh.hoplmt", p.ttl);
                    eq("infiniband.grh.nxthdr", 0x1B);
                    eq("infiniband.grh.paylen", p.roceTransportBytes());
                    addr6("infiniband.grh.sgid", p.srcIp6Hi, p.srcIp6Lo);
                    addr6("infiniband.grh.dgid", p.dstIp6Hi, p.dstIp6Lo);
                    absent("udp.srcport");
                    transport(p, frame);
                }
                case PacketKind.PFC -> {
                    eq("macc.opcode", 0x0101);
                    eq("macc.cbfc.enbv", p.pfcEnableVector);
                    for (int c = 0; c < 8; c++) {
                        eq("macc.cbfc.pause_time.c" + c, p.pfcQuanta[c]);
                    }
                }
                case PacketKind.PAUSE -> {
                    eq("macc.opcode", 0x0001);
                    eq("macc.pause_time", p.pauseQuanta);
                }
                default -> {
                    ipv4(p, 6, 20 + 20 + p.payloadBytes);
                    eq("tcp.srcport", p.srcPort);
                    eq("tcp.dstport", p.dstPort);
                    eq("tcp.seq_raw", p.tcpSeq);
                    eq("tcp.ack_raw", p.tcpAck);
                    eq("tcp.flags", p.tcpFlags);
                    eq("tcp.len", p.payloadBytes);
                    eq("tcp.checksum.status", CHECKSUM_GOOD);
                }
            }
        }

        private void ipv4(Packet p, int proto, int totalLength) {
            eq("ip.dsfield.dscp", p.dscp);
            eq("ip.dsfield.ecn", p.ecn);
            eq("ip.ttl", p.ttl);
            eq("ip.flags.df", p.df ? 1 : 0);
            eq("ip.id", p.ipId);
            eq("ip.proto", proto);
            eq("ip.len", totalLength);
            eq("ip.checksum.status", CHECKSUM_GOOD);
            assertThat(text("ip.src")).isEqualTo(ipv4(p.srcIp));
            assertThat(text("ip.dst")).isEqualTo(ipv4(p.dstIp));
        }

        private static String ipv4(int a) {
            return (a >>> 24) + "." + ((a >>> 16) & 0xFF) + "." + ((a >>> 8) & 0xFF) + "." + (a & 0xFF);
        }

        private void transport(Packet p, byte[] frame) throws Exception {
            int op = p.opcode;
            eq("infiniband.bth.opcode", op);
            eq("infiniband.bth.se", p.solicited ? 1 : 0);
            eq("infiniband.bth.m", p.migReq ? 1 : 0);
            eq("infiniband.bth.padcnt", p.padBytes());
            eq("infiniband.bth.tver", p.tver);
            eq("infiniband.bth.p_key", p.pkey);
            eq("infiniband.bth.destqp", p.destQp);
            eq("infiniband.bth.a", p.ackReq ? 1 : 0);
            eq("infiniband.bth.psn", p.psn);
            if (Opcode.hasReth(op)) {
                eq("infiniband.reth.va", p.rethVa);
                eq("infiniband.reth.r_key", p.rethRkey & 0xFFFFFFFFL);
                eq("infiniband.reth.dmalen", p.rethLength & 0xFFFFFFFFL);
            } else {
                absent("infiniband.reth.va");
            }
            if (Opcode.hasAeth(op)) {
                eq("infiniband.aeth.syndrome", p.aethSyndrome);
                eq("infiniband.aeth.msn", p.aethMsn);
            } else {
                absent("infiniband.aeth.syndrome");
            }
            if (Opcode.hasImm(op)) {
                assertThat(Long.parseLong(text("infiniband.immdt"), 16))
                        .as("%s: immdt", what)
                        .isEqualTo(p.immDt & 0xFFFFFFFFL);
            } else {
                absent("infiniband.immdt");
            }
            if (Opcode.hasDeth(op)) {
                eq("infiniband.deth.q_key", p.dethQkey & 0xFFFFFFFFL);
                eq("infiniband.deth.srcqp", p.dethSrcQp);
            }
            assertThat(Icrc.verify(frame)).as("%s: ICRC verifies", what).isTrue();
            if (op == Opcode.CNP) {
                absent("infiniband.invariant.crc");
            } else {
                eq("infiniband.invariant.crc", Integer.reverseBytes(Icrc.stored(frame)) & 0xFFFFFFFFL);
            }
        }
    }

    /** Wireshark's PROTO_CHECKSUM_E_GOOD. */
    static final int CHECKSUM_GOOD = 1;
}
