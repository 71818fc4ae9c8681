package org.rocelab.diag;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Numbers as the doctor prints them: integers plain, others to 6 decimals, no exponent. */
final class Num {
    private Num() {}

    static String text(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v)
                .setScale(6, RoundingMode.HALF_EVEN)
                .stripTrailingZeros()
                .toPlainString();
    }

    static boolean isNumber(String s) {
        return s != null && s.matches("-?\\d+(\\.\\d+)?");
    }

    /** Bytes as a scenario size: {@code 400KB} when a whole number of KB (decimal), else bytes. */
    static String size(long bytes) {
        if (bytes >= 1_000_000 && bytes % 1_000_000 == 0) {
            return bytes / 1_000_000 + "MB";
        }
        if (bytes >= 1000 && bytes % 1000 == 0) {
            return bytes / 1000 + "KB";
        }
        return Long.toString(bytes);
    }

    /** Percent to one decimal. */
    static String pct(double fraction) {
        return BigDecimal.valueOf(100 * fraction)
                        .setScale(1, RoundingMode.HALF_EVEN)
                        .toPlainString() + " %";
    }
}
