package org.rocelab.packet;

/**
 * InfiniBand BTH opcodes used by RoCE (IBA vol. 1 §9.2; Linux include/rdma/ib_pack.h) and the
 * header layout each implies (roce-facts.md §1.4).
 */
public final class Opcode {
    public static final int SEND_FIRST = 0x00;
    public static final int SEND_MIDDLE = 0x01;
    public static final int SEND_LAST = 0x02;
    public static final int SEND_LAST_WITH_IMMEDIATE = 0x03;
    public static final int SEND_ONLY = 0x04;
    public static final int SEND_ONLY_WITH_IMMEDIATE = 0x05;
    public static final int RDMA_WRITE_FIRST = 0x06;
    public static final int RDMA_WRITE_MIDDLE = 0x07;
    public static final int RDMA_WRITE_LAST = 0x08;
    public static final int RDMA_WRITE_LAST_WITH_IMMEDIATE = 0x09;
    public static final int RDMA_WRITE_ONLY = 0x0A;
    public static final int RDMA_WRITE_ONLY_WITH_IMMEDIATE = 0x0B;
    public static final int RDMA_READ_REQUEST = 0x0C;
    public static final int RDMA_READ_RESPONSE_FIRST = 0x0D;
    public static final int RDMA_READ_RESPONSE_MIDDLE = 0x0E;
    public static final int RDMA_READ_RESPONSE_LAST = 0x0F;
    public static final int RDMA_READ_RESPONSE_ONLY = 0x10;
    public static final int ACKNOWLEDGE = 0x11;
    public static final int UD_SEND_ONLY = 0x64;
    public static final int UD_SEND_ONLY_WITH_IMMEDIATE = 0x65;
    /** RoCEv2 congestion notification packet (Annex A17). */
    public static final int CNP = 0x81;

    private Opcode() {}

    /** Whether the opcode carries a RETH (RDMA extended transport header, 16 bytes). */
    public static boolean hasReth(int op) {
        return op == RDMA_WRITE_FIRST
                || op == RDMA_WRITE_ONLY
                || op == RDMA_WRITE_ONLY_WITH_IMMEDIATE
                || op == RDMA_READ_REQUEST;
    }

    /** Whether the opcode carries an AETH (ACK extended transport header, 4 bytes). */
    public static boolean hasAeth(int op) {
        return op == ACKNOWLEDGE
                || op == RDMA_READ_RESPONSE_FIRST
                || op == RDMA_READ_RESPONSE_LAST
                || op == RDMA_READ_RESPONSE_ONLY;
    }

    /** Whether the opcode carries immediate data (4 bytes). */
    public static boolean hasImm(int op) {
        return op == SEND_LAST_WITH_IMMEDIATE
                || op == SEND_ONLY_WITH_IMMEDIATE
                || op == RDMA_WRITE_LAST_WITH_IMMEDIATE
                || op == RDMA_WRITE_ONLY_WITH_IMMEDIATE
                || op == UD_SEND_ONLY_WITH_IMMEDIATE;
    }

    /** Whether the opcode carries a DETH (datagram extended transport header, 8 bytes). */
    public static boolean hasDeth(int op) {
        return op == UD_SEND_ONLY || op == UD_SEND_ONLY_WITH_IMMEDIATE;
    }

    /** Whether the opcode may carry payload. */
    public static boolean hasPayload(int op) {
        return op <= RDMA_WRITE_ONLY_WITH_IMMEDIATE
                || (op >= RDMA_READ_RESPONSE_FIRST && op <= RDMA_READ_RESPONSE_ONLY)
                || op == UD_SEND_ONLY
                || op == UD_SEND_ONLY_WITH_IMMEDIATE;
    }

    /** Bytes of BTH plus extended transport headers (excluding payload, pad and ICRC). */
    public static int transportHeaderBytes(int op) {
        if (op == CNP) {
            return 12 + 16;
        }
        int n = 12;
        if (hasReth(op)) {
            n += 16;
        }
        if (hasAeth(op)) {
            n += 4;
        }
        if (hasImm(op)) {
            n += 4;
        }
        if (hasDeth(op)) {
            n += 8;
        }
        return n;
    }

    /** Whether the opcode is one the model knows (RC 0x00–0x11, UD SEND, CNP). */
    public static boolean known(int op) {
        return (op >= 0 && op <= ACKNOWLEDGE) || op == UD_SEND_ONLY || op == UD_SEND_ONLY_WITH_IMMEDIATE || op == CNP;
    }

    /** Short name as in the IBA tables, e.g. {@code RDMA_WRITE_MIDDLE}. */
    public static String name(int op) {
        switch (op) {
            case SEND_FIRST:
                return "SEND_FIRST";
            case SEND_MIDDLE:
                return "SEND_MIDDLE";
            case SEND_LAST:
                return "SEND_LAST";
            case SEND_LAST_WITH_IMMEDIATE:
                return "SEND_LAST_WITH_IMMEDIATE";
            case SEND_ONLY:
                return "SEND_ONLY";
            case SEND_ONLY_WITH_IMMEDIATE:
                return "SEND_ONLY_WITH_IMMEDIATE";
            case RDMA_WRITE_FIRST:
                return "RDMA_WRITE_FIRST";
            case RDMA_WRITE_MIDDLE:
                return "RDMA_WRITE_MIDDLE";
            case RDMA_WRITE_LAST:
                return "RDMA_WRITE_LAST";
            case RDMA_WRITE_LAST_WITH_IMMEDIATE:
                return "RDMA_WRITE_LAST_WITH_IMMEDIATE";
            case RDMA_WRITE_ONLY:
                return "RDMA_WRITE_ONLY";
            case RDMA_WRITE_ONLY_WITH_IMMEDIATE:
                return "RDMA_WRITE_ONLY_WITH_IMMEDIATE";
            case RDMA_READ_REQUEST:
                return "RDMA_READ_REQUEST";
            case RDMA_READ_RESPONSE_FIRST:
                return "RDMA_READ_RESPONSE_FIRST";
            case RDMA_READ_RESPONSE_MIDDLE:
                return "RDMA_READ_RESPONSE_MIDDLE";
            case RDMA_READ_RESPONSE_LAST:
                return "RDMA_READ_RESPONSE_LAST";
            case RDMA_READ_RESPONSE_ONLY:
                return "RDMA_READ_RESPONSE_ONLY";
            case ACKNOWLEDGE:
                return "ACKNOWLEDGE";
            case UD_SEND_ONLY:
                return "UD_SEND_ONLY";
            case UD_SEND_ONLY_WITH_IMMEDIATE:
                return "UD_SEND_ONLY_WITH_IMMEDIATE";
            case CNP:
                return "CNP";
            default:
                return String.format("0x%02X", op);
        }
    }
}
