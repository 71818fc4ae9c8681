package org.rocelab.scenario;

/**
 * One ingress ACL rule ({@code switch.acl[i]: {deny|permit: {proto, src_ip, dst_ip, src_port,
 * dst_port, dscp}}}); rules are matched in order, first match wins, no match permits. Absent
 * fields match anything ({@code -1} or null).
 *
 * @param permit true for permit, false for deny
 * @param proto IP protocol number (tcp 6, udp 17, icmp 1) or -1
 * @param srcIp source prefix (CIDR) or host name, or null
 * @param dstIp destination prefix or host name, or null
 * @param srcPort L4 source port or -1
 * @param dstPort L4 destination port or -1
 * @param dscp DSCP or -1
 */
public record AclRule(boolean permit, int proto, String srcIp, String dstIp, int srcPort, int dstPort, int dscp) {
    /** Whether this rule permits every RoCEv2 packet (UDP 4791, no other match): later rules never see one. */
    public boolean permitsAllRoceV2() {
        return permit
                && (proto == -1 || proto == 17)
                && (dstPort == -1 || dstPort == 4791)
                && srcIp == null
                && dstIp == null
                && srcPort == -1
                && dscp == -1;
    }

    /** Whether this rule denies RoCEv2 traffic (UDP destination port 4791) of some flow. */
    public boolean deniesRoceV2() {
        return !permit && (proto == -1 || proto == 17) && (dstPort == -1 || dstPort == 4791);
    }
}
