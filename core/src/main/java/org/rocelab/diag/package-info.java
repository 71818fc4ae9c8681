/**
 * The doctor (DESIGN.md §1, §3, issue 10): names what is wrong with a fabric, where, with the
 * counters an engineer would read on their own gear, and the fix as scenario changes. It reads
 * only the scenario records and a run's output files (summary.json, counters.json, fct.csv,
 * qp.csv, timeseries.csv, topology.json), never live devices, so a finished run's folder gives
 * the same findings as the run itself. Checks and thresholds: docs/doctor.md.
 */
package org.rocelab.diag;
