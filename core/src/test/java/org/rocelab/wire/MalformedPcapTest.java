package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed pcap files: each line of {@code malformed/pcap.txt} is {@code hex bytes => message}; the
 * reader must read the records up to the bad one and fail with exactly that message.
 */
class MalformedPcapTest {
    static List<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        String text;
        try (InputStream in = MalformedPcapTest.class.getResourceAsStream("/malformed/pcap.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] p = line.split(" => ", 2);
                out.add(Arguments.of(p[0].replace(" ", ""), p[1]));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactMessage(String hex, String expected) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        assertThatThrownBy(() -> {
                    try (PcapReader r = new PcapReader(new ByteArrayInputStream(bytes))) {
                        while (r.next() != null) {
                            // read every record
                        }
                    }
                })
                .isInstanceOf(PcapFormatException.class)
                .hasMessage(expected);
    }
}
