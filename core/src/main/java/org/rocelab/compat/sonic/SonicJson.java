package org.rocelab.compat.sonic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reading the files a SONiC switch gives (config_db.json, an APPL_DB dump) with one-line errors:
 * the file that cannot be read, or JSON that does not parse with its line and column and the
 * parser's first line of reason. A key given twice in one object is refused rather than one of
 * its values silently kept.
 */
final class SonicJson {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private SonicJson() {}

    /** The text of {@code path}; {@code shown} is how messages name it, {@code what} the kind of file. */
    static String read(Path path, String shown, String what) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new SonicFormatException(
                    shown + ": cannot read the " + what + " (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** {@code text} as a JSON tree, or one line: "{@code shown}: expected {@code expected}, not valid JSON at …". */
    static JsonNode tree(String text, String shown, String expected) {
        try {
            return JSON.readTree(text);
        } catch (JacksonException e) {
            String where = e.getLocation() != null && e.getLocation().getLineNr() > 0
                    ? " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr()
                    : "";
            String why = String.valueOf(e.getOriginalMessage()).strip().split("\\R", 2)[0];
            if (why.length() > 160) {
                why = why.substring(0, 160) + "…";
            }
            throw new SonicFormatException(shown + ": expected " + expected + ", not valid JSON" + where + ": " + why);
        }
    }
}
