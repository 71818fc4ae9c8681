package org.rocelab.sw;

import java.util.List;
import org.rocelab.sim.Units;

/**
 * Everything a switch is configured with, immutable and validated at construction (scenario key
 * {@code switch:}, DESIGN.md §3). Defaults are SONiC's (roce-facts.md §2-3, docs/model.md#switch).
 * Build with {@link #builder()}; every validation error names the scenario key.
 *
 * @param mtu L2 frame limit of every port in bytes (frame including FCS), default 9216
 * @param trust classification field, default DSCP
 * @param maps DSCP/PCP→TC, TC→PG, TC→queue (SONiC Azure defaults, partial maps overlay)
 * @param losslessMask lossless TCs (bit n = TC n; PFC priorities), default {3, 4}
 * @param bufferBytes shared buffer size, default 32 MB
 * @param dynamicTh {@code dynamic_th} of lossless PGs, α = 2^n, default -3
 * @param lossyDynamicTh {@code dynamic_th} of lossy PGs and lossy egress queues, default 3
 * @param pgReservedBytes reserved minimum of every PG, default 0
 * @param headroomBytes headroom of every lossless PG, or -1 for the Mellanox formula (auto)
 * @param cableLengthM default cable length for the formula, default 5 m (SONiC CABLE_LENGTH)
 * @param xonOffsetBytes XON below the XOFF threshold by this much, default 2288 B
 * @param ecn per-TC WRED/ECN profile, null = off; default AZURE_LOSSLESS on TCs 3 and 4
 * @param ecnAtDequeue mark at dequeue (HPCC) rather than at enqueue
 * @param scheduler strict/DWRR per queue
 * @param acl ingress ACL rules, first match wins, default permit
 * @param ecmp ECMP hash fields and seed
 * @param watchdog PFC watchdog, null = off
 * @param pauseMode PFC or 802.3x PAUSE
 * @param pauseQuanta quanta sent in XOFF frames, default 0xFFFF
 * @param defaultTc TC for frames the trusted field cannot classify, default 0
 * @param vlanToTc TC of unclassified frames per VLAN (VLAN → priority), before {@code defaultTc}
 * @param macAgeingPs FDB ageing time, default 600 s (SONiC fdb_aging_time)
 * @param switchCnp send CNPs to the sender instead of CE-marking ECT RoCEv2 packets
 * @param cnpDscp DSCP of switch-generated CNPs, default 48
 * @param cnpIntervalPs at most one switch CNP per flow per interval, default 50 µs
 * @param pauseRefresh whether an XOFF is refreshed every half pause time while it lasts, default true;
 *     false for HPCC's switch, which sends one pause per XOFF and one resume per XON
 */
