package org.rocelab.nic;

/** A protection domain (libibverbs {@code ibv_pd}; IBA vol. 1 §10.2.3): groups MRs and QPs. */
public final class ProtectionDomain {
    private final Nic nic;
    private final int handle;

    ProtectionDomain(Nic nic, int handle) {
        this.nic = nic;
        this.handle = handle;
    }

    public Nic nic() {
        return nic;
    }

    public int handle() {
        return handle;
    }

    /**
     * Registers [addr, addr + length) with {@link org.rocelab.rc.AccessFlags} rights
     * ({@code ibv_reg_mr}).
     */
    public MemoryRegion registerMr(long addr, long length, int access) {
        return nic.memory().register(this, addr, length, access);
    }

    /** Deregisters {@code mr} ({@code ibv_dereg_mr}): its keys stop working. */
    public void deregisterMr(MemoryRegion mr) {
        nic.memory().deregister(mr);
    }
}
