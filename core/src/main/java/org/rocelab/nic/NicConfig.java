package org.rocelab.nic;

import org.rocelab.cc.CcFactory;
import org.rocelab.cc.NoCongestionControl;
import org.rocelab.rc.IrnPolicy;
import org.rocelab.rc.RetransmitPolicy;
import org.rocelab.rc.RetransmitProfile;
import org.rocelab.rc.RnrTimer;

/**
 * Everything that configures one RDMA NIC, validated once (DESIGN.md §5). Units are in the
 * names; defaults, units and sources are listed in docs/model.md#nic-rc and in
 * {@link Builder}.
 *
 * @param mtu RoCE path MTU, bytes: 256, 512, 1024, 2048 or 4096
 * @param roce encapsulation, v1 or v2
 * @param dscp DSCP of data, ACK and NAK packets (RoCEv2)
 * @param pcp 802.1p priority of the RoCE traffic; also the packets' traffic class
 * @param vlanId VLAN id of an 802.1Q tag, or -1 for untagged frames (the PCP then travels only
 *     as the packet's traffic class, as with DSCP trust)
 * @param pfcMask PFC-enabled priorities (bit n = priority n): the NIC honours received PFC for
 *     them and, if {@code pfcGenerate}, sends PFC for them
 * @param ecn whether packets are sent ECN-capable (ECT(0))
 * @param cnpDscp DSCP of CNPs (mlx5 cnp_dscp)
 * @param cnpPcp 802.1p priority of CNPs (mlx5 cnp_802p_prio)
 * @param minTimeBetweenCnpsPs CNP moderation per QP (mlx5 min_time_between_cnps)
 * @param cnpOnAck hpcc profile: echo CE on every ACK (BTH BECN) instead of sending CNPs
 * @param retransmission go-back-n, go-back-0, adaptive or irn
 * @param timeout local ACK timeout exponent: 4.096 µs × 2^timeout, 0 = infinite (0..31)
 * @param retryCnt transport retries (0..7)
 * @param rnrRetry RNR retries (0..7, 7 = infinite)
 * @param minRnrTimer RNR NAK timer code the responder advertises (0..31)
 * @param maxRdAtomic outstanding RDMA READs per QP as requester and responder
 * @param ackEvery responder sends an ACK at least every this many request packets
 * @param rxBufferBytes NIC receive buffer, bytes
 * @param rxHeadroomBytes buffer kept free above the XOFF point, bytes
 * @param pcie the PCIe slot, or null for {@code auto}
 * @param txLatencyPs transmit pipeline latency: post to first bit eligible for the wire
 * @param rxLatencyPs receive pipeline latency: last bit in to transport processing
 * @param messageRatePerSecond messages the NIC can start per second
 * @param pauseStormWarningPs continuous pausing that counts a tx_pause_storm_warning_event
 * @param pauseStormErrorPs continuous pausing after which the NIC stops sending PFC and drops
 * @param cc congestion control per QP
 * @param segmentBytes payload bytes per packet when not 0, overriding the path MTU (hpcc profile:
 *     PACKET_PAYLOAD_SIZE, e.g. 1000, which no IB MTU equals); 0 = the path MTU
 * @param hpccFraming hpcc profile: a data packet is payload + 48 B and an ACK/NAK 60 B, frame and wire
 *     alike (no preamble, IFG, BTH, ICRC or FCS), as HPCC's ns-3 accounts them
 * @param ackPcp priority (and NIC queue) of ACK/NAKs, -1 = the QP's (hpcc ACK_HIGH_PRIO: 0)
 * @param ackDscp DSCP of ACK/NAKs, -1 = the QP's
 * @param pfcGenerate whether the NIC sends PFC for its {@code pfcMask} priorities when its receive
 *     buffer fills (true, as mlx5 {@code --pfc}); false: it only honours PFC (HPCC ns-3 hosts)
 * @param cnpPacing how CNPs are spaced by {@code minTimeBetweenCnpsPs} ({@link CnpPacing})
 * @param irn the IRN timeouts and BDP cap, used when {@code retransmission} is {@code irn}
 * @param ackQueue the NIC transmit queue (priority ring) ACK/NAKs wait in, -1 = their own priority;
 *     only a pause of this priority holds them back, whatever priority they carry on the wire
 *     (hpcc ACK_HIGH_PRIO 1: 0, ns-3 {@code RdmaEgressQueue::ack_q_idx})
 */
