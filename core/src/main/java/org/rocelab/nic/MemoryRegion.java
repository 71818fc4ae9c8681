package org.rocelab.nic;

/**
 * A registered memory region (libibverbs {@code ibv_mr}; IBA vol. 1 §10.6): a virtual address
 * range, its access rights and the L_Key/R_Key that name it. Contents are not modelled.
 */
public final class MemoryRegion {
    private final ProtectionDomain pd;
    private final long addr;
    private final long length;
    private final int access;
    private final int key;
    private boolean valid = true;

    MemoryRegion(ProtectionDomain pd, long addr, long length, int access, int key) {
        this.pd = pd;
        this.addr = addr;
        this.length = length;
        this.access = access;
        this.key = key;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    public long addr() {
        return addr;
    }

    public long length() {
        return length;
    }

    /** {@link org.rocelab.rc.AccessFlags} bits. */
    public int access() {
        return access;
    }

    public int lkey() {
        return key;
    }

    public int rkey() {
        return key;
    }

    public boolean valid() {
        return valid;
    }

    void invalidate() {
        valid = false;
    }

    /** Whether [va, va + len) lies inside the region. */
    public boolean covers(long va, long len) {
        return len >= 0 && va >= addr && va - addr <= length - len;
    }
}
