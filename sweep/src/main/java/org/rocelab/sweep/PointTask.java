package org.rocelab.sweep;

import java.io.Serializable;
import java.util.List;

/**
 * What a Spark task needs to run one point, with nothing but strings and numbers so that it
 * serializes to any executor: the point's id, the command line of {@code rocelab run} that the
 * point is, the output folder (on a file system the executors share), its limits and figures.
 *
 * @param id the point id
 * @param runArgs the arguments of {@code rocelab run} for this point (base, --set..., --out)
 * @param pointDir the point's folder, absolute
 * @param wallMillis wall-time limit
 * @param heap -Xmx of the child JVM
 * @param figures the figures to read from its outputs
 */
public record PointTask(
        String id, List<String> runArgs, String pointDir, long wallMillis, String heap, List<String> figures)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    public PointTask {
        runArgs = List.copyOf(runArgs);
        figures = List.copyOf(figures);
    }
}
