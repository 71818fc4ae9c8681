package org.rocelab.scenario;

/**
 * The NIC's PCIe slot ({@code nic.pcie}): {@code auto} (a slot that fits the NIC speed, see
 * {@link #fitting}) or {@code {gen, lanes, mps}}.
 *
 * @param auto whether the slot is chosen from the port speed
 * @param gen PCIe generation 1..6 (0 when auto)
 * @param lanes link width (0 when auto)
 * @param mpsBytes max payload size, bytes (default 256)
 */
public record PcieSpec(boolean auto, int gen, int lanes, int mpsBytes) {
    public static final PcieSpec AUTO = new PcieSpec(true, 0, 0, 256);

    /** Per-lane raw rate of each generation, bit/s (PCI-SIG: 2.5, 5, 8, 16, 32, 64 GT/s). */
    private static final long[] GT_PER_LANE = {
        0, 2_500_000_000L, 5_000_000_000L, 8_000_000_000L, 16_000_000_000L, 32_000_000_000L, 64_000_000_000L
    };

    /**
     * The slot {@code auto} stands for: x16 of the lowest generation whose raw x16 rate is at least
     * 1.25× the port speed (room for TLP/DLLP overhead), MPS 256: 100G → Gen3 x16 (128 GT/s),
     * 200G → Gen4 x16, 400G → Gen5 x16, capped at Gen6 x16.
     */
    public static PcieSpec fitting(long portSpeedBps) {
        for (int g = 1; g <= 6; g++) {
            if (GT_PER_LANE[g] * 16 >= portSpeedBps + portSpeedBps / 4) {
                return new PcieSpec(false, g, 16, 256);
            }
        }
        return new PcieSpec(false, 6, 16, 256);
    }

    /** Raw transfer rate of this slot, bit/s (0 when auto). */
    public long rawRateBps() {
        return auto ? 0 : GT_PER_LANE[gen] * lanes;
    }
}
