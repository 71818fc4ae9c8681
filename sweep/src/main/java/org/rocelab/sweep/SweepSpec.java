package org.rocelab.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * A sweep file, read and checked once ({@link SweepReader}): the base scenario or HPCC config,
 * the axes, the seeds, the design, the figures to collect, the per-point limits, conditions that
 * fail the sweep, and an optional stored sweep to compare with. Immutable.
 *
 * @param file the SWEEP.yaml path as given
 * @param base the base scenario (null when {@code hpcc} is set)
 * @param hpcc the base HPCC config (null when {@code base} is set)
 * @param duration a {@code --duration} applied to every point, or null
 * @param axes the axes, in file order
 * @param seeds seeds crossed with every point (empty: the base's own seed)
 * @param design how points are chosen
 * @param figures summary.json paths (and {@code counters.<node>.<port>.<priority>.<counter>})
 * @param limits per-point wall time and heap
 * @param failOn conditions over summary.json, in {@code run --fail-on} form
 * @param baseline a stored sweep's folder to compare with, or null
 * @param tolerance relative change of a figure beyond which the baseline comparison flags it
 * @param sortBy the figure the report's table is sorted by (the first figure by default)
 * @param pareto two figures whose Pareto front the report draws, or empty
 */
public record SweepSpec(
        Path file,
        Path base,
        Path hpcc,
        String duration,
        List<Axis> axes,
        List<Long> seeds,
        Design design,
        List<String> figures,
        Limits limits,
        List<String> failOn,
        Path baseline,
        double tolerance,
        String sortBy,
        List<String> pareto) {
    public SweepSpec {
        axes = List.copyOf(axes);
        seeds = List.copyOf(seeds);
        figures = List.copyOf(figures);
        failOn = List.copyOf(failOn);
        pareto = List.copyOf(pareto);
    }
}
