package org.rocelab.scenario;

import java.util.List;

/**
 * What a run records besides its counters ({@code outputs}).
 *
 * @param samplePs time-series sampling period, ps (default 10 µs)
 * @param pcap packet-capture taps
 * @param report what report.html must show besides the busiest ({@code outputs.report})
 * @param series timeseries.csv keeps the hottest this many entities per ranked metric
 *     ({@code outputs.series}, {@link org.rocelab.stats.SeriesSelection}; default 32, {@code all}
 *     is {@link Integer#MAX_VALUE})
 * @param everyRow timeseries.csv writes every sample ({@code outputs.rows: all}) instead of leaving
 *     out those inside runs of equal values ({@code changes}, the default)
 */
public record OutputSpec(long samplePs, List<PcapTap> pcap, ReportPicks report, int series, boolean everyRow) {
    /**
     * The most sampling instants a run may have (duration / {@code outputs.sample}): a million is 10 s
     * at the default 10 µs, 1 ms at 1 ns; beyond it the time series and report outgrow memory.
     */
    public static final long MAX_SAMPLE_INSTANTS = 1_000_000;

    /** Default {@code outputs.series} (the stats package's {@code SeriesSelection.DEFAULT}). */
    public static final int DEFAULT_SERIES = 32;

    public static final OutputSpec DEFAULT = new OutputSpec(10_000_000L, List.of());

    public OutputSpec {
        pcap = List.copyOf(pcap);
        if (series < 1) {
            throw new IllegalArgumentException("outputs.series must be at least 1, got " + series);
        }
    }

    /** Outputs with no report picks, the default {@code outputs.series} and {@code outputs.rows}. */
    public OutputSpec(long samplePs, List<PcapTap> pcap) {
        this(samplePs, pcap, ReportPicks.NONE, DEFAULT_SERIES, false);
    }

    /**
     * {@code outputs.report}: the flows and ports report.html shows in its time charts whatever
     * their activity, before it fills each chart with the busiest.
     *
     * @param flows workload names (every QP of the workload) and host pairs {@code h1->h0} (the
     *     QPs from h1 to h0), as written
     * @param ports ports {@code node:peer} (their throughput, queues and pause states)
     */
    public record ReportPicks(List<String> flows, List<String> ports) {
        public static final ReportPicks NONE = new ReportPicks(List.of(), List.of());

        public ReportPicks {
            flows = List.copyOf(flows);
            ports = List.copyOf(ports);
        }
    }

    /**
     * A capture on one port ({@code port: "sw0:h3"}: the port of {@code sw0} facing {@code h3}),
     * both directions, of the first {@code frames} frames (default 1000) into {@code file}
     * (default {@code <node>-<peer>.pcap}).
     */
    public record PcapTap(String node, String peer, int frames, String file) {}
}
