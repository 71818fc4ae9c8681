package org.rocelab.sw;

import java.util.List;
import java.util.Locale;

/**
 * Which 5-tuple fields the ECMP hash covers and its seed (scenario key {@code ecmp: {fields,
 * seed}}). RoCEv2's UDP source port is the per-QP entropy (its destination port is always 4791).
 * {@code function} names the hash: rocelab's own ({@link EcmpHash}), or the HPCC ns-3 simulator's
 * ({@link #HPCC_NS3}), which the {@code run --hpcc} profile uses so flows take ns-3's paths.
 */
public record EcmpConfig(int fieldMask, long seed, String function) {
    /** rocelab's hash: SplitMix64 over the selected fields, member by the high bits. */
    public static final String ROCELAB = "rocelab";

    /**
     * The HPCC ns-3 simulator's {@code SwitchNode::GetOutDev}: murmur3 (32-bit) of source IP,
     * destination IP and the flow's ns-3 ports ({@code sport | dport << 16}, {@link
     * org.rocelab.packet.Packet#flowPorts}) seeded with the switch's node id, modulo the group size.
     */
    public static final String HPCC_NS3 = "hpcc-ns3";

    public EcmpConfig {
        if (!function.equals(ROCELAB) && !function.equals(HPCC_NS3)) {
            throw new IllegalArgumentException(
                    "ecmp hash: unknown function '" + function + "', expected " + ROCELAB + " or " + HPCC_NS3);
        }
    }

    /** rocelab's hash over {@code fieldMask}. */
    public EcmpConfig(int fieldMask, long seed) {
        this(fieldMask, seed, ROCELAB);
    }

    public static final int SRC_IP = 1;
    public static final int DST_IP = 2;
    public static final int PROTO = 4;
    public static final int SRC_PORT = 8;
    public static final int DST_PORT = 16;
    public static final int ALL = 31;

    /** All five fields, seed 0. */
    public static EcmpConfig defaults() {
        return new EcmpConfig(ALL, 0);
    }

    /** The field names in the mask, in the order src_ip, dst_ip, proto, src_port, dst_port. */
    public List<String> fieldNames() {
        List<String> out = new java.util.ArrayList<>();
        String[] names = {"src_ip", "dst_ip", "proto", "src_port", "dst_port"};
        for (int i = 0; i < names.length; i++) {
            if ((fieldMask & (1 << i)) != 0) {
                out.add(names[i]);
            }
        }
        return out;
    }

    /** From field names {@code src_ip dst_ip proto src_port dst_port}. */
    public static EcmpConfig of(List<String> fields, long seed) {
        int mask = 0;
        for (String f : fields) {
            switch (f.toLowerCase(Locale.ROOT)) {
                case "src_ip" -> mask |= SRC_IP;
                case "dst_ip" -> mask |= DST_IP;
                case "proto" -> mask |= PROTO;
                case "src_port" -> mask |= SRC_PORT;
                case "dst_port" -> mask |= DST_PORT;
                default ->
                    throw new IllegalArgumentException("ecmp.fields: unknown field '" + f
                            + "', expected src_ip, dst_ip, proto, src_port, dst_port");
            }
        }
        return new EcmpConfig(mask, seed);
    }
}
