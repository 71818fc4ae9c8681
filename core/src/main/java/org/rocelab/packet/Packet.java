package org.rocelab.packet;

import java.util.Arrays;

/**
 * The one in-memory packet: a pooled, mutable bag of primitive header fields (Ethernet with an
 * optional 802.1Q tag, IPv4/IPv6, UDP, BTH, RETH, AETH, ImmDt, DETH, CNP, PFC/PAUSE, GRH for
 * RoCEv1, a minimal TCP header) plus model metadata that never reaches the wire.
 *
 * <p>Nothing is serialised on the hot path; {@code org.rocelab.wire} turns a packet into exact
 * bytes only for taps and tests. Sizes follow the wire exactly (DESIGN.md §2): call
 * {@link #computeSizes()} after setting headers. Packets come from a {@link PacketPool} and go
 * back to it exactly once.
 */
public final class Packet {
    /** Preamble 7 + SFD 1. */
    public static final int PREAMBLE_BYTES = 8;
    /** Minimum inter-frame gap. */
    public static final int IFG_BYTES = 12;

    public static final int FCS_BYTES = 4;
    public static final int ETH_HEADER_BYTES = 14;
    public static final int VLAN_TAG_BYTES = 4;
    public static final int IPV4_BYTES = 20;
    public static final int IPV6_BYTES = 40;
    public static final int UDP_BYTES = 8;
    public static final int TCP_BYTES = 20;
    public static final int ICRC_BYTES = 4;
    /** Minimum Ethernet frame without FCS. */
    public static final int MIN_FRAME_NO_FCS = 60;
    /** MAC control payload: opcode 2 + vector 2 + 8 times 2 (PFC), padded to the minimum. */
    public static final int MAC_CONTROL_FRAME_BYTES = MIN_FRAME_NO_FCS + FCS_BYTES;

    // ---- identity and model metadata (not on the wire) ----
    /** Unique per simulation, in creation order. */
    public long id;

    public int kind;
    /** The flow or QP-pair this packet belongs to (workload-defined), -1 if none. */
    public int flowId;
    /** Node index of the original sender and of the final destination (-1 for link-local). */
    public int srcNode;

    public int dstNode;
    /** Time the packet was created (ps). */
    public long createdPs;
    /** Traffic class the current device put it in (0–7). */
    public int trafficClass;
    /** Switch accounting: ingress port index and priority group charged for this packet. */
    public int ingressPort;

    public int ingressPg;
    /** Switch accounting: bytes charged to headroom rather than the shared pool. */
    public boolean inHeadroom;
    /** Scratch for transports: index of the sending QP at its NIC, -1 if none. */
    public int senderQpIndex;
    /**
     * The sending QP's route (its packets all carry one 5-tuple): slot h holds the egress port the
     * h-th routing switch chose for the QP's packets, with the fabric's routing epoch then (epoch
     * << 16 | port), 0 if unknown; null for packets that are not routed by one. Written and read
     * only by {@code org.rocelab.sw.L3Router}, which also owns {@link #routeHop} and
     * {@link #routeEpoch}.
     */
    public long[] route;
    /** Routing switches this packet has passed with {@link #route} (the next slot). */
    public int routeHop;
    /** The routing epoch at this packet's first routing switch. */
    public long routeEpoch;
    /** Set while the packet sits in a pool (double-release check). */
    boolean pooled;

    // ---- Ethernet / 802.1Q ----
    public long dstMac;
    public long srcMac;
    public boolean vlanTagged;
    public int pcp;
    public int dei;
    public int vid;

    // ---- IPv4 / IPv6 (also the GRH of RoCEv1, which has IPv6's layout) ----
    public boolean ipv6;
    public int dscp;
    public int ecn;
    public int ttl;
    public boolean df;
    public int ipId;
    public int srcIp;
    public int dstIp;
    public long srcIp6Hi;
    public long srcIp6Lo;
    public long dstIp6Hi;
    public long dstIp6Lo;
    public int flowLabel;
    /** IP protocol: 17 UDP (RoCEv2), 6 TCP. */
    public int ipProto;

