package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LevelsTest {
    @Test
    void linearStepsAreExactDecimalsInTheUnitWritten() {
        assertThat(Levels.linear("50KB", "200KB", "50KB")).containsExactly("50KB", "100KB", "150KB", "200KB");
        assertThat(Levels.linear("0.05", "0.2", "0.05")).containsExactly("0.05", "0.1", "0.15", "0.2");
        // 0.1 + 0.1 + 0.1 is 0.3 exactly in decimals (a double loop would stop at 0.2)
        assertThat(Levels.linear("0.1", "0.3", "0.1")).containsExactly("0.1", "0.2", "0.3");
        assertThat(Levels.linear("2us", "3us", "2us")).containsExactly("2us");
    }

    @Test
    void logLevelsAreGeometricRoundedToThreeSignificantDigits() {
        // 10^(1 + 2i/4): 10, 31.62, 100, 316.2, 1000
        assertThat(Levels.log("10KB", "1000KB", 5)).containsExactly("10KB", "31.6KB", "100KB", "316KB", "1000KB");
        // 10^(1 + 2i/9)
        assertThat(Levels.log("10KB", "1000KB", 10))
                .containsExactly(
                        "10KB", "16.7KB", "27.8KB", "46.4KB", "77.4KB", "129KB", "215KB", "359KB", "599KB", "1000KB");
        assertThat(Levels.log("0.01", "1", 3)).containsExactly("0.01", "0.1", "1");
    }

    @Test
    void rangesRefuseMixedUnitsEmptyStepsAndReversedEnds() {
        assertThatThrownBy(() -> Levels.linear("50KB", "1MB", "50KB"))
                .hasMessage("to: expected the unit of 'from' (KB), got '1MB'");
        assertThatThrownBy(() -> Levels.linear("1", "2", "0")).hasMessage("step: expected a positive step, got '0'");
        assertThatThrownBy(() -> Levels.linear("5", "2", "1"))
                .hasMessage("to: expected a value not below 'from' (5), got '2'");
        assertThatThrownBy(() -> Levels.log("0", "1", 3))
                .hasMessage("to: expected 0 < from < to for a log range, got 0..1");
        assertThatThrownBy(() -> Levels.log("1", "10", 1)).hasMessage("count: expected at least 2 levels, got 1");
        assertThatThrownBy(() -> Levels.linear("fast", "2", "1"))
                .hasMessage("from: expected a number with an optional unit (e.g. 40KB), got 'fast'");
    }
}
