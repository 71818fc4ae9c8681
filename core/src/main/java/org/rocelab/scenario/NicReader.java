package org.rocelab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.cc.CcRegistry;
import org.rocelab.cc.DcqcnProfile;
import org.rocelab.cc.DctcpRdmaParams;
import org.rocelab.cc.Knob;

/** Reads a {@code nic} map (defaults or a host's merged overlay) into a {@link NicSpec}. */
final class NicReader {
    /** {@code nic.cc.algorithm} values, in the order errors list them: the registry's names. */
    static final List<String> CC_ALGORITHMS = List.of("dcqcn", "swift", "hpcc", "hpcc_pint", "dctcp", "timely", "none");

    private static final CcRegistry REGISTRY = CcRegistry.standard();

    /** DCTCP's segment knob: the NIC's segment (path MTU) in a scenario, not a user key. */
    private static final String DCTCP_SEGMENT = "PACKET_PAYLOAD_SIZE";

    private NicReader() {}

    static NicSpec read(Field n, List<String> warnings) {
        Field mtuF = n.get("mtu");
        int configured = mtuF.present() ? mtuF.integer(4096, Integer.MIN_VALUE, Integer.MAX_VALUE) : 4096;
        if (!NicSpec.IB_MTUS.contains(configured)) {
            throw mtuF.error("expected a RoCE path MTU of 256, 512, 1024, 2048 or 4096, got " + configured);
        }
        Field netF = n.get("netdev_mtu");
        int netdev = netF.integer(9000, 352, 9978);
        int active = NicSpec.activeMtu(netdev);
        int mtu = Math.min(configured, active);
        if (mtu < configured) {
            warnings.add(mtuF.warning("path MTU " + configured + " needs netdev_mtu of at least " + (configured + 96)
                    + "; with netdev_mtu " + netdev + " the NIC uses " + mtu + " (mlx5 iboe_get_mtu)"));
        }
        RoceVersion roce =
                n.get("roce").choice("v2", List.of("v1", "v2")).equals("v1") ? RoceVersion.V1 : RoceVersion.V2;
        int dscp = n.get("dscp").integer(26, 0, 63);
        int pcp = n.get("pcp").integer(3, 0, 7);
        List<Integer> pfc = n.get("pfc").intList(List.of(3), 0, 7);
        Trust trust = n.get("trust").choice("dscp", List.of("dscp", "pcp")).equals("pcp") ? Trust.PCP : Trust.DSCP;
        PcieSpec pcie = pcie(n.get("pcie"));
        CcSpec cc = cc(n.get("cc"), mtu);
        Field cnpF = n.get("cnp");
        CnpSpec cnp = new CnpSpec(
                cnpF.get("dscp").integer(48, 0, 63),
                cnpF.get("pcp").integer(6, 0, 7),
                cnpF.get("min_time_between_cnps").time(CnpSpec.defaultMinTimeBetweenCnpsPs(cc)),
                cnpF.get("pacing").choice(CnpSpec.DEFAULT.pacing(), List.of("first_mark", "window", "periodic")));
        RetransmissionSpec rtx = retransmission(n.get("retransmission"));
        Field rxF = n.get("rx_buffer");
        long rx = rxF.size(262_144L);
        if (rx <= NicSpec.RX_HEADROOM_BYTES) {
            throw rxF.error("expected a receive buffer larger than the NIC's 64KiB of PFC headroom (65537 bytes or"
                    + " more), got " + rxF.shown() + rxF.bareSizeHint("KB"));
        }
        return new NicSpec(
                mtu,
                configured,
                netdev,
                roce,
                dscp,
                pcp,
                pfc,
                trust,
                pcie,
                cc,
                cnp,
                rtx,
                rx,
                n.get("sq_depth").integer(32768, 1, 32768),
                n.get("rq_depth").integer(512, 1, 32768),
                n.get("cq_depth").integer(4096, 1, 4194304));
    }

    private static PcieSpec pcie(Field p) {
        if (!p.present()) {
            return PcieSpec.AUTO;
        }
        if (p.node().isString()) {
            if (!p.node().stringValue().equals("auto")) {
                throw p.error("expected auto or {gen, lanes, mps}, got " + p.shown());
            }
            return PcieSpec.AUTO;
        }
        return new PcieSpec(
                false,
                p.get("gen").integer(3, 1, 6),
                p.get("lanes").integer(16, 1, 16),
                p.get("mps").integer(256, 128, 4096));
    }

