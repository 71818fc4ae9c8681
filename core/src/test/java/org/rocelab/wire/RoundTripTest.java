package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/** Encode → decode gives back every wire field; decode → encode gives back every byte. */
class RoundTripTest {
    /** Fields that are model metadata, not on the wire. */
    static final Set<String> METADATA = Set.of(
            "id",
            "flowId",
            "srcNode",
            "dstNode",
            "createdPs",
            "trafficClass",
            "ingressPort",
            "ingressPg",
            "inHeadroom",
            "senderQpIndex");
    /** Every public instance field of Packet that is on the wire (or derived from it, like sizes). */
    static final List<Field> WIRE_FIELDS = Arrays.stream(Packet.class.getFields())
            .filter(f -> !Modifier.isStatic(f.getModifiers()) && !METADATA.contains(f.getName()))
            .toList();

    /** Names and values of wire fields that differ between {@code a} and {@code b}. */
    static List<String> differences(Packet a, Packet b) throws IllegalAccessException {
        List<String> diff = new ArrayList<>();
        for (Field f : WIRE_FIELDS) {
            Object x = f.get(a);
            Object y = f.get(b);
            boolean same = java.util.Objects.deepEquals(x, y);
            if (!same) {
                diff.add(f.getName() + ": " + java.util.Arrays.deepToString(new Object[] {x}) + " vs "
                        + java.util.Arrays.deepToString(new Object[] {y}));
            }
        }
        return diff;
    }

    private final PacketPool pool = new PacketPool();
    private final FrameDecoder decoder = new FrameDecoder(pool);

    static IntStream seeds() {
        return IntStream.range(0, 50);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void randomPacketsRoundTrip(int seed) throws Exception {
        RandomPackets gen = new RandomPackets(seed, pool);
        for (int i = 0; i < 100; i++) {
            assertRoundTrip(gen.next());
        }
    }

    static Stream<Arguments> everyLayout() {
        Stream.Builder<Arguments> s = Stream.builder();
        for (boolean vlan : new boolean[] {false, true}) {
            for (int op : RandomPackets.ROCE_OPCODES) {
                s.add(Arguments.of(PacketKind.ROCE_V2, op, false, vlan));
                s.add(Arguments.of(PacketKind.ROCE_V2, op, true, vlan));
                s.add(Arguments.of(PacketKind.ROCE_V1, op, true, vlan));
            }
            for (int kind : new int[] {PacketKind.PFC, PacketKind.PAUSE, PacketKind.TCP}) {
                s.add(Arguments.of(kind, 0, false, vlan));
            }
        }
        return s.build();
    }

    @ParameterizedTest(name = "kind {0} opcode {1} ipv6 {2} vlan {3}")
    @MethodSource("everyLayout")
    void everyOpcodeAndLayoutRoundTrips(int kind, int opcode, boolean ipv6, boolean vlan) throws Exception {
        RandomPackets gen = new RandomPackets(kind * 1000L + opcode * 4L + (ipv6 ? 2 : 0) + (vlan ? 1 : 0), pool);
        for (int i = 0; i < 20; i++) {
            assertRoundTrip(gen.of(kind, opcode, ipv6, vlan));
        }
    }

    private void assertRoundTrip(Packet p) throws Exception {
        byte[] frame = FrameEncoder.encode(p);
        assertThat(frame.length).as("frame length of %s", p).isEqualTo(p.frameBytes - Packet.FCS_BYTES);
        assertThat(FrameEncoder.encode(p)).as("deterministic").isEqualTo(frame);
        if (p.isRoce()) {
            assertThat(Icrc.verify(frame)).as("ICRC of %s", p).isTrue();
        }
        Packet q = decoder.decode(frame);
        assertThat(differences(p, q)).as("decoded %s", p).isEmpty();
        assertThat(FrameEncoder.encode(q)).isEqualTo(frame);
        assertThat(WIRE_FIELDS).hasSizeGreaterThanOrEqualTo(50);
        pool.consume(q);
        pool.consume(p);
    }
}
