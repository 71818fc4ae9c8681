package org.rocelab.sweep;

import java.util.HashMap;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The line of every value in a YAML document, by path ({@code axes[0].key}), so that a sweep file's
 * messages can name the line the user wrote a key on. One streaming pass over the parser's tokens.
 */
final class YamlLines {
    private final Map<String, Integer> lines = new HashMap<>();

    YamlLines(YAMLMapper mapper, String text) {
        try (JsonParser p = mapper.createParser(text)) {
            walk(p, p.nextToken(), "");
        }
    }

    /** The line of {@code path}, or of its nearest enclosing value that has one; 1 at worst. */
    int line(String path) {
        String p = path;
        while (true) {
            Integer l = lines.get(p);
            if (l != null) {
                return l;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return lines.getOrDefault("", 1);
            }
            p = p.substring(0, cut);
        }
    }

    private void walk(JsonParser p, JsonToken t, String path) {
        if (t == null) {
            return;
        }
        lines.putIfAbsent(path, p.currentTokenLocation().getLineNr());
        if (t == JsonToken.START_OBJECT) {
            for (JsonToken k = p.nextToken(); k == JsonToken.PROPERTY_NAME; k = p.nextToken()) {
                String child = path.isEmpty() ? p.currentName() : path + "." + p.currentName();
                lines.put(child, p.currentTokenLocation().getLineNr());
                walk(p, p.nextToken(), child);
            }
        } else if (t == JsonToken.START_ARRAY) {
            int i = 0;
            for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken(), i++) {
                walk(p, e, path + "[" + i + "]");
            }
        }
    }
}
