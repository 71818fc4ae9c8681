package org.rocelab.nic;

import org.rocelab.rc.WcStatus;

/**
 * One completion queue entry (libibverbs {@code struct ibv_wc}). The NIC reuses one instance
 * per CQ: a handler must copy what it keeps.
 */
public final class WorkCompletion {
    public long wrId;
    public WcStatus status;
    public WcOpcode opcode;
    public int byteLen;
    public boolean withImm;
    public int immData;
    public int qpNum;
    /** UD receive: the sender's QPN (from the DETH). */
    public int srcQp;
    /** Simulated time the CQE was written, ps. */
    public long timePs;

    void copyFrom(WorkCompletion o) {
        wrId = o.wrId;
        status = o.status;
        opcode = o.opcode;
        byteLen = o.byteLen;
        withImm = o.withImm;
        immData = o.immData;
        qpNum = o.qpNum;
        srcQp = o.srcQp;
        timePs = o.timePs;
    }

    @Override
    public String toString() {
        return "wc{wr_id=" + wrId + " " + status + " " + opcode + " len=" + byteLen + " qp=0x"
                + Integer.toHexString(qpNum) + "}";
    }
}
