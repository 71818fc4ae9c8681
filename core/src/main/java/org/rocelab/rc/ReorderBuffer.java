package org.rocelab.rc;

import java.util.Arrays;
import org.rocelab.packet.Packet;

/**
 * IRN's receive bitmap (Mittal et al., "Revisiting Network Support for RDMA", SIGCOMM 2018, §3.1,
 * §5.1): the request packets that arrived ahead of the expected PSN, kept by PSN in primitive
 * arrays of {@link #CAPACITY} slots (a slot holds the PSN it stores, -1 when free), so the
 * responder can execute them in order once the hole is filled. Only the header fields the
 * responder needs are kept (payload contents are not modelled). Created by a responder on its
 * first out-of-order packet; no allocation per packet.
 */
final class ReorderBuffer {
    /** PSNs ahead of the expected one that can be kept; a packet further ahead is not. */
    static final int CAPACITY = 1024;

    private static final int MASK = CAPACITY - 1;
    private final int[] psn = new int[CAPACITY];
    private final int[] opcode = new int[CAPACITY];
    private final int[] payloadBytes = new int[CAPACITY];
    private final int[] rethRkey = new int[CAPACITY];
    private final int[] rethLength = new int[CAPACITY];
    private final long[] rethVa = new long[CAPACITY];
    private final int[] immDt = new int[CAPACITY];
    private final boolean[] ackReq = new boolean[CAPACITY];
    private final boolean[] echo = new boolean[CAPACITY];

    ReorderBuffer() {
        Arrays.fill(psn, -1);
    }

    /** Whether the packet with {@code p} is kept. */
    boolean has(int p) {
        return psn[p & MASK] == p;
    }

    /** Keeps {@code p}'s header fields under its PSN. */
    void store(Packet p, boolean congestionEcho) {
        int i = p.psn & MASK;
        psn[i] = p.psn;
        opcode[i] = p.opcode;
        payloadBytes[i] = p.payloadBytes;
        rethRkey[i] = p.rethRkey;
        rethLength[i] = p.rethLength;
        rethVa[i] = p.rethVa;
        immDt[i] = p.immDt;
        ackReq[i] = p.ackReq;
        echo[i] = congestionEcho;
    }

    /** Frees the slot of {@code p}. */
    void remove(int p) {
        psn[p & MASK] = -1;
    }

    /** Frees every slot (the responder gave up the packets, e.g. after an RNR NAK). */
    void clear() {
        Arrays.fill(psn, -1);
    }

    int opcode(int p) {
        return opcode[p & MASK];
    }

    int payloadBytes(int p) {
        return payloadBytes[p & MASK];
    }

    int rethRkey(int p) {
        return rethRkey[p & MASK];
    }

    int rethLength(int p) {
        return rethLength[p & MASK];
    }

    long rethVa(int p) {
        return rethVa[p & MASK];
    }

    int immDt(int p) {
        return immDt[p & MASK];
    }

    boolean ackReq(int p) {
        return ackReq[p & MASK];
    }

    boolean echo(int p) {
        return echo[p & MASK];
    }
}
