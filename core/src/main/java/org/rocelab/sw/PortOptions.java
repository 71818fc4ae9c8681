package org.rocelab.sw;

/**
 * Per-port overrides of a switch's configuration: MTU (frame bytes including FCS), trust, cable
 * length (for the headroom formula), default traffic class. Zero, null or negative means "use
 * the switch value".
 */
public record PortOptions(int mtu, Trust trust, double cableLengthM, int defaultTc) {
    public static final PortOptions DEFAULT = new PortOptions(0, null, -1, -1);

    public PortOptions {
        if (mtu != 0 && (mtu < 64 || mtu > SwitchConfig.MAX_MTU)) {
            throw new IllegalArgumentException("port.mtu: expected 64-" + SwitchConfig.MAX_MTU + ", got " + mtu);
        }
        if (defaultTc > 7) {
            throw new IllegalArgumentException("port.default_tc: expected 0-7, got " + defaultTc);
        }
    }

    public PortOptions withMtu(int v) {
        return new PortOptions(v, trust, cableLengthM, defaultTc);
    }

    public PortOptions withTrust(Trust v) {
        return new PortOptions(mtu, v, cableLengthM, defaultTc);
    }

    public PortOptions withCableLength(double metres) {
        return new PortOptions(mtu, trust, metres, defaultTc);
    }

    public PortOptions withDefaultTc(int tc) {
        return new PortOptions(mtu, trust, cableLengthM, tc);
    }
}
