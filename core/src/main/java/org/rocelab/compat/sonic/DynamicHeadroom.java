package org.rocelab.compat.sonic;

/**
 * The lossless PG profile SONiC's dynamic buffer manager computes for a port (sonic-swss
 * cfgmgr/buffermgrdyn.cpp calling cfgmgr/buffer_headroom_mellanox.lua; roce-facts.md §2.2), with
 * the Spectrum {@code ASIC_TABLE|MELLANOX} constants (cell 96 B, pipeline latency 18 KiB, MAC/PHY
 * delay 0.8 KiB) and the {@code LOSSLESS_TRAFFIC_PATTERN} of the CONFIG_DB (lossless MTU, small
 * packet percentage; AZURE: 1024, 100):
 *
 * <pre>
 * peer_response    = pause_quanta(speed) × 512 / 8                        (IEEE 802.3 31B.3.7)
 * bytes_on_cable   = 2 × cable_m × speed_Mbps × 1e9 / 1.98e8 / (8 × 1024)  (as the script codes it)
 * cell_occupancy   = (100 − small% + small% × worst) / 100,  worst = 2 × cell / (1 + cell) (cell ≤ 128)
 * xoff             = ceil1024(lossless_mtu + (port_mtu + bytes_on_cable + mac_phy + peer_response) × occupancy)
 * xon              = ceil1024(pipeline_latency)
 * size             = xoff + xon   (no shared headroom pool)
 * </pre>
 */
final class DynamicHeadroom {
    static final int CELL_BYTES = 96;
    static final double PIPELINE_LATENCY_BYTES = 18 * 1024;
    static final double MAC_PHY_DELAY_BYTES = 0.8 * 1024;

    private DynamicHeadroom() {}

    static long xoff(long speedMbps, double cableM, int portMtu, int losslessMtu, int smallPacketPercent) {
        double peerResponse = pauseQuanta(speedMbps) * 512.0 / 8;
        double bytesOnCable = 2 * cableM * speedMbps * 1e9 / 198_000_000.0 / (8 * 1024);
        double worst = CELL_BYTES > 128 ? CELL_BYTES / 64.0 : 2.0 * CELL_BYTES / (1 + CELL_BYTES);
        double occupancy = (100 - smallPacketPercent + smallPacketPercent * worst) / 100;
        return ceil1024(losslessMtu + (portMtu + bytesOnCable + MAC_PHY_DELAY_BYTES + peerResponse) * occupancy);
    }

    static long xon() {
        return ceil1024(PIPELINE_LATENCY_BYTES);
    }

    static long size(long speedMbps, double cableM, int portMtu, int losslessMtu, int smallPacketPercent) {
        return xoff(speedMbps, cableM, portMtu, losslessMtu, smallPacketPercent) + xon();
    }

    /** The script's pause_quanta_per_speed table (Mb/s); speeds between entries take the next lower. */
    static int pauseQuanta(long mbps) {
        long[] speeds = {400_000, 200_000, 100_000, 50_000, 40_000, 25_000, 10_000, 1_000};
        int[] quanta = {905, 453, 394, 147, 118, 80, 67, 2};
        for (int i = 0; i < speeds.length; i++) {
            if (mbps >= speeds[i]) {
                return quanta[i];
            }
        }
        return 1;
    }

    private static long ceil1024(double v) {
        return (long) Math.ceil(v / 1024) * 1024;
    }
}
