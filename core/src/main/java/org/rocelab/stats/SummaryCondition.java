package org.rocelab.stats;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * One condition on summary.json, the language of {@code run --fail-on} (and of the doctor's and a
 * sweep's gates; docs/outputs.md, conditions): {@code PATH OP VALUE}, e.g. {@code drops.total>0},
 * {@code pfc.pause_frames_tx>=1000}, {@code fct.p99>5}, {@code workloads.bulk.goodput_gbps<80},
 * {@code health!=ok}. {@code PATH} is a dotted summary.json path ({@link SummaryPath}); {@code OP}
 * one of {@code > >= < <= == !=}; {@code VALUE} a decimal number compared with a numeric field,
 * or, with {@code ==} and {@code !=} only, a word compared with a text field ({@code health}).
 * Spaces around the parts are allowed. A field that is {@code null} in a run (a percentile of no
 * completed flows, {@code stalled_since_ns} of a run that did not stall) satisfies no condition.
 */
public final class SummaryCondition {
    private static final Pattern FORM =
            Pattern.compile("\\s*([A-Za-z0-9_.\\-]+)\\s*(>=|<=|==|!=|>|<)\\s*([^\\s<>=!]+)\\s*");
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_\\-]*");

    private final String text;
    private final String path;
    private final String op;
    private final BigDecimal number;
    private final String word;

    private SummaryCondition(String text, String path, String op, BigDecimal number, String word) {
        this.text = text;
        this.path = path;
        this.op = op;
        this.number = number;
        this.word = word;
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a one-line message naming what was expected
     */
    public static SummaryCondition parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "': expected PATH OP VALUE with OP one of > >= < <= =="
                    + " !=, like drops.total>0 or workloads.<name>.goodput_gbps<80");
        }
        String path = m.group(1);
        String op = m.group(2);
        String value = m.group(3);
        if (List.of(path.split("\\.", -1)).contains("")) {
            throw new IllegalArgumentException(
                    "'" + text + "': expected a dotted summary.json path like fct.p99, got '" + path + "'");
        }
        String compact = path + op + value;
        if (NUMBER.matcher(value).matches()) {
            return new SummaryCondition(compact, path, op, new BigDecimal(value), null);
        }
        if (WORD.matcher(value).matches() && (op.equals("==") || op.equals("!="))) {
            return new SummaryCondition(compact, path, op, null, value);
        }
        throw new IllegalArgumentException("'" + text + "': expected a number after " + op + ", got '" + value
                + "' (a word is compared only with == or !=, like health!=ok)");
    }

    /** The condition as written, without spaces. */
    public String text() {
        return text;
    }

    public String path() {
        return path;
    }

    /**
     * Checks that {@code summary} (a run's summary.json, or {@link SummaryJson#template}) has the
     * path with a value of the kind this condition compares.
     *
     * @throws IllegalArgumentException naming the path and what it is
     */
    public void check(JsonNode summary) {
        JsonNode n = SummaryPath.resolve(summary, path);
        if (n == null) {
            throw new IllegalArgumentException("'" + text + "': summary.json has no " + path + nearest(summary));
        }
        boolean numeric = n.isNumber() || n.isNull();
        boolean textual = n.isString() || n.isNull();
        if (number != null && !numeric) {
            throw new IllegalArgumentException("'" + text + "': " + path + " is " + kind(n) + ", not a number");
        }
        if (word != null && !textual) {
            throw new IllegalArgumentException(
                    "'" + text + "': " + path + " is " + kind(n) + ", not a word to compare with " + word);
        }
    }

    /**
     * Whether the condition holds on {@code summary}: the field and its value ({@code drops.total =
     * 64}), or empty when it does not hold.
     *
     * @throws IllegalArgumentException when the path is missing or of the wrong kind ({@link #check})
     */
    public Optional<String> holds(JsonNode summary) {
        check(summary);
        JsonNode n = SummaryPath.resolve(summary, path);
        if (n.isNull()) {
            return Optional.empty();
        }
        boolean holds;
        String shown;
        if (number != null) {
            BigDecimal v = n.decimalValue();
            int c = v.compareTo(number);
            holds = switch (op) {
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case "==" -> c == 0;
                default -> c != 0;
            };
            shown = v.stripTrailingZeros().toPlainString();
        } else {
            boolean eq = n.asString().equals(word);
            holds = op.equals("==") == eq;
            shown = n.asString();
        }
        return holds ? Optional.of(path + " = " + shown) : Optional.empty();
    }

    private static String kind(JsonNode n) {
        if (n.isObject()) {
            List<String> keys = new ArrayList<>(n.propertyNames());
            return "an object (" + String.join(", ", keys.subList(0, Math.min(8, keys.size())))
                    + (keys.size() > 8 ? ", …" : "") + ")";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isString()) {
            return "text";
        }
        return n.isBoolean() ? "true/false" : "a number";
    }

    /** ", did you mean X?" for the deepest existing prefix of the path, or the keys there. */
    private String nearest(JsonNode summary) {
        String[] segs = path.split("\\.");
        JsonNode cur = summary;
        StringBuilder done = new StringBuilder();
        for (String seg : segs) {
            JsonNode next = SummaryPath.resolve(cur, seg);
            if (next == null) {
                List<String> keys = new ArrayList<>();
                if (cur.isObject()) {
                    keys.addAll(cur.propertyNames());
                } else if (cur.isArray()) {
                    for (JsonNode e : cur) {
                        if (e.has("name")) {
                            keys.add(e.get("name").asString());
                        }
                    }
                }
                if (keys.isEmpty()) {
                    return "";
                }
                String where = done.length() == 0 ? "" : " under " + done;
                return " (keys" + where + ": " + String.join(", ", keys.subList(0, Math.min(16, keys.size())))
                        + (keys.size() > 16 ? ", …" : "") + ")";
            }
            if (done.length() > 0) {
                done.append('.');
            }
            done.append(seg);
            cur = next;
        }
        return "";
    }
}
