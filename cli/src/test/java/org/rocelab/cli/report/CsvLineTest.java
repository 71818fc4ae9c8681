package org.rocelab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CsvLineTest {
    @Test
    void findsTheFieldsSplitFinds() {
        String many = "x,".repeat(100) + "y";
        for (String line : new String[] {"", ",", "a", "a,,b,", ",lead", "7,h1,h0,1000,0,5,4.5,4,1.125", many}) {
            String[] split = line.split(",", -1);
            CsvLine f = new CsvLine().parse(line);
            assertThat(f.count()).as(line).isEqualTo(split.length);
            for (int i = 0; i < split.length; i++) {
                assertThat(f.field(i)).as(line + " field " + i).isEqualTo(split[i]);
                assertThat(f.isEmpty(i)).isEqualTo(split[i].isEmpty());
            }
        }
    }

    @Test
    void aNameTheWriterQuotedKeepsItsCommas() {
        CsvLine f = new CsvLine().parse("7,\"h1,a\",\"say \"\"hi\"\"\",1.5");
        assertThat(f.count()).isEqualTo(4);
        assertThat(f.longField(0)).isEqualTo(7);
        assertThat(f.field(1)).isEqualTo("h1,a");
        assertThat(f.field(2)).isEqualTo("say \"hi\"");
        assertThat(f.doubleField(3)).isEqualTo(1.5);
    }

    @Test
    void isReusedFromALongLineToAShortOne() {
        CsvLine f = new CsvLine();
        f.parse("a,".repeat(200) + "b");
        assertThat(f.count()).isEqualTo(201);
        f.parse("12,-3,0.25,+4");
        assertThat(f.count()).isEqualTo(4);
        assertThat(f.longField(0)).isEqualTo(12);
        assertThat(f.longField(1)).isEqualTo(-3);
        assertThat(f.doubleField(2)).isEqualTo(0.25);
        assertThat(f.longField(3)).isEqualTo(4);
        assertThat(f.field(3)).isEqualTo("+4");
    }

    @Test
    void numbersFailAsParseLongAndParseDoubleFail() {
        CsvLine f = new CsvLine().parse("x,,1.5");
        assertThatThrownBy(() -> f.longField(0)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> f.longField(1)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> f.longField(2)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> f.doubleField(1)).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void rowsAreNumberedFromTheHeaderSkippingEmptyLinesAndMustHaveTheirFields() throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Path.of("fct.csv");
        java.util.List<String> seen = new java.util.ArrayList<>();
        CsvLine.forEachRow(
                new java.io.BufferedReader(new java.io.StringReader("a,b\n\nc,d\n")),
                file,
                2,
                (f, line) -> seen.add(line + ":" + f.field(0) + f.field(1)));
        assertThat(seen).containsExactly("2:ab", "4:cd");
        assertThatThrownBy(() -> CsvLine.forEachRow(
                        new java.io.BufferedReader(new java.io.StringReader("a,b\nc\n")), file, 2, (f, line) -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fct.csv:3: expected 2 fields");
    }
}