    private static CcSpec cc(Field c, int mtu) {
        String algorithm = c.get("algorithm").choice("dcqcn", CC_ALGORITHMS);
        List<Knob> flat = REGISTRY.knobs(algorithm);
        if (flat != null) {
            return flatKnobs(c, algorithm, flat, mtu);
        }
        String profile = c.get("profile").choice("mlx5", List.of("mlx5", "paper", "hpcc"));
        Map<String, String> knobs = new LinkedHashMap<>();
        for (String other : CC_ALGORITHMS) {
            List<Knob> otherKnobs = REGISTRY.knobs(other);
            if (otherKnobs == null) {
                continue;
            }
            for (Knob k : otherKnobs) {
                Field f = c.get(k.name());
                if (f.present() && !isDcqcnKnob(k.name())) {
                    throw f.error(notThisAlgorithm(k.name()));
                }
            }
        }
        if (!profile.equals("mlx5")) {
            return otherProfile(c, algorithm, profile, knobs);
        }
        otherProfilesKnobs(c);
        boolean byteResetWithUnit = false;
        for (Map.Entry<String, long[]> k : CcSpec.KNOBS.entrySet()) {
            String name = k.getKey();
            Field f = c.get(name);
            if (!f.present()) {
                continue;
            }
            if (name.equals("rpg_byte_reset") && f.node().isString()) {
                // a size with a unit is bytes whatever rpg_byte_reset_unit says: the cc package reads it
                knobs.put(name, f.scalarText("a number of units or a size like 2MB"));
                byteResetWithUnit = true;
                continue;
            }
            long min = k.getValue()[0];
            long max = k.getValue()[1];
            long v = f.node().isString() ? withUnit(f, name, min, max) : f.longValue(0, min, max);
            if (name.equals("rpg_byte_reset_unit") && v != 1 && v != 64) {
                throw f.error("expected 1 or 64 (bytes per rpg_byte_reset unit), got " + v);
            }
            knobs.put(name, Long.toString(v));
        }
        CcSpec spec = new CcSpec(algorithm, profile, knobs);
        if (byteResetWithUnit && algorithm.equals("dcqcn")) {
            try {
                DcqcnProfile.fromParams(spec.registryParams());
            } catch (IllegalArgumentException e) {
                throw c.get("rpg_byte_reset").error(e.getMessage());
            }
        }
        return spec;
    }

    /**
     * An algorithm with one flat knob set ({@code swift}, {@code hpcc}, {@code dctcp},
     * {@code timely}; docs/model.md): its knobs, each checked where it is written (unit and range),
     * then together (swift: min_cwnd ≤ init_cwnd ≤ max_cwnd, fs_min_cwnd &lt; fs_max_cwnd); another
     * algorithm's knobs and {@code profile} are refused. DCTCP counts its α batch in the NIC's
     * segments, so its PACKET_PAYLOAD_SIZE is the path MTU here (run --hpcc sets it from the config).
     */
    private static CcSpec flatKnobs(Field c, String algorithm, List<Knob> own, int mtu) {
        List<String> names = new java.util.ArrayList<>();
        Map<String, String> knobs = new LinkedHashMap<>();
        boolean dctcp = algorithm.equals(DctcpRdmaParams.ALGORITHM);
        for (Knob k : own) {
            if (dctcp && k.name().equals(DCTCP_SEGMENT)) {
                continue;
            }
            names.add(k.name());
            Field f = c.get(k.name());
            if (!f.present()) {
                continue;
            }
            String v = f.scalarText("a number or a value with a unit");
            try {
                REGISTRY.factory(algorithm, Map.of(k.name(), v));
            } catch (IllegalArgumentException e) {
                if (!e.getMessage().contains("at most max_cwnd")
                        && !e.getMessage().contains("below fs_max_cwnd")
                        && !e.getMessage().contains("init_cwnd")) {
                    throw f.error(e.getMessage());
                }
            }
            knobs.put(k.name(), v);
        }
        Field profile = c.get("profile");
        if (profile.present()) {
            throw profile.error("applies to algorithm dcqcn only; " + algorithm + " takes " + String.join(", ", names));
        }
        for (String dcqcn : dcqcnKnobNames()) {
            Field f = c.get(dcqcn);
            if (f.present() && !names.contains(dcqcn)) {
                throw f.error("is a dcqcn knob; " + algorithm + " takes " + String.join(", ", names));
            }
        }
        for (String other : CC_ALGORITHMS) {
            List<Knob> otherKnobs = REGISTRY.knobs(other);
            if (otherKnobs == null || other.equals(algorithm)) {
                continue;
            }
            for (Knob k : otherKnobs) {
                Field f = c.get(k.name());
                if (f.present() && !names.contains(k.name())) {
                    throw f.error("is a knob of " + String.join(", ", owners(k.name())) + "; " + algorithm + " takes "
                            + String.join(", ", names));
                }
            }
        }
        if (dctcp) {
            knobs.put(DCTCP_SEGMENT, Integer.toString(mtu));
        }
        try {
            REGISTRY.factory(algorithm, knobs);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int at = m.indexOf("knob '");
            Field named = at < 0 ? c : c.get(m.substring(at + 6, m.indexOf('\'', at + 6)));
            throw (named.present() ? named : c).error(m);
        }
        return new CcSpec(algorithm, "mlx5", knobs);
    }

