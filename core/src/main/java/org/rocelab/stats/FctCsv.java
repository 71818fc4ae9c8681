package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * fct.csv (DESIGN.md §3): one row per completed flow, ordered by flow id, header
 * {@code id,src,dst,bytes,start_ps,end_ps,fct_ns,ideal_fct_ns,slowdown}. Times are exact
 * ({@code fct_ns} with up to three decimals); slowdown is rounded to six decimals. Flows still
 * running at the end are not listed (as in HPCC's fct.txt); summary.json counts them.
 */
public final class FctCsv {
    /** The header line. */
    public static final String HEADER = "id,src,dst,bytes,start_ps,end_ps,fct_ns,ideal_fct_ns,slowdown";

    private FctCsv() {}

    /** The whole file as text (tests; runs {@link #write} it). */
    public static String of(List<WorkloadResult> workloads) {
        return Csv.text(HEADER, completedById(workloads), FctCsv::appendRow);
    }

    /** Writes the file to {@code out}; does not close {@code out}. */
    public static void write(List<WorkloadResult> workloads, Writer out) throws IOException {
        Csv.write(out, HEADER, completedById(workloads), FctCsv::appendRow);
    }

    private static List<FlowRecord> completedById(List<WorkloadResult> workloads) {
        List<FlowRecord> done = new ArrayList<>();
        for (WorkloadResult w : workloads) {
            for (FlowRecord f : w.flows()) {
                if (f.isCompleted()) {
                    done.add(f);
                }
            }
        }
        done.sort(Comparator.comparingLong(FlowRecord::id));
        return done;
    }

    /** One row, with its line end. */
    private static void appendRow(StringBuilder sb, FlowRecord f) {
        sb.append(f.id())
                .append(',')
                .append(Csv.field(f.src()))
                .append(',')
                .append(Csv.field(f.dst()))
                .append(',')
                .append(f.sizeBytes())
                .append(',')
                .append(f.startPs())
                .append(',')
                .append(f.endPs())
                .append(',')
                .append(Decimal.nsText(f.fctPs()))
                .append(',')
                .append(Decimal.nsText(f.idealFctPs()))
                .append(',')
                .append(Decimal.text(f.slowdown()))
                .append('\n');
    }
}