public record NicConfig(
        int mtu,
        RoceVersion roce,
        int dscp,
        int pcp,
        int vlanId,
        int pfcMask,
        boolean ecn,
        int cnpDscp,
        int cnpPcp,
        long minTimeBetweenCnpsPs,
        boolean cnpOnAck,
        String retransmission,
        int timeout,
        int retryCnt,
        int rnrRetry,
        int minRnrTimer,
        int maxRdAtomic,
        int ackEvery,
        long rxBufferBytes,
        long rxHeadroomBytes,
        PcieSlot pcie,
        long txLatencyPs,
        long rxLatencyPs,
        long messageRatePerSecond,
        long pauseStormWarningPs,
        long pauseStormErrorPs,
        CcFactory cc,
        int segmentBytes,
        boolean hpccFraming,
        int ackPcp,
        int ackDscp,
        boolean pfcGenerate,
        CnpPacing cnpPacing,
        IrnPolicy irn,
        int ackQueue) {

    public NicConfig {
        if (irn == null) {
            throw new IllegalArgumentException("nic.retransmission: the irn parameters are required");
        }
        if (cnpPacing == null) {
            throw new IllegalArgumentException("nic.cnp.pacing: expected first_mark, window or periodic");
        }
        check("nic.segment_bytes", segmentBytes, 0, 1 << 20);
        check("nic.ack_pcp", ackPcp, -1, 7);
        check("nic.ack_dscp", ackDscp, -1, 63);
        check("nic.ack_queue", ackQueue, -1, 7);
        if (mtu != 256 && mtu != 512 && mtu != 1024 && mtu != 2048 && mtu != 4096) {
            throw new IllegalArgumentException("nic.mtu: expected 256, 512, 1024, 2048 or 4096, got " + mtu);
        }
        check("nic.dscp", dscp, 0, 63);
        check("nic.pcp", pcp, 0, 7);
        check("nic.vlan", vlanId, -1, 4094);
        check("nic.pfc", pfcMask, 0, 0xFF);
        check("nic.cnp.dscp", cnpDscp, 0, 63);
        check("nic.cnp.pcp", cnpPcp, 0, 7);
        check("nic.timeout", timeout, 0, 31);
        check("nic.retry_cnt", retryCnt, 0, 7);
        check("nic.rnr_retry", rnrRetry, 0, 7);
        check("nic.min_rnr_timer", minRnrTimer, 0, 31);
        check("nic.max_rd_atomic", maxRdAtomic, 1, 255);
        check("nic.ack_every", ackEvery, 1, 1 << 20);
        RnrTimer.ps(minRnrTimer);
        RetransmitProfile.byName(retransmission);
        if (roce == null) {
            throw new IllegalArgumentException("nic.roce: expected v1 or v2");
        }
        if (minTimeBetweenCnpsPs < 0 || txLatencyPs < 0 || rxLatencyPs < 0) {
            throw new IllegalArgumentException("nic: latencies and min_time_between_cnps must not be negative");
        }
        if (rxBufferBytes < 16384 || rxHeadroomBytes < 0 || rxHeadroomBytes >= rxBufferBytes) {
            throw new IllegalArgumentException("nic.rx_buffer: expected at least 16KiB and more than the headroom, got "
                    + rxBufferBytes + " with headroom " + rxHeadroomBytes);
        }
        if (messageRatePerSecond <= 0) {
            throw new IllegalArgumentException(
                    "nic.message_rate: expected a positive rate, got " + messageRatePerSecond);
        }
        if (pauseStormWarningPs <= 0 || pauseStormErrorPs < pauseStormWarningPs) {
            throw new IllegalArgumentException("nic.pause_storm: expected 0 < warning <= error");
        }
        if (cc == null) {
            throw new IllegalArgumentException("nic.cc: a congestion control factory is required");
        }
    }

    private static void check(String key, int v, int lo, int hi) {
        if (v < lo || v > hi) {
            throw new IllegalArgumentException(key + ": expected " + lo + ".." + hi + ", got " + v);
        }
    }

    /** The priorities the NIC sends PFC for with PFC-enabled priorities {@code mask}: all or none. */
    public int generatedPfcMask(int mask) {
        return pfcGenerate ? mask : 0;
    }

    /** The defaults of {@link Builder}. */
    public static NicConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.mtu = mtu;
        b.roce = roce;
        b.dscp = dscp;
        b.pcp = pcp;
        b.vlanId = vlanId;
        b.pfcMask = pfcMask;
        b.ecn = ecn;
        b.cnpDscp = cnpDscp;
        b.cnpPcp = cnpPcp;
        b.minTimeBetweenCnpsPs = minTimeBetweenCnpsPs;
        b.cnpOnAck = cnpOnAck;
        b.retransmission = retransmission;
        b.timeout = timeout;
        b.retryCnt = retryCnt;
        b.rnrRetry = rnrRetry;
        b.minRnrTimer = minRnrTimer;
        b.maxRdAtomic = maxRdAtomic;
        b.ackEvery = ackEvery;
        b.rxBufferBytes = rxBufferBytes;
        b.rxHeadroomBytes = rxHeadroomBytes;
        b.pcie = pcie;
        b.txLatencyPs = txLatencyPs;
        b.rxLatencyPs = rxLatencyPs;
        b.messageRatePerSecond = messageRatePerSecond;
        b.pauseStormWarningPs = pauseStormWarningPs;
        b.pauseStormErrorPs = pauseStormErrorPs;
        b.cc = cc;
        b.segmentBytes = segmentBytes;
        b.hpccFraming = hpccFraming;
        b.ackPcp = ackPcp;
        b.ackDscp = ackDscp;
        b.pfcGenerate = pfcGenerate;
        b.cnpPacing = cnpPacing;
        b.irn = irn;
        b.ackQueue = ackQueue;
        return b;
    }

    /**
     * The RoCE path MTU a NIC actually uses for a requested MTU on a netdev of {@code netdevMtu}
     * bytes: the largest IB MTU (256…4096) not above {@code netdevMtu − 96} (GRH 40 + UDP 8 +
     * BTH 12 + XRC 4 + AtomicETH 28 + ICRC 4; Linux {@code iboe_get_mtu}), capped by the
     * request (roce-facts.md §9.7): 1500 → 1024, 4096 → 2048, 9000 → 4096.
     *
     * @throws IllegalArgumentException if the netdev MTU leaves room for no IB MTU
     */
    public static int activeMtu(int requestedMtu, int netdevMtu) {
        int room = netdevMtu - 96;
        int mtu = 4096;
        while (mtu > room && mtu > 256) {
            mtu >>= 1;
        }
        if (mtu > room) {
            throw new IllegalArgumentException(
                    "nic.netdev_mtu: " + netdevMtu + " leaves no room for a 256-byte RoCE MTU");
        }
        return Math.min(mtu, requestedMtu);
    }

    /** The retransmission policy named by {@link #retransmission()}. */
    public RetransmitPolicy retransmitPolicy() {
        return retransmission.equals("irn") ? irn : RetransmitProfile.byName(retransmission);
    }

    /** Local ACK timeout in ps: 4.096 µs × 2^timeout, 0 = infinite. */
    public long localAckTimeoutPs() {
        return localAckTimeoutPs(timeout);
    }

    /** Local ACK timeout for an exponent: 4.096 µs × 2^timeout (0 = infinite). */
    public static long localAckTimeoutPs(int timeout) {
        return timeout == 0 ? 0 : 4_096_000L << timeout;
    }

    /** The slot to use: the configured one or {@code auto} for {@code lineRateBps}. */
    public PcieSlot pcieFor(long lineRateBps) {
        return pcie != null ? pcie : PcieSlot.auto(lineRateBps);
    }

    /** HPCC's header allowance per data packet: 14 L2 + 20 IPv4 + 8 UDP + 6 SeqTs (custom-header.cc). */
    public static final int HPCC_HEADER_BYTES = 48;
    /** HPCC's ACK/NAK size: padded to 60 B (rdma-hw.cc). */
    public static final int HPCC_ACK_BYTES = 60;
    /**
     * The padding in {@link #HPCC_ACK_BYTES} without an INT header: 60 − 14 L2 − 20 IPv4 − 12 qbbHeader
     * (rdma-hw.cc {@code max(60 − 14 − 20 − seqh.GetSerializedSize(), 0)}); an INT header fills it first.
     */
    public static final int HPCC_ACK_PAD_BYTES = 14;

    /** Payload bytes per packet for a QP with path MTU {@code pathMtu}. */
    public int segmentFor(int pathMtu) {
        return segmentBytes > 0 ? segmentBytes : pathMtu;
    }

    /** Minimum spacing of message starts, ps (1 / message rate, rounded up). */
    public long messageIntervalPs() {
        return (1_000_000_000_000L + messageRatePerSecond - 1) / messageRatePerSecond;
    }

    /** Mutable builder with the documented defaults. */
    public static final class Builder {
        private int mtu = 4096;
        private RoceVersion roce = RoceVersion.V2;
        private int dscp = 26;
        private int pcp = 3;
        private int vlanId = -1;
        private int pfcMask = 1 << 3;
        private boolean ecn = true;
        private int cnpDscp = 48;
        private int cnpPcp = 6;
        private long minTimeBetweenCnpsPs = 4_000_000L;
        private boolean cnpOnAck;
        private String retransmission = "go-back-n";
        private IrnPolicy irn = IrnPolicy.DEFAULT;
        private int timeout = 14;
        private int retryCnt = 7;
        private int rnrRetry = 7;
        private int minRnrTimer = 12;
        private int maxRdAtomic = 16;
        private int ackEvery = 16;
        private long rxBufferBytes = 256 * 1024;
        private long rxHeadroomBytes = 64 * 1024;
        private PcieSlot pcie;
        private long txLatencyPs = 400_000L;
        private long rxLatencyPs = 400_000L;
        private long messageRatePerSecond = 215_000_000L;
        private long pauseStormWarningPs = 6_800_000_000_000L;
        private long pauseStormErrorPs = 8_000_000_000_000L;
        private CcFactory cc = NoCongestionControl.FACTORY;
        private int segmentBytes;
        private boolean hpccFraming;
        private int ackPcp = -1;
        private int ackDscp = -1;
        private boolean pfcGenerate = true;
        private CnpPacing cnpPacing = CnpPacing.FIRST_MARK;
        private int ackQueue = -1;

        public Builder mtu(int v) {
            mtu = v;
            return this;
        }

        public Builder roce(RoceVersion v) {
            roce = v;
            return this;
        }

        public Builder dscp(int v) {
            dscp = v;
            return this;
        }

        public Builder pcp(int v) {
            pcp = v;
            return this;
        }

        public Builder vlanId(int v) {
            vlanId = v;
            return this;
        }

        public Builder pfcMask(int v) {
            pfcMask = v;
            return this;
        }

        /** Whether the NIC sends PFC (true) or only honours it (false); default true. */
        public Builder cnpPacing(CnpPacing v) {
            cnpPacing = v;
            return this;
        }

        public Builder pfcGenerate(boolean v) {
            pfcGenerate = v;
            return this;
        }

        public Builder ecn(boolean v) {
            ecn = v;
            return this;
        }

        public Builder cnpDscp(int v) {
            cnpDscp = v;
            return this;
        }

        public Builder cnpPcp(int v) {
            cnpPcp = v;
            return this;
        }

        public Builder minTimeBetweenCnpsPs(long v) {
            minTimeBetweenCnpsPs = v;
            return this;
        }

        public Builder cnpOnAck(boolean v) {
            cnpOnAck = v;
            return this;
        }

        public Builder retransmission(String v) {
            retransmission = v;
            return this;
        }

        public Builder timeout(int v) {
            timeout = v;
            return this;
        }

        public Builder retryCnt(int v) {
            retryCnt = v;
            return this;
        }

        public Builder rnrRetry(int v) {
            rnrRetry = v;
            return this;
        }

        public Builder minRnrTimer(int v) {
            minRnrTimer = v;
            return this;
        }

        public Builder maxRdAtomic(int v) {
            maxRdAtomic = v;
            return this;
        }

        public Builder ackEvery(int v) {
            ackEvery = v;
            return this;
        }

        public Builder rxBufferBytes(long v) {
            rxBufferBytes = v;
            return this;
        }

        public Builder rxHeadroomBytes(long v) {
            rxHeadroomBytes = v;
            return this;
        }

        public Builder pcie(PcieSlot v) {
            pcie = v;
            return this;
        }

        public Builder txLatencyPs(long v) {
            txLatencyPs = v;
            return this;
        }

        public Builder rxLatencyPs(long v) {
            rxLatencyPs = v;
            return this;
        }

        public Builder messageRatePerSecond(long v) {
            messageRatePerSecond = v;
            return this;
        }

        public Builder pauseStormWarningPs(long v) {
            pauseStormWarningPs = v;
            return this;
        }

        public Builder pauseStormErrorPs(long v) {
            pauseStormErrorPs = v;
            return this;
        }

        public Builder cc(CcFactory v) {
            cc = v;
            return this;
        }

        public Builder segmentBytes(int v) {
            segmentBytes = v;
            return this;
        }

        public Builder hpccFraming(boolean v) {
            hpccFraming = v;
            return this;
        }

        public Builder ackPcp(int v) {
            ackPcp = v;
            return this;
        }

        public Builder ackDscp(int v) {
            ackDscp = v;
            return this;
        }

        /** IRN's timeouts and BDP cap (for {@code retransmission("irn")}). */
        public Builder irn(IrnPolicy v) {
            irn = v;
            return this;
        }

        /** The NIC queue of ACK/NAKs, -1 = their priority (see {@link NicConfig#ackQueue()}). */
        public Builder ackQueue(int v) {
            ackQueue = v;
            return this;
        }

        public NicConfig build() {
            return new NicConfig(
                    mtu,
                    roce,
                    dscp,
                    pcp,
                    vlanId,
                    pfcMask,
                    ecn,
                    cnpDscp,
                    cnpPcp,
                    minTimeBetweenCnpsPs,
                    cnpOnAck,
                    retransmission,
                    timeout,
                    retryCnt,
                    rnrRetry,
                    minRnrTimer,
                    maxRdAtomic,
                    ackEvery,
                    rxBufferBytes,
                    rxHeadroomBytes,
                    pcie,
                    txLatencyPs,
                    rxLatencyPs,
                    messageRatePerSecond,
                    pauseStormWarningPs,
                    pauseStormErrorPs,
                    cc,
                    segmentBytes,
                    hpccFraming,
                    ackPcp,
                    ackDscp,
                    pfcGenerate,
                    cnpPacing,
                    irn,
                    ackQueue);
        }
    }
}
