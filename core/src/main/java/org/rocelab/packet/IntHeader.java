package org.rocelab.packet;

/**
 * The in-band network telemetry (INT) header of HPCC's ns-3 simulator (alibaba-edu/
 * High-Precision-Congestion-Control @ 9f4be2a, {@code network/utils/int-header.h}), kept in
 * primitive fields of the pooled {@link Packet} ({@link Packet#intMode}, {@link Packet#intHops},
 * {@link Packet#intNHop}, {@link Packet#intTs}) so that stamping and echoing allocate nothing.
 *
 * <p>Modes (third.cc sets one for the whole run from CC_MODE): {@link #HOPS} for HPCC (CC_MODE 3):
 * each switch pushes one 8-byte hop record at dequeue, up to {@link #MAX_HOPS}, then 2 bytes of hop
 * count — {@value #HOPS_BYTES} B on the wire; {@link #TS} for TIMELY (CC_MODE 7): the sender's 8-byte
 * timestamp; {@link #PINT} for HPCC-PINT (CC_MODE 10): the encoded utilization ({@link Pint}), 1 or 2
 * value bytes in a field of {@value #PINT_BYTES} ({@code sizeof(pint)}). The receiver copies the header
 * of the data packet into its ACK ({@code RdmaHw::ReceiveUdp}). ns-3's layout is no standard wire
 * format: rocelab's pcap writes these bytes as a shim after the transport headers ({@code IntShim}).
 *
 * <p>A hop record is ns-3's {@code IntHop} bit field, packed in one {@code long} the same way
 * (low to high bits): lineRate 3 bits (index into 25/50/100/200/400 Gbit/s), time 24 bits (ns, wraps
 * every 16.8 ms), bytes 20 bits (port tx bytes in units of 128 × multi), qlen 17 bits (egress bytes
 * queued in units of 80 × multi); multi is INT_MULTI ({@link Packet#intMulti}).
 */
public final class IntHeader {
    public static final int NONE = 0;
    public static final int HOPS = 1;
    public static final int TS = 2;
    public static final int PINT = 3;

    /** ns-3 {@code IntHeader::maxHop}. */
    public static final int MAX_HOPS = 5;
    /** Bytes of the HOPS header: 5 × 8 + 2 (ns-3 {@code sizeof(hop) + sizeof(nhop)}). */
    public static final int HOPS_BYTES = MAX_HOPS * 8 + 2;
    /** Bytes of the TS header. */
    public static final int TS_BYTES = 8;
    /**
     * Bytes of the PINT header: ns-3's {@code GetStaticSize} is {@code sizeof(pint)}, a 16-bit union,
     * whether {@code pint_bytes} is 1 or 2.
     */
    public static final int PINT_BYTES = 2;

    static final int TIME_BITS = 24;
    static final int BYTES_BITS = 20;
    static final int QLEN_BITS = 17;
    static final int RATE_BITS = 64 - TIME_BITS - BYTES_BITS - QLEN_BITS;
    /** ns-3 {@code IntHop::byteUnit}. */
    public static final int BYTE_UNIT = 128;
    /** ns-3 {@code IntHop::qlenUnit}. */
    public static final int QLEN_UNIT = 80;

    private static final long[] LINE_RATES = {
        25_000_000_000L, 50_000_000_000L, 100_000_000_000L, 200_000_000_000L, 400_000_000_000L, 0, 0, 0
    };

    private IntHeader() {}

    /** The wire bytes of a header of {@code mode} (ns-3 {@code IntHeader::GetStaticSize}). */
    public static int bytes(int mode) {
        return switch (mode) {
            case HOPS -> HOPS_BYTES;
            case TS -> TS_BYTES;
            case PINT -> PINT_BYTES;
            default -> 0;
        };
    }

    /**
     * Whether ns-3's INT can encode {@code rateBps} (ns-3 prints "IntHeader unknown rate" and stores
     * index 0 otherwise).
     */
    public static boolean encodable(long rateBps) {
        return rateIndex(rateBps) >= 0;
    }

    private static int rateIndex(long rateBps) {
        for (int i = 0; i < 5; i++) {
            if (LINE_RATES[i] == rateBps) {
                return i;
            }
        }
        return -1;
    }

    /** One hop record as ns-3's {@code IntHop::Set(time, bytes, qlen, rate)} stores it. */
    public static long hop(long timeNs, long txBytes, long qlenBytes, long rateBps, int multi) {
        long rate = Math.max(0, rateIndex(rateBps));
        long time = timeNs & ((1L << TIME_BITS) - 1);
        long bytes = (txBytes / ((long) BYTE_UNIT * multi)) & ((1L << BYTES_BITS) - 1);
        long qlen = (qlenBytes / ((long) QLEN_UNIT * multi)) & ((1L << QLEN_BITS) - 1);
        return rate
                | time << RATE_BITS
                | bytes << (RATE_BITS + TIME_BITS)
                | qlen << (RATE_BITS + TIME_BITS + BYTES_BITS);
    }

    /** Appends a hop to {@code p} ({@code IntHeader::PushHop}: slot nhop % 5, nhop + 1). */
    public static void push(Packet p, long timeNs, long txBytes, long qlenBytes, long rateBps) {
        p.intHops[p.intNHop % MAX_HOPS] = hop(timeNs, txBytes, qlenBytes, rateBps, p.intMulti);
        p.intNHop++;
    }

    public static long lineRateBps(long hop) {
        return LINE_RATES[(int) (hop & ((1L << RATE_BITS) - 1))];
    }

    /** The 24-bit time field, ns. */
    public static long time(long hop) {
        return hop >>> RATE_BITS & ((1L << TIME_BITS) - 1);
    }

    private static long bytesField(long hop) {
        return hop >>> (RATE_BITS + TIME_BITS) & ((1L << BYTES_BITS) - 1);
    }

    /** Port tx bytes as the record holds them ({@code GetBytes}). */
    public static long bytes(long hop, int multi) {
        return bytesField(hop) * BYTE_UNIT * multi;
    }

    /** Queue length in bytes as the record holds it ({@code GetQlen}). */
    public static long qlen(long hop, int multi) {
        return (hop >>> (RATE_BITS + TIME_BITS + BYTES_BITS) & ((1L << QLEN_BITS) - 1)) * QLEN_UNIT * multi;
    }

    /** {@code GetTimeDelta}: ns from {@code older} to {@code newer}, across one wrap. */
    public static long timeDelta(long newer, long older) {
        long a = time(newer);
        long b = time(older);
        return a >= b ? a - b : a + (1L << TIME_BITS) - b;
    }

    /** {@code GetBytesDelta}: tx bytes from {@code older} to {@code newer}, across one wrap. */
    public static long bytesDelta(long newer, long older, int multi) {
        long a = bytesField(newer);
        long b = bytesField(older);
        return (a >= b ? a - b : a + (1L << BYTES_BITS) - b) * BYTE_UNIT * multi;
    }

    /** Copies the INT header of {@code from} into {@code to} (the receiver's echo on its ACK). */
    public static void copy(Packet from, Packet to) {
        to.intMode = from.intMode;
        to.intMulti = from.intMulti;
        to.intNHop = from.intNHop;
        to.intTs = from.intTs;
        to.intPint = from.intPint;
        System.arraycopy(from.intHops, 0, to.intHops, 0, MAX_HOPS);
    }
}
