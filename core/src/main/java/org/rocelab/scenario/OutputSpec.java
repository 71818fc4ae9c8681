package org.rocelab.scenario;

import java.util.List;

/**
 * What a run records besides its counters ({@code outputs}).
 *
 * @param samplePs time-series sampling period, ps (default 10 µs)
 * @param pcap packet-capture taps
 */
public record OutputSpec(long samplePs, List<PcapTap> pcap) {
    public static final OutputSpec DEFAULT = new OutputSpec(10_000_000L, List.of());

    public OutputSpec {
        pcap = List.copyOf(pcap);
    }

    /**
     * A capture on one port ({@code port: "sw0:h3"}: the port of {@code sw0} facing {@code h3}),
     * both directions, of the first {@code frames} frames (default 1000) into {@code file}
     * (default {@code <node>-<peer>.pcap}).
     */
    public record PcapTap(String node, String peer, int frames, String file) {}
}
