/**
 * Readers and writers for other simulators' formats — the HPCC ns-3 simulator first
 * (hpcc-ns3-anchor.md §2): {@link org.rocelab.compat.HpccConfig}, {@link org.rocelab.compat.HpccTopology},
 * {@link org.rocelab.compat.HpccFlows}, {@link org.rocelab.compat.HpccScenario} (what a network builder
 * needs), {@link org.rocelab.compat.HpccPathMetrics} (base RTT, standalone FCT),
 * {@link org.rocelab.compat.HpccOutputs} (fct.txt, pfc.txt) and {@link org.rocelab.compat.FctBuckets}
 * (fct_analysis.py). Every input problem is an {@link org.rocelab.compat.HpccFormatException} naming file
 * and line.
 */
package org.rocelab.compat;
