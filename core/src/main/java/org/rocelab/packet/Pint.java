package org.rocelab.packet;

/**
 * HPCC-PINT's utilization encoding (Ben Basat et al., "PINT: Probabilistic In-band Network
 * Telemetry", SIGCOMM 2020, §4.2 and the HPCC use case) as the HPCC ns-3 simulator implements it
 * (alibaba-edu/High-Precision-Congestion-Control @ 9f4be2a, {@code point-to-point/model/pint.cc},
 * {@code network/utils/int-header.cc}), plus the switch's T. Immutable; one instance is shared by
 * every QP of an algorithm instance and travels with its data packets ({@link Packet#intPint}), so
 * switches encode with the sender's base (ns-3 holds it, and T, in globals).
 *
 * <p>A utilization u becomes an integer power p of the log base b: u × {@value #MAX_CONCURRENT}
 * rounded up to an integer n ≥ 1, then p = ⌈log_b n⌉ with probability (n − b^⌊·⌋) / (b^⌈·⌉ −
 * b^⌊·⌋), else ⌊log_b n⌋ (an unbiased randomized rounding); the receiver of p reads b^p / 512.
 * The value needs ⌈log2(log_b(512²))⌉ bits: 8 (one byte) for b = 1.05, 11 (two bytes) for b = 1.01.
 * Whatever that width, ns-3's {@code IntHeader::GetStaticSize} is {@code sizeof(pint)} = 2 bytes in
 * PINT mode, so {@link IntHeader#PINT_BYTES} count on the wire; with one value byte only the low
 * byte is written and read (a larger power is kept modulo 256, as ns-3's {@code power_lo8}).
 */
public final class Pint {
    /** ns-3 {@code Pint::max_concurrent}: u × 512 is the encoded integer. */
    public static final int MAX_CONCURRENT = 512;

    private final double logBase;
    private final double logFactor;
    private final int valueBits;
    private final int valueBytes;
    private final long maxRttNs;

    /**
     * @param logBase PINT_LOG_BASE, &gt; 1
     * @param maxRttNs the switches' T (ns-3 SwitchNode {@code MaxRtt}: third.cc's maxRtt), ns, &gt; 0
     */
    public Pint(double logBase, long maxRttNs) {
        if (!(logBase > 1) || Double.isInfinite(logBase)) {
            throw new IllegalArgumentException("PINT_LOG_BASE: expected a number > 1, got " + logBase);
        }
        if (maxRttNs <= 0) {
            throw new IllegalArgumentException("PINT base RTT: expected > 0 ns, got " + maxRttNs);
        }
        this.logBase = logBase;
        this.logFactor = 1 / Math.log(logBase);
        double maxValue = Math.log((double) MAX_CONCURRENT * MAX_CONCURRENT) * logFactor;
        this.valueBits = (int) Math.ceil(Math.log(maxValue) / Math.log(2));
        this.valueBytes = valueBits <= 0 ? 0 : (valueBits - 1) / 8 + 1;
        if (valueBytes > 2) {
            throw new IllegalArgumentException("PINT_LOG_BASE: " + logBase + " needs " + valueBits
                    + " bits, more than ns-3's 16-bit PINT field holds; expected a base of at least 1.0002");
        }
        this.maxRttNs = maxRttNs;
    }

    public double logBase() {
        return logBase;
    }

    /** ns-3 {@code Pint::get_n_bits}. */
    public int valueBits() {
        return valueBits;
    }

    /** ns-3 {@code Pint::get_n_bytes} ({@code IntHeader::pint_bytes}): 1 or 2. */
    public int valueBytes() {
        return valueBytes;
    }

    /** T of the switches' utilization estimate, ns. */
    public long maxRttNs() {
        return maxRttNs;
    }

    /**
     * ns-3 {@code Pint::encode_u(u)}, its {@code rand() % 65536} given as {@code draw16} (0..65535).
     */
    public int encode(double u, int draw16) {
        long n = (long) Math.ceil(u * MAX_CONCURRENT);
        if (n == 0) {
            n = 1;
        }
        double power = Math.log(n) * logFactor;
        int upperP = (int) Math.ceil(power) & 0xFFFF;
        int lowerP = (int) Math.floor(power) & 0xFFFF;
        double upper = Math.pow(logBase, upperP);
        double lower = Math.pow(logBase, lowerP);
        if (upperP == lowerP) {
            upper *= logBase;
        }
        return draw16 < (n - lower) / (upper - lower) * 65536 ? upperP : lowerP;
    }

    /** ns-3 {@code Pint::decode_u(p)}: b^p / 512. */
    public double decode(int power) {
        return Math.pow(logBase, power) / MAX_CONCURRENT;
    }

    /**
     * The header field after a switch's {@code if (power > ih->GetPower()) ih->SetPower(power)}:
     * the larger of the two, the new one cut to the field's value bytes.
     */
    public int max(int field, int power) {
        if (power <= field) {
            return field;
        }
        return valueBytes == 1 ? power & 0xFF : power & 0xFFFF;
    }
}
