package org.rocelab.sw;

/**
 * Lossless PG headroom from SONiC's Mellanox dynamic-buffer formula
 * ({@code sonic-swss/cfgmgr/buffer_headroom_mellanox.lua}, roce-facts.md §2.2), with the
 * Spectrum-1 {@code ASIC_TABLE|MELLANOX} constants (cell 96 B, pipeline latency 18 KB, MAC/PHY
 * delay 0.8 KB) and {@code LOSSLESS_TRAFFIC_PATTERN|AZURE} (lossless MTU 1024, 100 % small
 * packets). Peer response time is the IEEE 802.3 31B.3.7 pause_quanta of the speed × 512 bits.
 *
 * <pre>
 * bytes_on_cable   = 2 × cable_m × speed_Mbps × 1e9 / 1.98e8 / (8 × 1024)   (as coded)
 * cell_occupancy   = 2 × cell / (1 + cell)                                   (cell ≤ 128, 100 % small)
 * propagation      = port_mtu + bytes_on_cable + mac_phy_delay + peer_response
 * xoff             = ceil1024(lossless_mtu + propagation × cell_occupancy)
 * xon              = ceil1024(pipeline_latency)
 * size             = xoff + xon
 * </pre>
 */
public final class HeadroomCalculator {
    public static final int CELL_BYTES = 96;
    public static final double PIPELINE_LATENCY_BYTES = 18 * 1024;
    public static final double MAC_PHY_DELAY_BYTES = 0.8 * 1024;
    public static final int LOSSLESS_MTU = 1024;
    public static final int SMALL_PACKET_PERCENT = 100;

    private HeadroomCalculator() {}

    /** IEEE 802.3 31B.3.7 pause_quanta for the operating speed, as SONiC's table has it. */
    public static int pauseQuanta(long speedBps) {
        long mbps = speedBps / 1_000_000L;
        if (mbps >= 400_000) {
            return 905;
        } else if (mbps >= 200_000) {
            return 453;
        } else if (mbps >= 100_000) {
            return 394;
        } else if (mbps >= 50_000) {
            return 147;
        } else if (mbps >= 40_000) {
            return 118;
        } else if (mbps >= 25_000) {
            return 80;
        } else if (mbps >= 10_000) {
            return 67;
        } else if (mbps >= 1_000) {
            return 2;
        }
        return 1;
    }

    /** Bytes the formula allows for the cable, both directions, with its 1e9/1024 scaling. */
    public static double bytesOnCable(long speedBps, double cableMetres) {
        double mbps = speedBps / 1e6;
        return 2 * cableMetres * mbps * 1e9 / 198_000_000.0 / (8 * 1024);
    }

    /** The xoff part: bytes that may arrive after XOFF is generated. */
    public static long xoffBytes(long speedBps, double cableMetres, int portMtu) {
        double worstCaseFactor = CELL_BYTES > 128 ? CELL_BYTES / 64.0 : 2.0 * CELL_BYTES / (1 + CELL_BYTES);
        double cellOccupancy = (100 - SMALL_PACKET_PERCENT + SMALL_PACKET_PERCENT * worstCaseFactor) / 100.0;
        double peerResponse = pauseQuanta(speedBps) * 512 / 8.0;
        double propagation = portMtu + bytesOnCable(speedBps, cableMetres) + MAC_PHY_DELAY_BYTES + peerResponse;
        return ceil1024(LOSSLESS_MTU + propagation * cellOccupancy);
    }

    /** The xon part: the pipeline latency. */
    public static long xonBytes() {
        return ceil1024(PIPELINE_LATENCY_BYTES);
    }

    /** The PG headroom size without a shared headroom pool: xoff + xon. */
    public static long sizeBytes(long speedBps, double cableMetres, int portMtu) {
        return xoffBytes(speedBps, cableMetres, portMtu) + xonBytes();
    }

    private static long ceil1024(double bytes) {
        return (long) Math.ceil(bytes / 1024.0) * 1024;
    }
}