    // ---- UDP / TCP ports ----
    public int srcPort;
    public int dstPort;
    /**
     * The HPCC ns-3 flow's UDP ports as its ECMP hash reads them, {@code sport | dport << 16} (ACKs:
     * the data's ports swapped); set by QPs of {@code run --hpcc}, 0 otherwise. Only the
     * {@code hpcc-ns3} ECMP hash ({@link org.rocelab.sw.EcmpConfig#HPCC_NS3}) reads it.
     */
    public int flowPorts;

    public long tcpSeq;
    public long tcpAck;
    public int tcpFlags;

    // ---- BTH ----
    public int opcode;
    public boolean solicited;
    public boolean migReq;
    public int tver;
    public int pkey;
    public boolean fecn;
    public boolean becn;
    public int destQp;
    public boolean ackReq;
    public int psn;

    // ---- RETH / AETH / ImmDt / DETH ----
    public long rethVa;
    public int rethRkey;
    public int rethLength;
    public int aethSyndrome;
    public int aethMsn;
    public int immDt;
    public int dethQkey;
    public int dethSrcQp;
    /**
     * IRN NACK only: the PSN of the out-of-order packet that triggered it (Mittal et al., SIGCOMM
     * 2018, §3.1, a simplified SACK), -1 otherwise. IRN's header extension is no standard wire
     * format; pcap shows the NACK as a plain AETH NAK.
     */
    public int sackPsn = -1;

    /** RoCE or TCP payload bytes (contents are not modelled; the wire writer fills a pattern). */
    public int payloadBytes;

    // ---- MAC control ----
    /** PFC class-enable vector, bit n = priority n. */
    public int pfcEnableVector;
    /** PFC pause times in quanta of 512 bit times, priority 0 first. */
    public final int[] pfcQuanta = new int[8];
    /** 802.3x PAUSE time in quanta. */
    public int pauseQuanta;

    // ---- sizes, from computeSizes() ----
    /** Ethernet frame length including FCS (at least 64). */
    public int frameBytes;

    // in-band telemetry (HPCC ns-3's INT header, IntHeader): mode, hop records, sender timestamp
    /** {@link IntHeader#NONE}, {@link IntHeader#HOPS}, {@link IntHeader#TS} or {@link IntHeader#PINT}. */
    public int intMode;
    /** INT_MULTI: the unit multiplier of the hop records' byte and queue fields. */
    public int intMulti = 1;
    /** Hop records pushed so far (may exceed {@link IntHeader#MAX_HOPS}; slot = n % 5). */
    public int intNHop;
    /** Hop records, ns-3's IntHop bit layout ({@link IntHeader#hop}). */
    public final long[] intHops = new long[IntHeader.MAX_HOPS];
    /** TS mode: the sender's timestamp, ns; PINT mode: the encoded utilization (power). */
    public long intTs;
    /** PINT mode: the sender's encoding and T, read by the switches that stamp the packet. */
    public Pint intPint;
    /** Bytes the frame occupies on the wire: frame + preamble/SFD + inter-frame gap. */
    public int wireBytes;

    Packet() {}

    /** Pad bytes added after the payload so the transport payload is 4-byte aligned. */
    public int padBytes() {
        return (4 - (payloadBytes & 3)) & 3;
    }

    /** Bytes from BTH through ICRC (RoCE), i.e. the UDP payload of RoCEv2. */
    public int roceTransportBytes() {
        return Opcode.transportHeaderBytes(opcode) + payloadBytes + padBytes() + ICRC_BYTES;
    }

    /** Bytes of the IP (or GRH) header plus everything it carries; 0 for MAC control frames. */
    public int l3Bytes() {
        switch (kind) {
            case PacketKind.ROCE_V2:
                return (ipv6 ? IPV6_BYTES : IPV4_BYTES) + UDP_BYTES + roceTransportBytes();
            case PacketKind.ROCE_V1:
                return IPV6_BYTES + roceTransportBytes();
            case PacketKind.TCP:
                return IPV4_BYTES + TCP_BYTES + payloadBytes;
            default:
                return 0;
        }
    }

