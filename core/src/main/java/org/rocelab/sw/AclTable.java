package org.rocelab.sw;

import java.util.List;
import org.rocelab.packet.Packet;

/**
 * The ingress ACL of a switch (SONiC ACL_TABLE of type L3 with ACL_RULEs): rules in order, the
 * first match decides, no match permits. Each rule counts the packets and bytes it matched
 * ({@code aclshow}: PACKETS COUNT, BYTES COUNT). A short list scanned per IP packet, as a TCAM
 * lookup is one step.
 */
public final class AclTable {
    private final AclRule[] rules;
    public final long[] packets;
    public final long[] bytes;

    public AclTable(List<AclRule> rules) {
        this.rules = rules.toArray(new AclRule[0]);
        this.packets = new long[this.rules.length];
        this.bytes = new long[this.rules.length];
    }

    public int size() {
        return rules.length;
    }

    public AclRule rule(int i) {
        return rules[i];
    }

    /** Whether the IP packet may pass; counts the matching rule. */
    public boolean permit(Packet p) {
        for (int i = 0; i < rules.length; i++) {
            if (rules[i].matches(p.ipProto, p.srcIp, p.dstIp, p.srcPort, p.dstPort, p.dscp)) {
                packets[i]++;
                bytes[i] += p.frameBytes;
                return rules[i].permit();
            }
        }
        return true;
    }
}