    /** The flat-knob algorithms that take knob {@code name}. */
    private static List<String> owners(String name) {
        List<String> out = new java.util.ArrayList<>();
        for (String a : CC_ALGORITHMS) {
            List<Knob> ks = REGISTRY.knobs(a);
            if (ks != null && ks.stream().anyMatch(k -> k.name().equals(name))) {
                out.add(a);
            }
        }
        return out;
    }

    /** The error for a flat algorithm's knob under dcqcn or none. */
    private static String notThisAlgorithm(String name) {
        List<String> o = owners(name);
        return o.size() == 1
                ? "is a " + o.get(0) + " knob; set nic.cc.algorithm: " + o.get(0) + " to use it"
                : "is a knob of " + String.join(", ", o) + "; set nic.cc.algorithm to one of them";
    }

    private static List<String> dcqcnKnobNames() {
        List<String> names = new java.util.ArrayList<>(CcSpec.KNOBS.keySet());
        for (DcqcnProfile p : DcqcnProfile.values()) {
            p.knobs().forEach(k -> names.add(k.name()));
        }
        return names;
    }

    private static boolean isDcqcnKnob(String name) {
        return dcqcnKnobNames().contains(name);
    }

    /** Time knobs are whole µs and rate knobs whole Mb/s; a value with a unit is converted. */
    private static long withUnit(Field f, String name, long min, long max) {
        long v;
        String unit;
        if (name.equals("rpg_time_reset") || name.equals("dce_tcp_rtt") || name.equals("rate_reduce_monitor_period")) {
            long ps = f.time(0);
            unit = "µs";
            if (ps % 1_000_000L != 0) {
                throw f.error("expected a whole number of microseconds, got " + f.shown());
            }
            v = ps / 1_000_000L;
        } else if (name.endsWith("_rate") || name.equals("rate_to_set_on_first_cnp")) {
            long bps = f.rate(0);
            unit = "Mb/s";
            if (bps % 1_000_000L != 0) {
                throw f.error("expected a whole number of Mb/s, got " + f.shown());
            }
            v = bps / 1_000_000L;
        } else {
            return f.longValue(0, min, max);
        }
        if (v < min || v > max) {
            throw f.error("expected " + min + " to " + max + " " + unit + ", got " + f.shown());
        }
        return v;
    }

    /**
     * Under profile mlx5 a knob of the paper or hpcc profile would be ignored: refused naming the
     * profile that takes it (mlx5 knobs of the same name, none today, would be read as mlx5's).
     */
    private static void otherProfilesKnobs(Field c) {
        for (DcqcnProfile p : DcqcnProfile.values()) {
            if (p == DcqcnProfile.MLX5) {
                continue;
            }
            for (Knob k : p.knobs()) {
                Field f = c.get(k.name());
                if (f.present() && !CcSpec.KNOBS.containsKey(k.name())) {
                    throw f.error("is a knob of dcqcn profile " + p.label() + ", which profile mlx5 does not read; set"
                            + " nic.cc.profile: " + p.label() + " to use it");
                }
            }
        }
    }