    /** The EtherType after any VLAN tag. */
    public int etherType() {
        switch (kind) {
            case PacketKind.ROCE_V2:
                return ipv6 ? PacketKind.ETHERTYPE_IPV6 : PacketKind.ETHERTYPE_IPV4;
            case PacketKind.ROCE_V1:
                return PacketKind.ETHERTYPE_ROCE_V1;
            case PacketKind.PFC:
            case PacketKind.PAUSE:
                return PacketKind.ETHERTYPE_MAC_CONTROL;
            default:
                return PacketKind.ETHERTYPE_IPV4;
        }
    }

    /**
     * Recomputes {@link #frameBytes} and {@link #wireBytes} from the headers present. Call after
     * building a packet and after adding or removing a VLAN tag.
     */
    public void computeSizes() {
        int noFcs;
        if (PacketKind.isMacControl(kind)) {
            noFcs = MIN_FRAME_NO_FCS;
        } else {
            noFcs = ETH_HEADER_BYTES + (vlanTagged ? VLAN_TAG_BYTES : 0) + l3Bytes();
            if (noFcs < MIN_FRAME_NO_FCS) {
                noFcs = MIN_FRAME_NO_FCS;
            }
        }
        frameBytes = noFcs + FCS_BYTES;
        wireBytes = frameBytes + PREAMBLE_BYTES + IFG_BYTES;
    }

    /**
     * Reads one field on each stretch of this object that a hop reads (the kind at its start, the
     * traffic class and IP fields in its middle, the frame sizes and route reference near its end,
     * as HotSpot lays the fields out by size) and returns a value that depends on all of them, for
     * the caller to keep so the compiler keeps the loads: a way to bring a frame's lines into the
     * cache before its arrival event needs them ({@code Channel}: at a mailbox's drain and at its
     * partition's window start).
     */
    public int touchHopLines() {
        return kind ^ trafficClass ^ ttl ^ wireBytes;
    }

    /** Whether this is a RoCE packet (v1 or v2). */
    public boolean isRoce() {
        return kind == PacketKind.ROCE_V2 || kind == PacketKind.ROCE_V1;
    }

    /** Whether the IP ECN field says ECN-capable (ECT(0), ECT(1)) or CE. */
    public boolean ecnCapable() {
        return ecn != 0;
    }

    /** Whether the IP ECN field is CE (congestion experienced). */
    public boolean ceMarked() {
        return ecn == 3;
    }

    /** Copies every header field and the metadata of {@code o} into this packet (not its id). */
    public void copyFrom(Packet o) {
        long keepId = id;
        kind = o.kind;
        flowId = o.flowId;
        srcNode = o.srcNode;
        dstNode = o.dstNode;
        createdPs = o.createdPs;
        trafficClass = o.trafficClass;
        ingressPort = o.ingressPort;
        ingressPg = o.ingressPg;
        inHeadroom = o.inHeadroom;
        senderQpIndex = o.senderQpIndex;
        route = o.route;
        routeHop = o.routeHop;
        routeEpoch = o.routeEpoch;
        dstMac = o.dstMac;
        srcMac = o.srcMac;
        vlanTagged = o.vlanTagged;
        pcp = o.pcp;
        dei = o.dei;
        vid = o.vid;
        ipv6 = o.ipv6;
        dscp = o.dscp;
        ecn = o.ecn;
        ttl = o.ttl;
        df = o.df;
        ipId = o.ipId;
        srcIp = o.srcIp;
        dstIp = o.dstIp;
        srcIp6Hi = o.srcIp6Hi;
        srcIp6Lo = o.srcIp6Lo;
        dstIp6Hi = o.dstIp6Hi;
        dstIp6Lo = o.dstIp6Lo;
        flowLabel = o.flowLabel;
        ipProto = o.ipProto;
        srcPort = o.srcPort;
        dstPort = o.dstPort;
        flowPorts = o.flowPorts;
        tcpSeq = o.tcpSeq;
        tcpAck = o.tcpAck;
        tcpFlags = o.tcpFlags;
        opcode = o.opcode;
        solicited = o.solicited;
        migReq = o.migReq;
        tver = o.tver;
        pkey = o.pkey;
        fecn = o.fecn;
        becn = o.becn;
        destQp = o.destQp;
        ackReq = o.ackReq;
        psn = o.psn;
        rethVa = o.rethVa;
        rethRkey = o.rethRkey;
        rethLength = o.rethLength;
        aethSyndrome = o.aethSyndrome;
        aethMsn = o.aethMsn;
        immDt = o.immDt;
        dethQkey = o.dethQkey;
        dethSrcQp = o.dethSrcQp;
        sackPsn = o.sackPsn;
        payloadBytes = o.payloadBytes;
        pfcEnableVector = o.pfcEnableVector;
        System.arraycopy(o.pfcQuanta, 0, pfcQuanta, 0, 8);
        pauseQuanta = o.pauseQuanta;
        frameBytes = o.frameBytes;
        wireBytes = o.wireBytes;
        IntHeader.copy(o, this);
        id = keepId;
    }

