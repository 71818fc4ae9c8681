package org.rocelab.scenario;

import java.util.Collection;

/** Edit distance (Levenshtein with transpositions) and "did you mean" suggestions for unknown keys and names. */
final class Levenshtein {
    private Levenshtein() {}

    /** Levenshtein distance with adjacent transpositions counted as one edit (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /**
     * The closest candidate within a distance of a third of the word's length (at least 2), or
     * null when nothing is that close. Ties go to the first candidate in iteration order.
     */
    static String closest(String word, Collection<String> candidates) {
        String best = null;
        int bestD = Math.max(2, word.length() / 3) + 1;
        for (String c : candidates) {
            int d = distance(word, c);
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return best;
    }
}
