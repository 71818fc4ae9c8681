package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one JSON style of rocelab's outputs: two-space indent, {@code "key": value}, {@code \n}
 * line ends on every platform, keys in insertion order (writers insert them in a fixed order),
 * BigDecimal numbers in plain notation, a final newline.
 */
public final class Json {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final ObjectWriter WRITER = MAPPER.writer().with(printer());

    private Json() {}

    /** A new empty object node. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The mapper, for readers of rocelab's outputs (the report, the doctor). */
    public static JsonMapper mapper() {
        return MAPPER;
    }

    /** Pretty text of a node, ending with a newline. */
    public static String text(JsonNode node) {
        return WRITER.writeValueAsString(node) + "\n";
    }

    /**
     * Writes the pretty text of {@code node}, as {@link #text} gives it, to {@code file}, streamed
     * (a run's summary.json of ~100 k flows is megabytes: no string of it is formed).
     */
    public static void write(Path file, JsonNode node) throws IOException {
        try (JsonGenerator g = generator(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            g.writeTree(node);
            g.writeRaw('\n');
        }
    }

    /**
     * A generator writing to {@code out} in this style (pretty printer, plain BigDecimal), for
     * outputs streamed without building their tree ({@link CountersJson#write}); it closes
     * {@code out} when closed. The caller writes the final newline ({@code writeRaw('\n')}).
     */
    public static JsonGenerator generator(Writer out) {
        return WRITER.createGenerator(out);
    }

    /** Compact text of a node (no whitespace), for embedding. */
    public static String compact(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }

    private static DefaultPrettyPrinter printer() {
        Separators seps = Separators.createDefaultInstance()
                .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        return new DefaultPrettyPrinter(seps).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }
}
