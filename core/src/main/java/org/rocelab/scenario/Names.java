package org.rocelab.scenario;

import java.util.List;

/** Messages about node names that do not exist, with a did-you-mean or the valid range. */
final class Names {
    private Names() {}

    static String unknown(String what, String name, List<String> valid) {
        String guess = Levenshtein.closest(name, valid);
        String hint;
        if (valid.isEmpty()) {
            hint = "there are none";
        } else if (guess != null && !looksNumbered(name, valid)) {
            hint = "did you mean '" + guess + "'?";
        } else {
            hint = (what.endsWith("ch") ? what + "es" : what + "s") + " are " + summary(valid);
        }
        return "no " + what + " '" + name + "' (" + hint + ")";
    }

    private static boolean looksNumbered(String name, List<String> valid) {
        return name.matches("[a-z]+\\d+") && valid.size() > 3;
    }

    /** "h0..h8" for numbered runs, else the list (shortened). */
    static String summary(List<String> names) {
        if (names.size() > 2) {
            String first = names.get(0);
            String prefix = first.replaceAll("\\d+$", "");
            boolean run = true;
            for (int i = 0; i < names.size() && run; i++) {
                run = names.get(i).equals(prefix + i);
            }
            if (run) {
                return prefix + "0.." + prefix + (names.size() - 1);
            }
        }
        if (names.size() > 12) {
            return String.join(", ", names.subList(0, 12)) + ", …";
        }
        return String.join(", ", names);
    }
}