    /** Resets every field to the value a fresh packet has. */
    void reset() {
        resetBeyondRoceHeader();
        kind = 0;
        createdPs = 0;
        trafficClass = 0;
        flowId = -1;
        srcNode = -1;
        dstNode = -1;
        senderQpIndex = -1;
        srcMac = 0;
        dstMac = 0;
        dscp = 0;
        ecn = 0;
        srcIp = 0;
        dstIp = 0;
        ipProto = 0;
        opcode = 0;
        destQp = 0;
        psn = 0;
    }

    /**
     * Resets every field but the RoCE header set that {@link PacketPool#acquireRoce()} leaves to
     * its caller ({@code kind, createdPs, trafficClass, flowId, srcNode, dstNode, senderQpIndex,
     * srcMac, dstMac, dscp, ecn, srcIp, dstIp, ipProto, opcode, destQp, psn}). The two arrays are
     * separate objects: each is cleared only when the packet's last life can have written it (PFC
     * pause times only in a PFC frame, INT hop records only under an INT mode; every writer sets
     * the kind or the mode first), so a data, ACK or CNP packet does not touch them at all.
     */
    void resetBeyondRoceHeader() {
        if (kind == PacketKind.PFC) {
            Arrays.fill(pfcQuanta, 0);
        } else {
            assert allZero(pfcQuanta) : "PFC pause times left in a " + PacketKind.name(kind) + " packet";
        }
        if (intMode != IntHeader.NONE) {
            Arrays.fill(intHops, 0);
        } else {
            assert allZero(intHops) : "INT hop records left in a packet without INT";
        }
        ingressPort = -1;
        ingressPg = -1;
        inHeadroom = false;
        route = null;
        routeHop = 0;
        routeEpoch = 0;
        vlanTagged = false;
        pcp = 0;
        dei = 0;
        vid = 0;
        ipv6 = false;
        ttl = 64;
        df = true;
        ipId = 0;
        srcIp6Hi = 0;
        srcIp6Lo = 0;
        dstIp6Hi = 0;
        dstIp6Lo = 0;
        flowLabel = 0;
        srcPort = 0;
        dstPort = 0;
        flowPorts = 0;
        tcpSeq = 0;
        tcpAck = 0;
        tcpFlags = 0;
        solicited = false;
        migReq = false;
        tver = 0;
        pkey = 0xFFFF;
        fecn = false;
        becn = false;
        ackReq = false;
        rethVa = 0;
        rethRkey = 0;
        rethLength = 0;
        aethSyndrome = 0;
        aethMsn = 0;
        immDt = 0;
        dethQkey = 0;
        dethSrcQp = 0;
        sackPsn = -1;
        payloadBytes = 0;
        pfcEnableVector = 0;
        pauseQuanta = 0;
        frameBytes = 0;
        wireBytes = 0;
        intMode = IntHeader.NONE;
        intMulti = 1;
        intNHop = 0;
        intTs = 0;
        intPint = null;
    }

    private static boolean allZero(int[] a) {
        for (int v : a) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean allZero(long[] a) {
        for (long v : a) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(PacketKind.name(kind)).append('#').append(id);
        if (isRoce()) {
            sb.append(' ')
                    .append(Opcode.name(opcode))
                    .append(" qp=")
                    .append(destQp)
                    .append(" psn=")
                    .append(psn);
        }
        if (kind == PacketKind.PFC) {
            sb.append(" cev=0x")
                    .append(Integer.toHexString(pfcEnableVector))
                    .append(" quanta=")
                    .append(Arrays.toString(pfcQuanta));
        }
        return sb.append(" ").append(frameBytes).append('B').toString();
    }
}
