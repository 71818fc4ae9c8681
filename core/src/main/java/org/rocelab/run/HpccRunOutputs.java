package org.rocelab.run;

import java.io.IOException;
import java.nio.file.Path;
import org.rocelab.compat.FctBuckets;
import org.rocelab.compat.HpccOutputs;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.SummaryJson;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the outputs of an {@link HpccRun}: rocelab's own files ({@link RunWriter}: summary.json,
 * counters.json, fct.csv, qp.csv, timeseries.csv, topology.json, run.json), with summary.json
 * extended by {@code hpcc_fct_buckets} (fct_analysis.py's buckets, {@link FctBuckets} over all
 * flows, step 5 %, largest flow dropped as the script does), plus HPCC's fct.txt and pfc.txt.
 */
public final class HpccRunOutputs {
    public static final String FCT_TXT = "fct.txt";
    public static final String PFC_TXT = "pfc.txt";
    /** fct_analysis.py's step, percent of flows per bucket. */
    public static final int BUCKET_STEP_PERCENT = 5;

    private HpccRunOutputs() {}

    /** Writes everything into {@code dir}; {@code info} may be null (no run.json). */
    public static void write(Path dir, HpccRun run, RunResult r, RunInfo info) throws IOException {
        ObjectNode summary = SummaryJson.of(r);
        ArrayNode buckets = summary.putArray("hpcc_fct_buckets");
        try {
            FctBuckets b = FctBuckets.compute(
                    run.fctRecords(), BUCKET_STEP_PERCENT, FctBuckets.Selection.ALL, Long.MAX_VALUE, true);
            for (FctBuckets.Bucket x : b.buckets()) {
                ObjectNode o = buckets.addObject();
                o.put("max_size_bytes", x.maxSizeBytes());
                o.put("flows", x.flows());
                o.put("p50", x.p50());
                o.put("p95", x.p95());
                o.put("p99", x.p99());
            }
        } catch (IllegalArgumentException e) {
            summary.withArray("warnings").add("hpcc_fct_buckets: " + e.getMessage());
        }
        RunWriter.writeAll(dir, r, info, summary);
        HpccOutputs.writeFct(dir.resolve(FCT_TXT), run.fctRecords());
        HpccOutputs.writePfc(dir.resolve(PFC_TXT), run.pfcEvents());
    }
}
