package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HpccTextTest {
    @Test
    void tokensAreThoseOfSplitOnRegexWhitespace() {
        String[] lines = {
            "3",
            "0 1 3 100 200000000 2.000001",
            "0\t1  \t 3",
            "a\u000Bb\fc\rd\ne",
            // not regex \s: the file separator, no-break and em spaces stay inside tokens
            "a\u001Cb c\u00A0d e\u2003f",
            "x" + " ".repeat(40) + "y"
        };
        for (String line : lines) {
            String s = line.strip();
            assertThat(HpccText.tokens(s)).as(line).containsExactly(s.split("\\s+"));
        }
        assertThat(HpccText.tokens("0\t1  \t 3")).containsExactly("0", "1", "3");
    }
}
