package org.rocelab.scenario;

import java.util.List;

/**
 * ECMP hashing of a switch ({@code switch.ecmp}).
 *
 * @param fields header fields hashed (default the 5-tuple src_ip, dst_ip, proto, src_port, dst_port)
 * @param seed hash seed (default 0)
 */
public record EcmpSpec(List<String> fields, long seed) {
    public static final EcmpSpec DEFAULT =
            new EcmpSpec(List.of("src_ip", "dst_ip", "proto", "src_port", "dst_port"), 0);

    public EcmpSpec {
        fields = List.copyOf(fields);
    }
}
