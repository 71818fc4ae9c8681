package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text forms of times, rates and sizes (DESIGN.md §2), exact to the unit. */
class UnitsTest {
    @ParameterizedTest
    @CsvSource({
        "0.001ms, 1000000", "2us, 2000000", "500ns, 500000", "1s, 1000000000000", "7ps, 7", "1.5ns, 1500",
        "10ms, 10000000000", "1e-3ms, 1000000", "' 3us ', 3000000", "1_000ns, 1000000", "0ns, 0", "2µs, 2000000"
    })
    void timesParseExactlyToPicoseconds(String text, long ps) {
        assertThat(Units.parseTimePs(text)).isEqualTo(ps);
    }

    @ParameterizedTest
    @CsvSource({
        "100G, 100000000000", "25Gbps, 25000000000", "400G, 400000000000", "100Mb/s, 100000000",
        "10K, 10000", "1T, 1000000000000", "2.5G, 2500000000", "40000000, 40000000"
    })
    void ratesParseToBitsPerSecond(String text, long bps) {
        assertThat(Units.parseRateBps(text)).isEqualTo(bps);
    }

    @ParameterizedTest
    @CsvSource({
        "64KB, 64000",
        "64KiB, 65536",
        "4096, 4096",
        "2MB, 2000000",
        "32MiB, 33554432",
        "1GiB, 1073741824",
        "1.5KB, 1500",
        "9216B, 9216",
        "400K, 400000",
        "1M, 1000000"
    })
    void sizesAreDecimalUnlessBinary(String text, long bytes) {
        assertThat(Units.parseSizeBytes(text)).isEqualTo(bytes);
    }

    @Test
    void numbersParse() {
        assertThat(Units.parseNumber("1e-6")).isEqualTo(1e-6);
        assertThat(Units.parseNumber("0.2")).isEqualTo(0.2);
        assertThat(Units.parseNumber("1e-12")).isEqualTo(1e-12);
    }

    @Test
    void badUnitsSayWhatWasExpected() {
        assertThatThrownBy(() -> Units.parseTimePs("5xs"))
                .isInstanceOf(Units.UnitException.class)
                .hasMessage("expected a time like 2us, 500ns or 10ms, got '5xs'");
        assertThatThrownBy(() -> Units.parseTimePs("10")).hasMessageContaining("expected a time with a unit");
        assertThatThrownBy(() -> Units.parseRateBps("100Q"))
                .isInstanceOf(Units.UnitException.class)
                .hasMessage("expected a rate like 100G or 25Gbps, got '100Q'");
        assertThatThrownBy(() -> Units.parseSizeBytes("64XB"))
                .isInstanceOf(Units.UnitException.class)
                .hasMessage("expected a size like 64KB, 4096 or 2MiB, got '64XB'");
        assertThatThrownBy(() -> Units.parseNumber("1e-6x"))
                .isInstanceOf(Units.UnitException.class)
                .hasMessage("expected a number like 0.2 or 1e-6, got '1e-6x'");
    }

    @Test
    void negativeValuesAreRefused() {
        assertThatThrownBy(() -> Units.parseTimePs("-2us"))
                .isInstanceOf(Units.UnitException.class)
                .hasMessage("expected a non-negative value (a time like 2us, 500ns or 10ms), got '-2us'");
        assertThatThrownBy(() -> Units.parseSizeBytes("-64KB")).hasMessageContaining("non-negative");
        assertThatThrownBy(() -> Units.parseRateBps("-100G")).hasMessageContaining("non-negative");
        assertThatThrownBy(() -> Units.parseRateBps("0G")).hasMessage("expected a positive rate like 100G, got '0G'");
    }

    @Test
    void emptyTextIsRefused() {
        assertThatThrownBy(() -> Units.parseTimePs(""))
                .hasMessage("expected a time with a unit like 2us, 500ns or 10ms, got ''");
        assertThatThrownBy(() -> Units.parseSizeBytes("  "))
                .hasMessage("expected a size like 64KB, 4096 or 2MiB, got '  '");
        assertThatThrownBy(() -> Units.parseRateBps("")).hasMessage("expected a rate like 100G or 25Gbps, got ''");
        assertThatThrownBy(() -> Units.parseNumber("")).hasMessage("expected a number like 0.2 or 1e-6, got ''");
        assertThatThrownBy(() -> Units.parseTimePs(null)).hasMessage("expected a value, got nothing");
        assertThatThrownBy(() -> Units.parseSizeBytes("KB"))
                .hasMessage("expected a size like 64KB, 4096 or 2MiB, got 'KB'");
    }

    @Test
    void fractionsOfTheBaseUnitAreRefusedRatherThanRounded() {
        assertThatThrownBy(() -> Units.parseTimePs("0.5ps"))
                .hasMessage("expected a whole number of picoseconds (a time like 2us, 500ns or 10ms), got '0.5ps'");
        assertThatThrownBy(() -> Units.parseSizeBytes("1.0001KB"))
                .hasMessage("expected a whole number of bytes (a size like 64KB, 4096 or 2MiB), got '1.0001KB'");
    }

    @Test
    void serializationIsExactAndRoundsUp() {
        assertThat(Units.serializationPs(4178, Units.gbps(100))).isEqualTo(334_240);
        assertThat(Units.serializationPs(64, Units.gbps(100))).isEqualTo(5_120);
        assertThat(Units.serializationPs(1, 3)).isEqualTo(2_666_666_666_667L);
        // 10^9 bytes overflow bits × 10^12 in a long, so the exact wide path is taken: 8e9 b / 400G = 20 ms
        assertThat(Units.serializationPs(1_000_000_000L, Units.gbps(400))).isEqualTo(20_000_000_000L);
        assertThat(Units.serializationPs(1_000_000_001L, Units.gbps(3))).isEqualTo(2_666_666_669_334L);
    }

    @Test
    void formatsRoundTrip() {
        assertThat(Units.formatTime(2_000_000)).isEqualTo("2us");
        assertThat(Units.formatTime(1_500)).isEqualTo("1500ps");
        assertThat(Units.formatTime(0)).isEqualTo("0ns");
        assertThat(Units.formatRate(Units.gbps(25))).isEqualTo("25G");
        for (String t : new String[] {"3ms", "7ns", "1s", "123ps"}) {
            assertThat(Units.formatTime(Units.parseTimePs(t))).isEqualTo(t);
        }
    }
}
