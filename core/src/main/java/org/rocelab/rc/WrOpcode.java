package org.rocelab.rc;

/** Send work request opcodes, as libibverbs' {@code enum ibv_wr_opcode} (IBA vol. 1 §11.4.1.1). */
public enum WrOpcode {
    SEND(false, false, false),
    SEND_WITH_IMM(false, true, false),
    RDMA_WRITE(true, false, false),
    RDMA_WRITE_WITH_IMM(true, true, false),
    RDMA_READ(true, false, true);

    private final boolean rdma;
    private final boolean imm;
    private final boolean read;

    WrOpcode(boolean rdma, boolean imm, boolean read) {
        this.rdma = rdma;
        this.imm = imm;
        this.read = read;
    }

    /** Whether the request targets remote memory (RETH with VA and R_Key). */
    public boolean rdma() {
        return rdma;
    }

    /** Whether the request carries immediate data. */
    public boolean withImm() {
        return imm;
    }

    /** Whether this is an RDMA READ (responses flow back). */
    public boolean read() {
        return read;
    }
}
