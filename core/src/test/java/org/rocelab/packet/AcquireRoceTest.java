package org.rocelab.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PacketPool#acquireRoce()} plus a builder's writes of the RoCE header set gives the
 * packet {@link PacketPool#acquire()} and the same writes give, whatever the recycled packet's last
 * life was (a PFC frame, an INT data packet, a TCP segment): every field compared, arrays element
 * by element.
 */
class AcquireRoceTest {
    @Test
    void recycledPfcFrameBecomesTheSameAckAsAFreshPacket() {
        Packet pfc = dirty(PacketKind.PFC);
        pfc.pfcEnableVector = 0x08;
        pfc.pfcQuanta[3] = 0xFFFF;
        assertSameAfterRecycling(pfc);
    }

    @Test
    void recycledIntDataPacketBecomesTheSameAckAsAFreshPacket() {
        Packet data = dirty(PacketKind.ROCE_V2);
        data.intMode = IntHeader.HOPS;
        data.intMulti = 4;
        data.intNHop = 0;
        IntHeader.push(data, 1234, 5678, 9000, 100_000_000_000L);
        IntHeader.push(data, 2234, 6678, 1000, 100_000_000_000L);
        assertThat(data.intHops[1]).isNotZero();
        assertSameAfterRecycling(data);
    }

    @Test
    void recycledTcpSegmentBecomesTheSameAckAsAFreshPacket() {
        assertSameAfterRecycling(dirty(PacketKind.TCP));
    }

    /** A packet of {@code kind} whose every scalar field is off its reset value. */
    private static Packet dirty(int kind) {
        Packet p = new PacketPool().acquire();
        for (Field f : scalarFields()) {
            try {
                if (f.getType() == boolean.class) {
                    f.setBoolean(p, !f.getBoolean(p));
                } else if (f.getType() == int.class) {
                    f.setInt(p, f.getInt(p) + 7);
                } else if (f.getType() == long.class) {
                    f.setLong(p, f.getLong(p) + 11);
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        p.kind = kind;
        p.intMode = IntHeader.NONE;
        return p;
    }

    private static void assertSameAfterRecycling(Packet last) {
        PacketPool pool = new PacketPool();
        Packet fresh = pool.acquire();
        pool.consume(fresh);
        // the pool's only free packet is now 'fresh': give it the last life's state
        fresh.copyFrom(last);
        Packet recycled = pool.acquireRoce();
        assertThat(recycled).isSameAs(fresh);
        writeAckHeaders(recycled);

        Packet expected = new PacketPool().acquire();
        writeAckHeaders(expected);
        for (Field f : allFields()) {
            try {
                Object a = f.get(recycled);
                Object b = f.get(expected);
                if (a instanceof int[]) {
                    assertThat(Arrays.equals((int[]) a, (int[]) b))
                            .as(f.getName())
                            .isTrue();
                } else if (a instanceof long[]) {
                    assertThat(Arrays.equals((long[]) a, (long[]) b))
                            .as(f.getName())
                            .isTrue();
                } else {
                    assertThat(a).as(f.getName()).isEqualTo(b);
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** What RoceHeaders.build writes for an ACK: exactly the pool's RoCE header set. */
    private static void writeAckHeaders(Packet p) {
        p.kind = PacketKind.ROCE_V2;
        p.createdPs = 42_000;
        p.trafficClass = 3;
        p.flowId = 9;
        p.srcNode = 1;
        p.dstNode = 0;
        p.senderQpIndex = 2;
        p.srcMac = 0x02_00_00_00_00_01L;
        p.dstMac = 0x02_00_00_00_00_02L;
        p.dscp = 26;
        p.ecn = 2;
        p.srcIp = 0x0A00_0001;
        p.dstIp = 0x0A00_0002;
        p.ipProto = 17;
        p.opcode = Opcode.ACKNOWLEDGE;
        p.destQp = 0x101;
        p.psn = 77;
    }

    private static List<Field> allFields() {
        List<Field> out = new ArrayList<>();
        for (Field f : Packet.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.getName().equals("id")) {
                f.setAccessible(true);
                out.add(f);
            }
        }
        return out;
    }

    private static List<Field> scalarFields() {
        List<Field> out = new ArrayList<>();
        for (Field f : allFields()) {
            if (f.getType().isPrimitive() && !f.getName().equals("pooled")) {
                out.add(f);
            }
        }
        return out;
    }
}
