package org.rocelab.scenario;

import java.util.Locale;

/** What a workload runs (DESIGN.md §3): perftest programs, storage incast, CDF flows, collectives, TCP. */
public enum WorkloadKind {
    IB_WRITE_BW,
    IB_READ_BW,
    IB_SEND_BW,
    IB_WRITE_LAT,
    IB_READ_LAT,
    IB_SEND_LAT,
    INCAST,
    FLOWS,
    ALLREDUCE,
    TCP;

    /** The YAML name ({@code ib_write_bw}, {@code incast}, …). */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isPerftest() {
        return name().startsWith("IB_");
    }

    public boolean isLatency() {
        return name().endsWith("_LAT");
    }
}
