package org.rocelab.scenario;

import java.util.List;

/** Test helpers: load inline scenario text. */
final class Yaml {
    private Yaml() {}

    static Scenario load(String text, String... sets) {
        return ScenarioLoader.parse(text, "t.yaml", List.of(sets), null);
    }

    static String error(String text, String... sets) {
        try {
            load(text, sets);
        } catch (ScenarioException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected a ScenarioException for:\n" + text);
    }
}
