package org.rocelab.sw;

/**
 * One entry of a switch's route table as added: IPv4 prefix and length, next-hop port indices
 * (an ECMP group when several), and whether it is static (overriding a computed route on the
 * same prefix). Kept for outputs and the doctor; forwarding uses {@link LpmTable}.
 */
public record Route(int prefix, int length, int[] ports, boolean isStatic) {
    public Route {
        ports = ports.clone();
    }

    @Override
    public int[] ports() {
        return ports.clone();
    }

    /** Dotted prefix notation, e.g. {@code 10.0.1.0/24}. */
    public String cidr() {
        return (prefix >>> 24) + "." + (prefix >>> 16 & 255) + "." + (prefix >>> 8 & 255) + "." + (prefix & 255) + "/"
                + length;
    }
}
