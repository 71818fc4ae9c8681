/**
 * The scenario language (DESIGN.md §3, docs/scenario.md): YAML read with line and column,
 * {@code --set} overrides, a JSON Schema check, then immutable records with units parsed
 * ({@link org.rocelab.scenario.Scenario} and the specs it holds), cross-checks that fail with one
 * {@link org.rocelab.scenario.ScenarioException} line, and warnings for misconfigurations real
 * fabrics have. Entry point: {@link org.rocelab.scenario.ScenarioLoader}.
 */
package org.rocelab.scenario;
