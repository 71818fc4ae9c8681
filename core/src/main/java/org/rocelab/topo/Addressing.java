package org.rocelab.topo;

/**
 * Addresses of hosts, derived from the host's ordinal (h0 → 0): IPv4 10.0.x.y with y in 1..254
 * (h0 = 10.0.0.1, h253 = 10.0.0.254, h254 = 10.0.1.1), and a locally administered MAC
 * 02:00:00:00:hi:lo built from the node index. Switch port MACs use prefix 02:01.
 */
public final class Addressing {
    private Addressing() {}

    /** IPv4 address of the host with ordinal {@code hostOrdinal}, as an int. */
    public static int hostIp(int hostOrdinal) {
        int third = hostOrdinal / 254;
        int fourth = hostOrdinal % 254 + 1;
        return (10 << 24) | ((third >> 8 & 0xFF) << 16) | ((third & 0xFF) << 8) | fourth;
    }

    /** Host ordinal of an address made by {@link #hostIp}, or -1. */
    public static int hostOrdinal(int ip) {
        if ((ip >>> 24) != 10) {
            return -1;
        }
        int third = (ip >>> 8 & 0xFFFF);
        int fourth = ip & 0xFF;
        if (fourth < 1 || fourth > 254) {
            return -1;
        }
        return third * 254 + fourth - 1;
    }

    /** MAC of a host NIC (node index), 02:00:00:00:hi:lo. */
    public static long hostMac(int node) {
        return 0x020000000000L | (node & 0xFFFFL);
    }

    /** MAC of a switch port, 02:01:sw:sw:port:port. */
    public static long switchPortMac(int switchNode, int port) {
        return 0x020100000000L | ((switchNode & 0xFFFFL) << 16) | (port & 0xFFFFL);
    }

    /** Dotted-quad text of an IPv4 address. */
    public static String ipText(int ip) {
        return (ip >>> 24) + "." + (ip >>> 16 & 0xFF) + "." + (ip >>> 8 & 0xFF) + "." + (ip & 0xFF);
    }

    /** Parses dotted-quad text; throws naming what was expected. */
    public static int parseIp(String text) {
        String[] parts = text.trim().split("\\.");
        if (parts.length != 4) {
            throw new IllegalArgumentException("expected an IPv4 address like 10.0.0.1, got '" + text + "'");
        }
        int ip = 0;
        for (String p : parts) {
            int v;
            try {
                v = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected an IPv4 address like 10.0.0.1, got '" + text + "'");
            }
            if (v < 0 || v > 255) {
                throw new IllegalArgumentException("expected an IPv4 address like 10.0.0.1, got '" + text + "'");
            }
            ip = ip << 8 | v;
        }
        return ip;
    }
}
