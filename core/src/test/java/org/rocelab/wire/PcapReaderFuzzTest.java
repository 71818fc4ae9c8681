package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.rocelab.packet.PacketPool;

/**
 * Coverage-guided fuzzing of the pcap reader and the frame decoder behind it (Jazzer): any bytes
 * give records or one {@link PcapFormatException}, and every record's frame decodes or is
 * {@link MalformedFrameException}; every decoded packet goes back to its pool. Seeds:
 * {@code PcapReaderFuzzTestInputs/pcap/}.
 */
class PcapReaderFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void pcap(byte[] data) throws IOException {
        PacketPool pool = new PacketPool();
        FrameDecoder decoder = new FrameDecoder(pool);
        try (PcapReader r = new PcapReader(new ByteArrayInputStream(data))) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                try {
                    pool.consume(decoder.decode(rec.data()));
                } catch (MalformedFrameException e) {
                    assertThat(e.getMessage()).isNotBlank();
                }
            }
        } catch (PcapFormatException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
        }
        assertThat(pool.live()).isZero();
    }
}
