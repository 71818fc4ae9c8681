package org.rocelab.sw;

/**
 * Per-port overrides of a switch's configuration: MTU (frame bytes including FCS), trust, cable
 * length (for the headroom formula), default traffic class, VLAN membership, and a per-port
 * lossless PG headroom in bytes (as HPCC sizes it per link), and a per-port ECN profile replacing the
 * switch's on every TC that has one (HPCC chooses Kmin/Kmax/Pmax by port rate). Zero, null or
 * negative means "use the switch value". A port with no VLAN membership is a routed port; an
 * access port belongs to {@code accessVlan} and sends untagged; a trunk port carries the
 * {@code trunkVlans} tagged (and {@code accessVlan}, if set, as its untagged native VLAN).
 */
public record PortOptions(
        int mtu,
        Trust trust,
        double cableLengthM,
        int defaultTc,
        int accessVlan,
        int[] trunkVlans,
        long headroomBytes,
        EcnProfile ecn) {
    public static final PortOptions DEFAULT = new PortOptions(0, null, -1, -1, 0, new int[0], -1, null);

    public PortOptions {
        if (mtu != 0 && (mtu < 64 || mtu > SwitchConfig.MAX_MTU)) {
            throw new IllegalArgumentException("port.mtu: expected 64-" + SwitchConfig.MAX_MTU + ", got " + mtu);
        }
        if (defaultTc > 7) {
            throw new IllegalArgumentException("port.default_tc: expected 0-7, got " + defaultTc);
        }
        if (accessVlan < 0 || accessVlan > 4094) {
            throw new IllegalArgumentException("port.vlan: expected 1-4094, got " + accessVlan);
        }
        trunkVlans = trunkVlans.clone();
        for (int v : trunkVlans) {
            if (v < 1 || v > 4094) {
                throw new IllegalArgumentException("port.trunk: VLAN " + v + " outside 1-4094");
            }
        }
    }

    @Override
    public int[] trunkVlans() {
        return trunkVlans.clone();
    }

    /** Whether the port bridges (belongs to at least one VLAN). */
    public boolean bridged() {
        return accessVlan != 0 || trunkVlans.length > 0;
    }

    public PortOptions withMtu(int v) {
        return new PortOptions(v, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn);
    }

    public PortOptions withTrust(Trust v) {
        return new PortOptions(mtu, v, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn);
    }

    public PortOptions withCableLength(double metres) {
        return new PortOptions(mtu, trust, metres, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn);
    }

    public PortOptions withDefaultTc(int tc) {
        return new PortOptions(mtu, trust, cableLengthM, tc, accessVlan, trunkVlans, headroomBytes, ecn);
    }

    /** Headroom of this port's lossless PGs in bytes, overriding the switch setting. */
    public PortOptions withHeadroom(long bytes) {
        return new PortOptions(mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, bytes, ecn);
    }

    /** ECN profile of this port's queues (on the TCs where the switch marks), overriding the switch's. */
    public PortOptions withEcn(EcnProfile profile) {
        return new PortOptions(mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, profile);
    }

    /** An access port of {@code vid} (untagged). */
    public PortOptions withAccessVlan(int vid) {
        return new PortOptions(mtu, trust, cableLengthM, defaultTc, vid, trunkVlans, headroomBytes, ecn);
    }

    /** A trunk port carrying {@code vids} tagged. */
    public PortOptions withTrunkVlans(int... vids) {
        return new PortOptions(mtu, trust, cableLengthM, defaultTc, accessVlan, vids, headroomBytes, ecn);
    }
}
