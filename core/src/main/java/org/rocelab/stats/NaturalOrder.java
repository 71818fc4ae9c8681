package org.rocelab.stats;

import java.util.Comparator;

/**
 * Orders names the way an operator reads them: runs of digits compare as numbers, so
 * {@code h2 < h10} and {@code sw0:h9 < sw0:h10}; otherwise by character. Ties on numeric value
 * (e.g. {@code h01} vs {@code h1}) fall back to plain string order, so the order is total.
 */
public final class NaturalOrder implements Comparator<String> {
    /** The shared, stateless instance. */
    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {}

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (isDigit(ca) && isDigit(cb)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                int c = compareDigits(a, i, ei, b, j, ej);
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

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && isDigit(s.charAt(k))) {
            k++;
        }
        return k;
    }

    /**
     * Compares the digit runs a[ai, ae) and b[bi, be) by value: leading zeros skipped (one digit
     * kept), then the longer run is larger, then the first differing digit decides. No substrings:
     * counters.json sorts thousands of port names with this.
     */
    private static int compareDigits(String a, int ai, int ae, String b, int bi, int be) {
        int x = skipZeros(a, ai, ae);
        int y = skipZeros(b, bi, be);
        int lx = ae - x;
        int ly = be - y;
        if (lx != ly) {
            return Integer.compare(lx, ly);
        }
        for (int k = 0; k < lx; k++) {
            char cx = a.charAt(x + k);
            char cy = b.charAt(y + k);
            if (cx != cy) {
                return cx - cy;
            }
        }
        return 0;
    }

    private static int skipZeros(String s, int from, int end) {
        int k = from;
        while (k < end - 1 && s.charAt(k) == '0') {
            k++;
        }
        return k;
    }
}
