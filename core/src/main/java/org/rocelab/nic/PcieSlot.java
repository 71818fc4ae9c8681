package org.rocelab.nic;

/**
 * The PCIe slot a NIC sits in, as a throughput cap on DMA (PCI Express Base Specification
 * r5.0 §4.2 encodings, §2.2 TLP format). Effective payload bandwidth per direction:
 *
 * <pre>
 *   effective = GT/s per lane × lanes × encoding × MPS / (MPS + TLP_OVERHEAD)
 *   encoding  = 8/10 (Gen1 2.5 GT/s, Gen2 5 GT/s), 128/130 (Gen3 8, Gen4 16, Gen5 32 GT/s)
 *   TLP_OVERHEAD = 24 B: 4-DW header 16 + LCRC 4 + framing/sequence 4 (Gen3+ STP token with
 *                  sequence number; Gen1/2 STP 1 + sequence 2 + END 1)
 * </pre>
 *
 * DLLP traffic (ACK/NAK, flow-control updates) and read-request TLPs are not counted. An
 * optional IOMMU cost adds a fixed time per DMA'd packet (IOTLB lookup). Gen3 x8 with MPS 256:
 * 8e9 × 8 × 128/130 × 256/280 = 57.614 Gb/s, so a 100G NIC in that slot cannot reach line rate.
 *
 * @param gen PCIe generation 1–5
 * @param lanes link width 1, 2, 4, 8 or 16
 * @param mpsBytes max payload size 128–4096 (power of two)
 * @param iommuPsPerPacket extra DMA time per packet for address translation, ps (0 = no IOMMU)
 */
public record PcieSlot(int gen, int lanes, int mpsBytes, long iommuPsPerPacket) {
    /** Per-TLP overhead bytes (header 16, LCRC 4, framing and sequence 4). */
    public static final int TLP_OVERHEAD_BYTES = 24;

    public PcieSlot {
        if (gen < 1 || gen > 5) {
            throw new IllegalArgumentException("nic.pcie.gen: expected 1..5, got " + gen);
        }
        if (lanes != 1 && lanes != 2 && lanes != 4 && lanes != 8 && lanes != 16) {
            throw new IllegalArgumentException("nic.pcie.lanes: expected 1, 2, 4, 8 or 16, got " + lanes);
        }
        if (mpsBytes < 128 || mpsBytes > 4096 || Integer.bitCount(mpsBytes) != 1) {
            throw new IllegalArgumentException(
                    "nic.pcie.mps: expected 128, 256, 512, 1024, 2048 or 4096, got " + mpsBytes);
        }
        if (iommuPsPerPacket < 0) {
            throw new IllegalArgumentException("nic.pcie.iommu: must not be negative");
        }
    }

    /** A slot without IOMMU cost. */
    public static PcieSlot of(int gen, int lanes, int mpsBytes) {
        return new PcieSlot(gen, lanes, mpsBytes, 0);
    }

    /**
     * {@code auto}: a x16 slot that fits the NIC speed, MPS 256: Gen3 up to 100G, Gen4 up to
     * 200G, Gen5 above (ConnectX-5/6/7 pairings).
     */
    public static PcieSlot auto(long lineRateBps) {
        int gen = lineRateBps <= 100_000_000_000L ? 3 : lineRateBps <= 200_000_000_000L ? 4 : 5;
        return of(gen, 16, 256);
    }

    /** Transfers per second per lane. */
    public long transfersPerSecond() {
        return switch (gen) {
            case 1 -> 2_500_000_000L;
            case 2 -> 5_000_000_000L;
            case 3 -> 8_000_000_000L;
            case 4 -> 16_000_000_000L;
            default -> 32_000_000_000L;
        };
    }

    /** Effective DMA payload bandwidth per direction, bit/s (rounded down). */
    public long effectiveBps() {
        long num = gen <= 2 ? 8 : 128;
        long den = gen <= 2 ? 10 : 130;
        return transfersPerSecond() * lanes * num * mpsBytes / (den * (mpsBytes + TLP_OVERHEAD_BYTES));
    }

    /** Time to move {@code payloadBytes} over the slot, ps (rounded up), plus the IOMMU cost. */
    public long dmaPs(int payloadBytes) {
        if (payloadBytes <= 0) {
            return 0;
        }
        long bits = payloadBytes * 8L;
        long bps = effectiveBps();
        return (bits * 1_000_000_000_000L + bps - 1) / bps + iommuPsPerPacket;
    }
}
