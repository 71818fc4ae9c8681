package org.rocelab.nic;

import java.util.ArrayList;
import java.util.List;

/**
 * The NIC's memory translation and protection table: keys to regions by array index (key =
 * (index + 1) &lt;&lt; 8 | 0x5A), and the R_Key check of IBA vol. 1 §10.6.3 / C9-88.
 */
final class MemoryTable {
    private static final int KEY_TAG = 0x5A;
    private final List<MemoryRegion> regions = new ArrayList<>();

    MemoryRegion register(ProtectionDomain pd, long addr, long length, int access) {
        if (length < 0) {
            throw new IllegalArgumentException("mr length must not be negative: " + length);
        }
        int key = ((regions.size() + 1) << 8) | KEY_TAG;
        MemoryRegion mr = new MemoryRegion(pd, addr, length, access, key);
        regions.add(mr);
        return mr;
    }

    void deregister(MemoryRegion mr) {
        mr.invalidate();
    }

    /** Deregisters {@code mr} and drops the table's reference (its key is not given again). */
    void release(MemoryRegion mr) {
        int idx = (mr.lkey() >>> 8) - 1;
        if (idx < 0 || idx >= regions.size() || regions.get(idx) != mr) {
            throw new IllegalArgumentException("dereg_mr: the region is not registered on this NIC");
        }
        mr.invalidate();
        regions.set(idx, null);
    }

    MemoryRegion byKey(int key) {
        int idx = (key >>> 8) - 1;
        if ((key & 0xFF) != KEY_TAG || idx < 0 || idx >= regions.size()) {
            return null;
        }
        MemoryRegion mr = regions.get(idx);
        return mr != null && mr.valid() ? mr : null;
    }

    /** Whether {@code key} names a valid region in {@code pd} granting {@code access} on the range. */
    boolean allowed(ProtectionDomain pd, int key, long va, long length, int access) {
        MemoryRegion mr = byKey(key);
        return mr != null && mr.pd() == pd && (mr.access() & access) == access && mr.covers(va, length);
    }
}
