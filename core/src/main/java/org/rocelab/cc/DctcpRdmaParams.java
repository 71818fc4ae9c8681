package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of DCTCP for RDMA (Alizadeh et al., SIGCOMM 2010, §3, as a NIC rate limiter) as the HPCC
 * ns-3 simulator implements it for CC_MODE 8 (rdma-hw.cc {@code HandleAckDctcp} @ 9f4be2a), under the
 * simulator's config keys; defaults are run.py's {@code --cc dctcp --bw 100} preset. Immutable.
 *
 * @param g EWMA_GAIN: α's gain
 * @param aiRateBps DCTCP_RATE_AI: the rate added per window of ACKs without congestion
 * @param minRateBps MIN_RATE
 * @param segmentBytes PACKET_PAYLOAD_SIZE: the segment α's batch is counted in
 * @param windowBytes WINDOW: the in-flight cap (HAS_WIN 1: the largest BDP), 0 = none
 * @param varWin VAR_WIN: the window scales with rate / line rate
 */
public record DctcpRdmaParams(
        double g, long aiRateBps, long minRateBps, int segmentBytes, long windowBytes, boolean varWin) {
    public static final String ALGORITHM = "dctcp";

    private static final String RUN = "HPCC run.py --cc dctcp --bw 100";

    public static final List<Knob> KNOBS = List.of(
            new Knob("EWMA_GAIN", "fraction", "0.0625", RUN + " (g, DCTCP §3.1)"),
            new Knob("DCTCP_RATE_AI", "Mb/s", "615", RUN + ": one 1 KB MTU per 13 µs RTT"),
            new Knob("MIN_RATE", "Mb/s", "1000", RUN),
            new Knob("PACKET_PAYLOAD_SIZE", "bytes", "1000", RUN + " (m_mtu)"),
            new Knob("WINDOW", "bytes (0 = none)", "0", "third.cc maxBdp when HAS_WIN 1 (GLOBAL_T 1)"),
            new Knob("VAR_WIN", "0/1", "1", RUN));

    public static DctcpRdmaParams defaults() {
        return parse(Map.of());
    }

    public static DctcpRdmaParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("dctcp", KNOBS, params, List.of("profile"));
        return new DctcpRdmaParams(
                v.fraction("EWMA_GAIN", 0.0, 1.0),
                v.rateBps("DCTCP_RATE_AI"),
                Mlx5Params.positive(v.rateBps("MIN_RATE"), "MIN_RATE"),
                v.integer("PACKET_PAYLOAD_SIZE", 1, 1 << 20),
                v.bytes("WINDOW", 1),
                v.bool("VAR_WIN"));
    }
}