public record SwitchConfig(
        int mtu,
        Trust trust,
        QosMaps maps,
        int losslessMask,
        long bufferBytes,
        int dynamicTh,
        int lossyDynamicTh,
        long pgReservedBytes,
        long headroomBytes,
        double cableLengthM,
        long xonOffsetBytes,
        List<EcnProfile> ecn,
        boolean ecnAtDequeue,
        SchedulerConfig scheduler,
        List<AclRule> acl,
        EcmpConfig ecmp,
        WatchdogConfig watchdog,
        PauseMode pauseMode,
        int pauseQuanta,
        int defaultTc,
        java.util.Map<Integer, Integer> vlanToTc,
        long macAgeingPs,
        boolean switchCnp,
        int cnpDscp,
        long cnpIntervalPs,
        boolean pauseRefresh) {

    public static final int MAX_MTU = 9216;
    /** SONiC WRED_PROFILE|AZURE_LOSSLESS: 1 MiB / 2 MiB / 5 %. */
    public static final EcnProfile AZURE_LOSSLESS = EcnProfile.of(1_048_576, 2_097_152, 0.05);

    public SwitchConfig {
        if (mtu < 64 || mtu > MAX_MTU) {
            throw new IllegalArgumentException("mtu: expected 64-" + MAX_MTU + " bytes, got " + mtu);
        }
        if (trust == null || maps == null || scheduler == null || ecmp == null || pauseMode == null) {
            throw new IllegalArgumentException("switch: trust, maps, scheduler, ecmp and pause mode are required");
        }
        if ((losslessMask & ~0xFF) != 0) {
            throw new IllegalArgumentException("lossless: traffic classes must be 0-7");
        }
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("buffer.size: must be positive, got " + bufferBytes);
        }
        if (dynamicTh < -7 || dynamicTh > 7) {
            throw new IllegalArgumentException("buffer.dynamic_th: expected -7..7, got " + dynamicTh);
        }
        if (lossyDynamicTh < -7 || lossyDynamicTh > 7) {
            throw new IllegalArgumentException("buffer.lossy_dynamic_th: expected -7..7, got " + lossyDynamicTh);
        }
        if (pgReservedBytes < 0 || pgReservedBytes * 8 > bufferBytes) {
            throw new IllegalArgumentException("buffer.pg_reserved: " + pgReservedBytes
                    + " B per PG does not fit in buffer.size " + bufferBytes + " B");
        }
        if (headroomBytes < -1 || headroomBytes >= bufferBytes) {
            throw new IllegalArgumentException(
                    "pfc.headroom: " + headroomBytes + " B is not below buffer.size " + bufferBytes + " B");
        }
        if (!(cableLengthM >= 0)) {
            throw new IllegalArgumentException("cable_length: must not be negative");
        }
        if (xonOffsetBytes < 0 || xonOffsetBytes >= bufferBytes) {
            throw new IllegalArgumentException(
                    "pfc.xon_offset: " + xonOffsetBytes + " B is not below buffer.size " + bufferBytes + " B");
        }
        if (ecn == null || ecn.size() != 8) {
            throw new IllegalArgumentException("ecn: expected one entry (or null) per TC 0-7");
        }
        ecn = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(ecn));
        for (int tc = 0; tc < 8; tc++) {
            EcnProfile e = ecn.get(tc);
            if (e != null && e.kmaxBytes() > bufferBytes) {
                throw new IllegalArgumentException(
                        "ecn." + tc + ".kmax: " + e.kmaxBytes() + " B is above buffer.size " + bufferBytes + " B");
            }
        }
        acl = List.copyOf(acl);
        if (pauseQuanta < 1 || pauseQuanta > 0xFFFF) {
            throw new IllegalArgumentException("pfc.quanta: expected 1-65535, got " + pauseQuanta);
        }
        if (defaultTc < 0 || defaultTc > 7) {
            throw new IllegalArgumentException("default_tc: expected 0-7, got " + defaultTc);
        }
        vlanToTc = java.util.Map.copyOf(vlanToTc);
        for (java.util.Map.Entry<Integer, Integer> e : vlanToTc.entrySet()) {
            if (e.getKey() < 1 || e.getKey() > 4094) {
                throw new IllegalArgumentException("vlan_to_tc: VLAN " + e.getKey() + " outside 1-4094");
            }
            if (e.getValue() < 0 || e.getValue() > 7) {
                throw new IllegalArgumentException(
                        "vlan_to_tc." + e.getKey() + ": " + e.getValue() + " is not a traffic class 0-7");
            }
        }
        if (macAgeingPs <= 0) {
            throw new IllegalArgumentException("mac_ageing: must be positive");
        }
        if (cnpDscp < 0 || cnpDscp > 63) {
            throw new IllegalArgumentException("cnp.dscp: expected 0-63, got " + cnpDscp);
        }
        if (cnpIntervalPs < 0) {
            throw new IllegalArgumentException("cnp.interval: must not be negative");
        }
    }

    /** SONiC defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.mtu = mtu;
        b.trust = trust;
        b.maps = maps;
        b.losslessMask = losslessMask;
        b.bufferBytes = bufferBytes;
        b.dynamicTh = dynamicTh;
        b.lossyDynamicTh = lossyDynamicTh;
        b.pgReservedBytes = pgReservedBytes;
        b.headroomBytes = headroomBytes;
        b.cableLengthM = cableLengthM;
        b.xonOffsetBytes = xonOffsetBytes;
        b.ecn = ecn.toArray(new EcnProfile[8]);
        b.ecnAtDequeue = ecnAtDequeue;
        b.scheduler = scheduler;
        b.acl = acl;
        b.ecmp = ecmp;
        b.watchdog = watchdog;
        b.pauseMode = pauseMode;
        b.pauseQuanta = pauseQuanta;
        b.defaultTc = defaultTc;
        b.vlanToTc = vlanToTc;
        b.macAgeingPs = macAgeingPs;
        b.switchCnp = switchCnp;
        b.cnpDscp = cnpDscp;
        b.cnpIntervalPs = cnpIntervalPs;
        b.pauseRefresh = pauseRefresh;
        return b;
    }

    public boolean lossless(int tc) {
        return (losslessMask >>> tc & 1) != 0;
    }

    /** α of lossless PGs, 2^dynamic_th. */
    public double losslessAlpha() {
        return Math.scalb(1.0, dynamicTh);
    }

    /** α of lossy PGs and queues, 2^lossy_dynamic_th. */
    public double lossyAlpha() {
        return Math.scalb(1.0, lossyDynamicTh);
    }

    /** PGs that carry at least one lossless TC, bit n = PG n. */
    public int losslessPgMask() {
        int m = 0;
        for (int tc = 0; tc < 8; tc++) {
            if (lossless(tc)) {
                m |= 1 << maps.tcToPg(tc);
            }
        }
        return m;
    }

    /** Queues that carry at least one lossless TC, bit n = queue n. */
    public int losslessQueueMask() {
        int m = 0;
        for (int tc = 0; tc < 8; tc++) {
            if (lossless(tc)) {
                m |= 1 << maps.tcToQueue(tc);
            }
        }
        return m;
    }

    /** The lossless PG headroom of a port of this speed and cable length, in bytes. */
    public long headroomFor(long speedBps, double cableMetres) {
        if (headroomBytes >= 0) {
            return headroomBytes;
        }
        return HeadroomCalculator.sizeBytes(speedBps, cableMetres, mtu);
    }

    /** Mutable builder with SONiC defaults; {@link #build()} validates. */
    public static final class Builder {
        private int mtu = MAX_MTU;
        private Trust trust = Trust.DSCP;
        private QosMaps maps = QosMaps.sonicDefaults();
        private int losslessMask = 1 << 3 | 1 << 4;
        private long bufferBytes = 32_000_000L;
        private int dynamicTh = -3;
        private int lossyDynamicTh = 3;
        private long pgReservedBytes = 0;
        private long headroomBytes = -1;
        private double cableLengthM = 5;
        private long xonOffsetBytes = 2288;
        private EcnProfile[] ecn = defaultEcn();
        private boolean ecnAtDequeue;
        private SchedulerConfig scheduler = SchedulerConfig.equalDwrr();
        private List<AclRule> acl = List.of();
        private EcmpConfig ecmp = EcmpConfig.defaults();
        private WatchdogConfig watchdog = WatchdogConfig.sonicDefaults();
        private PauseMode pauseMode = PauseMode.PFC;
        private int pauseQuanta = 0xFFFF;
        private int defaultTc = 0;
        private java.util.Map<Integer, Integer> vlanToTc = java.util.Map.of();
        private long macAgeingPs = 600 * Units.PS_PER_S;
        private boolean switchCnp;
        private int cnpDscp = 48;
        private long cnpIntervalPs = 50 * Units.PS_PER_US;
        private boolean pauseRefresh = true;

        private static EcnProfile[] defaultEcn() {
            EcnProfile[] e = new EcnProfile[8];
            e[3] = AZURE_LOSSLESS;
            e[4] = AZURE_LOSSLESS;
            return e;
        }

        public Builder mtu(int v) {
            mtu = v;
            return this;
        }

        public Builder trust(Trust v) {
            trust = v;
            return this;
        }

        public Builder maps(QosMaps v) {
            maps = v;
            return this;
        }
        /** Lossless TCs; none = no PFC anywhere. */
        public Builder lossless(int... tcs) {
            int m = 0;
            for (int tc : tcs) {
                if (tc < 0 || tc > 7) {
                    throw new IllegalArgumentException("lossless: traffic class " + tc + " outside 0-7");
                }
                m |= 1 << tc;
            }
            losslessMask = m;
            return this;
        }

        public Builder buffer(long bytes) {
            bufferBytes = bytes;
            return this;
        }

        public Builder buffer(String size) {
            bufferBytes = Units.parseSizeBytes(size);
            return this;
        }

        public Builder dynamicTh(int v) {
            dynamicTh = v;
            return this;
        }

        public Builder lossyDynamicTh(int v) {
            lossyDynamicTh = v;
            return this;
        }

        public Builder pgReserved(long bytes) {
            pgReservedBytes = bytes;
            return this;
        }
        /** Fixed headroom per lossless PG in bytes. */
        public Builder headroom(long bytes) {
            headroomBytes = bytes;
            return this;
        }
        /** Headroom from the Mellanox formula. */
        public Builder headroomAuto() {
            headroomBytes = -1;
            return this;
        }

        public Builder cableLength(double metres) {
            cableLengthM = metres;
            return this;
        }

        public Builder xonOffset(long bytes) {
            xonOffsetBytes = bytes;
            return this;
        }
        /** WRED/ECN profile for a TC's queue, null = off. */
        public Builder ecn(int tc, EcnProfile p) {
            if (tc < 0 || tc > 7) {
                throw new IllegalArgumentException("ecn: traffic class " + tc + " outside 0-7");
            }
            ecn[tc] = p;
            return this;
        }

        public Builder ecnOff() {
            ecn = new EcnProfile[8];
            return this;
        }

        public Builder ecnAtDequeue(boolean v) {
            ecnAtDequeue = v;
            return this;
        }

        public Builder scheduler(SchedulerConfig v) {
            scheduler = v;
            return this;
        }

        public Builder acl(List<AclRule> v) {
            acl = v;
            return this;
        }

        public Builder ecmp(EcmpConfig v) {
            ecmp = v;
            return this;
        }
        /** PFC watchdog, null = off. */
        public Builder watchdog(WatchdogConfig v) {
            watchdog = v;
            return this;
        }

        public Builder pauseMode(PauseMode v) {
            pauseMode = v;
            return this;
        }

        public Builder pauseQuanta(int v) {
            pauseQuanta = v;
            return this;
        }

        public Builder defaultTc(int v) {
            defaultTc = v;
            return this;
        }
        /** TC of frames no trusted field classifies, per VLAN. */
        public Builder vlanToTc(java.util.Map<Integer, Integer> v) {
            vlanToTc = v;
            return this;
        }

        public Builder macAgeing(long ps) {
            macAgeingPs = ps;
            return this;
        }
        /** Switch-generated CNPs instead of CE marking, with their DSCP and per-flow interval. */
        public Builder switchCnp(boolean on, int dscp, long intervalPs) {
            switchCnp = on;
            cnpDscp = dscp;
            cnpIntervalPs = intervalPs;
            return this;
        }
        /** Refresh XOFF every half pause time (true) or send one pause per XOFF (false, HPCC). */
        public Builder pauseRefresh(boolean v) {
            pauseRefresh = v;
            return this;
        }

        public SwitchConfig build() {
            return new SwitchConfig(
                    mtu,
                    trust,
                    maps,
                    losslessMask,
                    bufferBytes,
                    dynamicTh,
                    lossyDynamicTh,
                    pgReservedBytes,
                    headroomBytes,
                    cableLengthM,
                    xonOffsetBytes,
                    java.util.Arrays.asList(ecn.clone()),
                    ecnAtDequeue,
                    scheduler,
                    acl,
                    ecmp,
                    watchdog,
                    pauseMode,
                    pauseQuanta,
                    defaultTc,
                    vlanToTc,
                    macAgeingPs,
                    switchCnp,
                    cnpDscp,
                    cnpIntervalPs,
                    pauseRefresh);
        }
    }
}
