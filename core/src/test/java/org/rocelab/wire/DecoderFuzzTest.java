package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/**
 * Random, truncated and corrupted frames: the decoder (and {@link Icrc#verify}) answer with a
 * result or a {@link MalformedFrameException}, never anything else (DESIGN.md §5), and returns every packet to
 * its pool.
 */
class DecoderFuzzTest {
    private final PacketPool pool = new PacketPool();
    private final FrameDecoder decoder = new FrameDecoder(pool);

    static IntStream seeds() {
        return IntStream.range(0, 20);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void randomBytesAreRejectedOrDecoded(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 500; i++) {
            byte[] f = new byte[rnd.nextInt(120)];
            rnd.nextBytes(f);
            if (f.length >= 14 && rnd.nextBoolean()) {
                int[] types = {0x0800, 0x86DD, 0x8915, 0x8808, 0x8100};
                Bytes.put16(f, 12, types[rnd.nextInt(types.length)]);
            }
            decodeSafely(f);
        }
        assertThat(pool.live()).isZero();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyTruncationIsMalformed(int seed) throws Exception {
        RandomPackets gen = new RandomPackets(seed, pool);
        for (int i = 0; i < 16; i++) {
            byte[] f = smallFrame(gen);
            for (int len = 0; len < f.length; len++) {
                assertThat(decodeSafely(Arrays.copyOf(f, len)))
                        .as("frame cut to %d of %d bytes", len, f.length)
                        .isNull();
            }
        }
        assertThat(pool.live()).isZero();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void singleByteCorruptionsAreRejectedOrDecodeConsistently(int seed) throws Exception {
        RandomPackets gen = new RandomPackets(1000 + seed, pool);
        SplittableRandom rnd = new SplittableRandom(seed);
        int rejected = 0;
        for (int i = 0; i < 16; i++) {
            byte[] f = smallFrame(gen);
            for (int pos = 0; pos < f.length; pos++) {
                byte[] g = f.clone();
                g[pos] ^= (byte) (1 + rnd.nextInt(255));
                Packet q = decodeSafely(g);
                if (q == null) {
                    rejected++;
                    continue;
                }
                assertThat(FrameEncoder.frameLength(q)).isEqualTo(g.length);
                if (q.isRoce()) {
                    assertThat(Icrc.verify(g)).isTrue();
                }
                pool.consume(q);
            }
        }
        assertThat(rejected).isPositive();
        assertThat(pool.live()).isZero();
    }

    /** A random frame with the payload capped at 200 bytes (longer payloads exercise no other decoder path). */
    private byte[] smallFrame(RandomPackets gen) {
        Packet p = gen.next();
        p.payloadBytes = Math.min(p.payloadBytes, 200);
        byte[] f = FrameEncoder.encode(p);
        pool.consume(p);
        return f;
    }

    /**
     * The decoded packet, or null when the decoder said malformed; fails on any other throwable.
     * Also runs {@link Icrc#verify} on the same bytes, which may only return or say malformed.
     */
    private Packet decodeSafely(byte[] f) {
        try {
            Icrc.verify(f);
        } catch (MalformedFrameException e) {
            assertThat(e.getMessage()).isNotBlank();
        } catch (Throwable t) {
            fail("Icrc.verify threw " + t + " on " + Frames.hex(f), t);
        }
        try {
            return decoder.decode(f);
        } catch (MalformedFrameException e) {
            assertThat(e.getMessage()).isNotBlank();
            return null;
        } catch (Throwable t) {
            fail("decoder threw " + t + " on " + Frames.hex(f), t);
            return null;
        }
    }
}
