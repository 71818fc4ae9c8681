package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CsvTest {
    @Test
    void aQuotedFieldKeepsItsCommasAndItsDoubledQuotesReadAsOne() {
        assertThat(Csv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(Csv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        String line = "1," + Csv.field("a,b") + "," + Csv.field("say \"hi\"") + ",," + Csv.field("\",\"");
        assertThat(line).isEqualTo("1,\"a,b\",\"say \"\"hi\"\"\",,\"\"\",\"\"\"");
        assertThat(Csv.fields(line)).containsExactly("1", "a,b", "say \"hi\"", "", "\",\"");
        assertThat(Csv.fieldEnd(line, 0)).isEqualTo(1);
        assertThat(Csv.fieldEnd(line, 2)).isEqualTo(7);
    }

    @Test
    void fieldsWithoutQuotesSplitAsSplitDoes() {
        for (String line : new String[] {"", ",", "a", "a,,b,", ",lead", "7,h1,h0,1000,0,5,4.5,4,1.125"}) {
            assertThat(Csv.fields(line)).as(line).containsExactly(line.split(",", -1));
        }
    }

    /** Any row of fields the writer quotes reads back as those fields. */
    @Test
    void rowsOfRandomFieldsReadBackAsWritten() {
        SplittableRandom r = new SplittableRandom(4791);
        char[] alphabet = {'a', 'z', '0', ',', '"', ':', '/', ' ', '|', '\u00e9'};
        for (int row = 0; row < 20_000; row++) {
            List<String> fields = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            int n = 1 + r.nextInt(6);
            for (int i = 0; i < n; i++) {
                StringBuilder f = new StringBuilder();
                for (int k = r.nextInt(5); k > 0; k--) {
                    f.append(alphabet[r.nextInt(alphabet.length)]);
                }
                fields.add(f.toString());
                line.append(i == 0 ? "" : ",").append(Csv.field(f.toString()));
            }
            assertThat(Csv.fields(line.toString())).as(line.toString()).isEqualTo(fields);
        }
    }
}
