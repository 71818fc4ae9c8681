package org.rocelab.scenario;

/**
 * PFC headroom of one lossless (port, PG): SONiC's Mellanox dynamic formula
 * (sonic-swss buffer_headroom_mellanox.lua; roce-facts.md §2.2) with Spectrum-1 ASIC_TABLE
 * constants (cell 96 B, pipeline latency 18 KiB, MAC/PHY delay 0.8 KiB) and the AZURE lossless
 * pattern (lossless MTU 1024, 100 % small packets). Size = xoff + xon, no shared headroom pool.
 * 100G, 5 m, port MTU 9100: xoff 72,704 B, xon 18,432 B, size 91,136 B.
 */
public final class HeadroomEstimate {
    private static final int CELL_BYTES = 96;
    private static final long PIPELINE_LATENCY_BYTES = 18 * 1024;
    private static final double MAC_PHY_DELAY_BYTES = 0.8 * 1024;
    private static final int LOSSLESS_MTU = 1024;
    private static final int SMALL_PACKET_PERCENT = 100;

    private HeadroomEstimate() {}

    /** IEEE 802.3 31B.3.7 pause reaction quanta by port speed (as in the SONiC script). */
    static int pauseQuanta(long speedBps) {
        long g = speedBps / 1_000_000_000L;
        if (g >= 400) {
            return 905;
        } else if (g >= 200) {
            return 453;
        } else if (g >= 100) {
            return 394;
        } else if (g >= 50) {
            return 147;
        } else if (g >= 40) {
            return 118;
        } else if (g >= 25) {
            return 80;
        } else if (g >= 10) {
            return 67;
        } else if (speedBps >= 1_000_000_000L) {
            return 2;
        }
        return 1;
    }

    /** XOFF bytes of one lossless PG. */
    public static long xoffBytes(long speedBps, double cableM, int portMtu) {
        double peerResponse = pauseQuanta(speedBps) * 512.0 / 8;
        double speedMbps = speedBps / 1e6;
        double bytesOnCable = 2 * cableM * speedMbps * 1e9 / 198_000_000 / (8 * 1024);
        double worstCase = CELL_BYTES > 128 ? CELL_BYTES / 64.0 : 2.0 * CELL_BYTES / (1 + CELL_BYTES);
        double occupancy = (100 - SMALL_PACKET_PERCENT + SMALL_PACKET_PERCENT * worstCase) / 100;
        double propagation = portMtu + bytesOnCable + MAC_PHY_DELAY_BYTES + peerResponse;
        return ceil1024(LOSSLESS_MTU + propagation * occupancy);
    }

    /** XON bytes (the pipeline latency). */
    public static long xonBytes() {
        return ceil1024(PIPELINE_LATENCY_BYTES);
    }

    /** Reserved headroom (xoff + xon) of one lossless PG on a port of this speed and cable. */
    public static long bytes(long speedBps, double cableM, int portMtu) {
        return xoffBytes(speedBps, cableM, portMtu) + xonBytes();
    }

    private static long ceil1024(double v) {
        return (long) Math.ceil(v / 1024) * 1024;
    }
}
