package org.rocelab.cc;

/**
 * One documented congestion-control parameter: its name as the gear or simulator spells it, its
 * unit, its default (in that unit) and where the default comes from. The parameter tables in
 * {@code docs/model.md#dcqcn} list exactly these records.
 *
 * @param name the knob's name (mlx5 sysfs name, DCQCN paper symbol, or HPCC config key)
 * @param unit the unit a plain number is read in, e.g. {@code µs}, {@code Mb/s}, {@code 1/1024}
 * @param defaultValue the default, as text in {@link #unit}
 * @param source where the default comes from
 */
public record Knob(String name, String unit, String defaultValue, String source) {}
