package org.rocelab.scenario;

import java.util.List;

/**
 * One RDMA NIC's configuration ({@code nic:} defaults, {@code nics.<host>:} overlays; DESIGN.md §3).
 *
 * @param mtu effective RoCE path MTU, bytes: the configured one, lowered as mlx5 does when the
 *     netdev MTU is too small (roce-facts.md §9.7)
 * @param configuredMtu {@code nic.mtu} as written (256, 512, 1024, 2048, 4096; default 4096)
 * @param netdevMtu Ethernet MTU, bytes (default 9000)
 * @param roce RoCE version (default v2)
 * @param dscp DSCP of RoCE data packets (default 26)
 * @param pcp 802.1p priority of RoCE data packets (default 3)
 * @param pfc priorities with PFC enabled, sorted (default [3]; [] = none)
 * @param trust what the NIC classifies on and whether it tags frames (default dscp: untagged)
 * @param pcie PCIe slot (default auto)
 * @param cc congestion control
 * @param cnp CNP marking and moderation
 * @param retransmission RC recovery
 * @param rxBufferBytes NIC receive (port) buffer, bytes (default 262144)
 * @param sqDepth the largest send queue of a QP, WQEs (default 32768, the device limit mlx5 reports
 *     as max_qp_wr = 2^log_max_qp_sz): a perftest
 *     workload's {@code tx_depth} above it is bad input
 * @param rqDepth receive queue depth (default 512, perftest rx depth): the receives an
 *     {@code ib_send_bw} receiver posts before the first SEND
 * @param cqDepth the {@code ib_send_bw} receiver's completion queue depth, CQEs (default 4096):
 *     more unpolled completions overrun it ({@link org.rocelab.nic.CompletionQueue})
 */
public record NicSpec(
        int mtu,
        int configuredMtu,
        int netdevMtu,
        RoceVersion roce,
        int dscp,
        int pcp,
        List<Integer> pfc,
        Trust trust,
        PcieSpec pcie,
        CcSpec cc,
        CnpSpec cnp,
        RetransmissionSpec retransmission,
        long rxBufferBytes,
        int sqDepth,
        int rqDepth,
        int cqDepth) {
    public NicSpec {
        pfc = List.copyOf(pfc);
    }

    /** Valid IB path MTUs. */
    /**
     * The receive buffer a NIC keeps free above its PFC XOFF point for the frames still on their way
     * after it sends a pause (docs/model.md, "PFC"), bytes: {@code rx_buffer} must be larger.
     */
    public static final long RX_HEADROOM_BYTES = 64 * 1024;

    public static final List<Integer> IB_MTUS = List.of(256, 512, 1024, 2048, 4096);

    /** The largest IB MTU ≤ netdevMtu − 96, capped at 4096 (iboe_get_mtu, roce-facts.md §9.7); 0 if none fits. */
    public static int activeMtu(int netdevMtu) {
        int best = 0;
        for (int m : IB_MTUS) {
            if (m <= netdevMtu - 96) {
                best = m;
            }
        }
        return best;
    }

    /** Whether PFC is enabled for priority {@code p}. */
    public boolean pfcEnabled(int p) {
        return pfc.contains(p);
    }

    /**
     * Largest RoCEv2 frame the NIC sends, bytes from destination MAC through FCS: path MTU + Ethernet
     * 14 + IPv4 20 + UDP 8 + BTH 12 + RETH 16 + ICRC 4 + FCS 4, + 4 when tagged (trust pcp).
     */
    /**
     * Bytes a RoCE packet of {@code payload} bytes takes on the wire: the frame of
     * {@link #maxRoceFrameBytes()}'s headers (the 16-byte RETH only when {@code reth}: WRITE and READ
     * requests carry it, SEND does not) plus preamble, SFD and the inter-frame gap (20).
     */
    public int wireBytes(int payload, boolean reth) {
        return maxRoceFrameBytes() - mtu + payload - (reth ? 0 : 16) + 20;
    }

    public int maxRoceFrameBytes() {
        int f = mtu + 14 + 20 + 8 + 12 + 16 + 4 + 4;
        if (roce == RoceVersion.V1) {
            f = mtu + 14 + 40 + 12 + 16 + 4 + 4;
        }
        return trust == Trust.PCP ? f + 4 : f;
    }
}
