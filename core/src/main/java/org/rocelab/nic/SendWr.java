package org.rocelab.nic;

import org.rocelab.rc.WrOpcode;

/**
 * A send work request (libibverbs {@code struct ibv_send_wr} with one SGE). Mutable and
 * reusable: the NIC copies it into its send queue on {@link QueuePair#postSend}.
 */
public final class SendWr {
    public long wrId;
    public WrOpcode opcode = WrOpcode.RDMA_WRITE;
    public long localAddr;
    public int length;
    public int lkey;
    public long remoteAddr;
    public int rkey;
    public int immData;
    public boolean signaled = true;

    public SendWr wrId(long v) {
        wrId = v;
        return this;
    }

    public SendWr opcode(WrOpcode v) {
        opcode = v;
        return this;
    }

    public SendWr local(long addr, int len, int key) {
        localAddr = addr;
        length = len;
        lkey = key;
        return this;
    }

    public SendWr remote(long addr, int key) {
        remoteAddr = addr;
        rkey = key;
        return this;
    }

    public SendWr imm(int v) {
        immData = v;
        return this;
    }

    public SendWr signaled(boolean v) {
        signaled = v;
        return this;
    }
}
