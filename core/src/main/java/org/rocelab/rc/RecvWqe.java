package org.rocelab.rc;

/** One receive queue entry (IBA vol. 1 §10.8.2): where an incoming SEND lands. Reused slot. */
public final class RecvWqe {
    public long wrId;
    public long addr;
    public int length;
    public int lkey;
}
