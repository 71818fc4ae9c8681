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
        EcnProfile ecn,
        int losslessMask,
        EcnProfile[] ecnByTc) {
    public static final PortOptions DEFAULT = new PortOptions(0, null, -1, -1, 0, new int[0], -1, null, -1, null);

    /** The options of the form before per-port lossless TCs and per-TC ECN (both: the switch's). */
    public PortOptions(
            int mtu,
            Trust trust,
            double cableLengthM,
            int defaultTc,
            int accessVlan,
            int[] trunkVlans,
            long headroomBytes,
            EcnProfile ecn) {
        this(mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, -1, null);
    }

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
        if (losslessMask < -1 || losslessMask > 0xFF) {
            throw new IllegalArgumentException("port.lossless: expected a mask of TCs 0-7, got " + losslessMask);
        }
        if (ecnByTc != null) {
            if (ecnByTc.length != 8) {
                throw new IllegalArgumentException("port.ecn: expected 8 traffic classes, got " + ecnByTc.length);
            }
            ecnByTc = ecnByTc.clone();
        }
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

    @Override
    public EcnProfile[] ecnByTc() {
        return ecnByTc == null ? null : ecnByTc.clone();
    }

    /**
     * This port's lossless TCs as a mask (SONiC PORT_QOS_MAP {@code pfc_enable} of one port),
     * overriding the switch's.
     */
    public PortOptions withLossless(int tcMask) {
        return new PortOptions(
                mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, tcMask, ecnByTc);
    }

    /**
     * ECN profile of each TC of this port (SONiC QUEUE {@code wred_profile} per port), null for no
     * marking on that TC; replaces the switch's profiles and {@link #ecn()}.
     */
    public PortOptions withEcnByTc(EcnProfile[] byTc) {
        return new PortOptions(
                mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, losslessMask, byTc);
    }

    /** Whether the port bridges (belongs to at least one VLAN). */
    public boolean bridged() {
        return accessVlan != 0 || trunkVlans.length > 0;
    }

    public PortOptions withMtu(int v) {
        return new PortOptions(
                v, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, losslessMask, ecnByTc);
    }

    public PortOptions withTrust(Trust v) {
        return new PortOptions(
                mtu, v, cableLengthM, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, losslessMask, ecnByTc);
    }

    public PortOptions withCableLength(double metres) {
        return new PortOptions(
                mtu, trust, metres, defaultTc, accessVlan, trunkVlans, headroomBytes, ecn, losslessMask, ecnByTc);
    }

    public PortOptions withDefaultTc(int tc) {
        return new PortOptions(
                mtu, trust, cableLengthM, tc, accessVlan, trunkVlans, headroomBytes, ecn, losslessMask, ecnByTc);
    }

    /** Headroom of this port's lossless PGs in bytes, overriding the switch setting. */
    public PortOptions withHeadroom(long bytes) {
        return new PortOptions(
                mtu, trust, cableLengthM, defaultTc, accessVlan, trunkVlans, bytes, ecn, losslessMask, ecnByTc);
    }

    /** ECN profile of this port's queues (on the TCs where the switch marks), overriding the switch's. */
    public PortOptions withEcn(EcnProfile profile) {
        return new PortOptions(
                mtu,
                trust,
                cableLengthM,
                defaultTc,
                accessVlan,
                trunkVlans,
                headroomBytes,
                profile,
                losslessMask,
                ecnByTc);
    }

    /** An access port of {@code vid} (untagged). */
    public PortOptions withAccessVlan(int vid) {
        return new PortOptions(
                mtu, trust, cableLengthM, defaultTc, vid, trunkVlans, headroomBytes, ecn, losslessMask, ecnByTc);
    }

    /** A trunk port carrying {@code vids} tagged. */
    public PortOptions withTrunkVlans(int... vids) {
        return new PortOptions(
                mtu, trust, cableLengthM, defaultTc, accessVlan, vids, headroomBytes, ecn, losslessMask, ecnByTc);
    }
}
