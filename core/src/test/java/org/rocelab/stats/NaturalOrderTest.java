package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link NaturalOrder}: digit runs by value, the rest by character, ties by string order. */
class NaturalOrderTest {
    private static final NaturalOrder N = NaturalOrder.INSTANCE;

    @Test
    void digitRunsCompareAsNumbersAndTiesFallBackToStringOrder() {
        List<String> names =
                new ArrayList<>(List.of("sw0:h10", "h10", "h2", "sw0:h9", "h01", "h1", "h0", "h00", "a", "h"));
        names.sort(N);
        assertThat(names).containsExactly("a", "h", "h0", "h00", "h01", "h1", "h2", "h10", "sw0:h9", "sw0:h10");
        assertThat(N.compare("UC10 Counter/Pkts", "UC9 Counter/Pkts")).isPositive();
        assertThat(N.compare("x007y", "x7y")).isNegative();
        assertThat(N.compare("x7y", "x7y")).isZero();
    }

    /** The sign agrees with the definition (digit runs with leading zeros stripped, by length then text). */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void signMatchesTheDefinitionOnRandomNames(long seed) {
        Random r = new Random(seed);
        for (int n = 0; n < 20_000; n++) {
            String a = name(r);
            String b = name(r);
            assertThat(Integer.signum(N.compare(a, b)))
                    .as("%s vs %s", a, b)
                    .isEqualTo(Integer.signum(reference(a, b)))
                    .isEqualTo(-Integer.signum(N.compare(b, a)));
        }
    }

    private static String name(Random r) {
        String alphabet = "00019hsw:/";
        StringBuilder sb = new StringBuilder();
        int len = r.nextInt(8);
        for (int k = 0; k < len; k++) {
            sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static int reference(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int ei = i;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                int ej = j;
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                String x = a.substring(i, ei).replaceFirst("^0+(?=.)", "");
                String y = b.substring(j, ej).replaceFirst("^0+(?=.)", "");
                int c = x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }
}
