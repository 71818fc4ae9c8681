package org.rocelab.scenario;

import com.networknt.schema.serialization.node.TokenStreamLocationAware;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;

/**
 * Where each value of a scenario came from: a line and column of the YAML file (nodes read by
 * json-schema-validator's location-aware reader) or a {@code --set key=value} argument. Turns a
 * key path into the {@code file:line:column} prefix of an error message, pointing at the key
 * when it is on the value's line (as compilers point at the offending name).
 */
final class SourceMap {
    private final String fileName;
    private final String text;
    private final int[] lineStarts;
    private final Map<JsonNode, String> setOrigins = new IdentityHashMap<>();
    private JsonNode root;

    SourceMap(String fileName, String text) {
        this.fileName = fileName;
        this.text = text;
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        lineStarts = new int[n];
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lineStarts[line++] = i + 1;
            }
        }
    }

    String fileName() {
        return fileName;
    }

    void root(JsonNode root) {
        this.root = root;
    }

    JsonNode root() {
        return root;
    }

    /** Records that {@code node} (and everything under it) was written by {@code label}, e.g. "--set k=v". */
    void markSet(JsonNode node, String arg) {
        setOrigins.put(node, arg);
    }

    /** The location prefix (without the trailing ": ") of the value at {@code path}. */
    String locate(JsonNode node, List<String> path) {
        String direct = describe(node, path);
        if (direct != null) {
            return direct;
        }
        JsonNode cur = root;
        String best = fileName;
        String origin = null;
        for (int i = 0; i < path.size() && cur != null; i++) {
            JsonNode next = child(cur, path.get(i));
            if (next == null) {
                break;
            }
            String d = describe(next, path.subList(0, i + 1));
            if (d != null) {
                best = d;
            }
            if (setOrigins.containsKey(next)) {
                origin = setOrigins.get(next);
            }
            cur = next;
        }
        return origin != null ? fileName + ": " + origin : best;
    }

    /** The location of {@code node} itself, or null when it has none. */
    private String describe(JsonNode node, List<String> path) {
        if (node == null) {
            return null;
        }
        if (setOrigins.containsKey(node)) {
            return fileName + ": " + setOrigins.get(node);
        }
        if (!(node instanceof TokenStreamLocationAware)) {
            return null;
        }
        TokenStreamLocation loc = ((TokenStreamLocationAware) node).tokenStreamLocation();
        if (loc == null || loc.getLineNr() < 1) {
            return null;
        }
        int line = loc.getLineNr();
        int col = Math.max(1, loc.getColumnNr());
        if (!path.isEmpty() && !isIndex(path.get(path.size() - 1))) {
            int[] key = findKey(path.get(path.size() - 1), line, col);
            if (key != null) {
                line = key[0];
                col = key[1];
            }
        }
        return fileName + ":" + line + ":" + col;
    }

    /** Searches backwards from the value's position for {@code key:}; returns {line, column}. */
    private int[] findKey(String key, int line, int col) {
        if (line > lineStarts.length) {
            return null;
        }
        int offset = Math.min(text.length(), lineStarts[line - 1] + col - 1);
        int limit = Math.max(0, offset - 4000);
        int from = offset;
        while (from > limit) {
            int i = text.lastIndexOf(key, from - 1);
            if (i < limit || i < 0) {
                return null;
            }
            int j = i + key.length();
            if (j < text.length() && (text.charAt(j) == '"' || text.charAt(j) == '\'')) {
                j++;
            }
            while (j < text.length() && text.charAt(j) == ' ') {
                j++;
            }
            boolean startOk = i == 0 || (!Character.isLetterOrDigit(text.charAt(i - 1)) && text.charAt(i - 1) != '_');
            if (startOk && j < text.length() && text.charAt(j) == ':') {
                int l = lineOf(i);
                int start = i > 0 && (text.charAt(i - 1) == '"' || text.charAt(i - 1) == '\'') ? i - 1 : i;
                return new int[] {l + 1, start - lineStarts[l] + 1};
            }
            from = i;
        }
        return null;
    }

    /** The 1-based column of {@code key} on {@code line}, or {@code fallback} when not found. */
    int keyColumn(int line, String key, int fallback) {
        if (line < 1 || line > lineStarts.length) {
            return Math.max(1, fallback);
        }
        int end = line < lineStarts.length ? lineStarts[line] : text.length();
        int i = text.substring(lineStarts[line - 1], end).indexOf(key);
        return i >= 0 ? i + 1 : Math.max(1, fallback);
    }

    private int lineOf(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    static boolean isIndex(String segment) {
        if (segment.isEmpty() || segment.length() > 9) {
            return false;
        }
        for (int i = 0; i < segment.length(); i++) {
            if (!Character.isDigit(segment.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static JsonNode child(JsonNode node, String segment) {
        if (node.isArray()) {
            return isIndex(segment) ? node.get(Integer.parseInt(segment)) : null;
        }
        return node.isObject() ? node.get(segment) : null;
    }
}