    /**
     * The {@code paper} and {@code hpcc} profiles: their own knobs (names as in docs/model.md#dcqcn),
     * passed as text and checked by the cc package; mlx5 knobs are refused.
     */
    private static CcSpec otherProfile(Field c, String algorithm, String profile, Map<String, String> knobs) {
        List<String> names = new java.util.ArrayList<>();
        for (Knob k : DcqcnProfile.byName(profile).knobs()) {
            names.add(k.name());
            Field f = c.get(k.name());
            if (f.present()) {
                knobs.put(k.name(), f.scalarText("a number or a value with a unit"));
            }
        }
        for (String mlx5 : CcSpec.KNOBS.keySet()) {
            Field f = c.get(mlx5);
            if (f.present()) {
                throw f.error("is an mlx5 knob; profile " + profile + " takes " + String.join(", ", names));
            }
        }
        CcSpec spec = new CcSpec(algorithm, profile, knobs);
        if (algorithm.equals("dcqcn")) {
            try {
                DcqcnProfile.fromParams(spec.registryParams());
            } catch (IllegalArgumentException e) {
                throw c.error(e.getMessage());
            }
        }
        return spec;
    }

    private static RetransmissionSpec retransmission(Field r) {
        Field t = r.get("timeout");
        int code = RetransmissionSpec.DEFAULT.timeoutCode();
        long ackPs = RetransmissionSpec.DEFAULT.ackTimeoutPs();
        if (t.present()) {
            if (t.node().isString()) {
                code = RetransmissionSpec.codeFor(t.time(0));
                if (code < 0) {
                    throw t.error(String.format(
                            java.util.Locale.ROOT,
                            "expected at most %.2fs (IB timeout 31: 4.096 µs × 2^31), got %s",
                            RetransmissionSpec.ackTimeoutPs(31) / 1e12,
                            t.shown()));
                }
                ackPs = RetransmissionSpec.ackTimeoutPs(code);
            } else {
                code = t.integer(14, 0, 31);
                ackPs = RetransmissionSpec.ackTimeoutPs(code);
            }
        }
        String mode = r.get("mode").choice("go-back-n", List.of("go-back-n", "go-back-0", "adaptive", "irn"));
        RetransmitMode m = switch (mode) {
            case "go-back-0" -> RetransmitMode.GO_BACK_0;
            case "adaptive" -> RetransmitMode.ADAPTIVE;
            case "irn" -> RetransmitMode.IRN;
            default -> RetransmitMode.GO_BACK_N;
        };
        return new RetransmissionSpec(
                code,
                ackPs,
                r.get("retry_cnt").integer(7, 0, 7),
                r.get("rnr_retry").integer(7, 0, 7),
                m,
                irn(r, m == RetransmitMode.IRN),
                r.get("min_rnr_timer").integer(RetransmissionSpec.DEFAULT_MIN_RNR_TIMER, 0, 31));
    }

    /** IRN's keys under {@code nic.retransmission}; only with {@code mode: irn}. */
    private static RetransmissionSpec.Irn irn(Field r, boolean irn) {
        RetransmissionSpec.Irn d = RetransmissionSpec.Irn.DEFAULT;
        for (String k : List.of("rto_low", "rto_high", "rto_low_packets", "bdp_cap")) {
            Field f = r.get(k);
            if (f.present() && !irn) {
                throw f.error("applies to mode irn only");
            }
        }
        Field lowF = r.get("rto_low");
        Field highF = r.get("rto_high");
        long low = lowF.time(d.rtoLowPs());
        long high = highF.time(d.rtoHighPs());
        if (low <= 0 || low > 1_000_000_000_000L) {
            throw lowF.error("expected a time from 1ns to 1s like 100us, got " + lowF.shown());
        }
        if (high < low && !highF.present()) {
            throw lowF.error("expected a time from 1ns to rto_high (" + high / 1_000_000.0 + "us) like 100us, got "
                    + lowF.shown());
        }
        if (high < low || high > 1_000_000_000_000L) {
            throw highF.error("expected a time from rto_low (" + low / 1_000_000.0 + "us) to 1s like 320us, got "
                    + highF.shown());
        }
        int n = r.get("rto_low_packets").integer(d.rtoLowPackets(), 0, 1024);
        Field capF = r.get("bdp_cap");
        int cap = 0;
        if (capF.present()
                && !(capF.node().isString() && capF.node().stringValue().equals("auto"))) {
            if (!capF.node().isIntegralNumber()) {
                throw capF.error("expected auto or a number of packets 1 to 1024, got " + capF.shown());
            }
            cap = capF.integer(0, 1, 1024);
        }
        return new RetransmissionSpec.Irn(low, high, n, cap);
    }
}
