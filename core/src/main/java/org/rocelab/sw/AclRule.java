package org.rocelab.sw;

/**
 * One ingress ACL rule (scenario {@code acl: [{deny|permit: {proto, src_ip, dst_ip, src_port,
 * dst_port, dscp}}]}, SONiC ACL_RULE). A field of -1 (or a prefix length of 0) matches anything.
 * IPv4 prefixes are given as an address and a length.
 */
public record AclRule(
        boolean permit, int proto, int srcIp, int srcLen, int dstIp, int dstLen, int srcPort, int dstPort, int dscp) {

    public AclRule {
        if (proto < -1 || proto > 255) {
            throw new IllegalArgumentException("acl.proto: expected 0-255, got " + proto);
        }
        if (srcLen < 0 || srcLen > 32 || dstLen < 0 || dstLen > 32) {
            throw new IllegalArgumentException("acl.src_ip/dst_ip: prefix length must be 0-32");
        }
        if (srcPort < -1 || srcPort > 65535 || dstPort < -1 || dstPort > 65535) {
            throw new IllegalArgumentException("acl.src_port/dst_port: expected 0-65535");
        }
        if (dscp < -1 || dscp > 63) {
            throw new IllegalArgumentException("acl.dscp: expected 0-63, got " + dscp);
        }
    }

    /** A rule that matches only on UDP/TCP destination port (e.g. deny UDP 4791). */
    public static AclRule dstPort(boolean permit, int proto, int dstPort) {
        return new AclRule(permit, proto, 0, 0, 0, 0, -1, dstPort, -1);
    }

    /** Whether this rule matches the given header fields. */
    boolean matches(int pProto, int pSrcIp, int pDstIp, int pSrcPort, int pDstPort, int pDscp) {
        return (proto < 0 || proto == pProto)
                && prefixMatch(srcIp, srcLen, pSrcIp)
                && prefixMatch(dstIp, dstLen, pDstIp)
                && (srcPort < 0 || srcPort == pSrcPort)
                && (dstPort < 0 || dstPort == pDstPort)
                && (dscp < 0 || dscp == pDscp);
    }

    private static boolean prefixMatch(int prefix, int len, int addr) {
        if (len == 0) {
            return true;
        }
        int mask = -1 << (32 - len);
        return (prefix & mask) == (addr & mask);
    }
}
