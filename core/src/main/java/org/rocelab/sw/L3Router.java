package org.rocelab.sw;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;

/**
 * Stage 3 of a {@link Switch}'s ingress pipeline, forwarding: a frame on a bridged port not sent
 * to the router MAC is bridged in its VLAN ({@link VlanBridge}, IEEE 802.1Q); every other frame is
 * routed: IPv4 longest-prefix match ({@link LpmTable}), one member of the route's next-hop group by
 * the ECMP hash ({@link EcmpHash}, SAI {@code SAI_SWITCH_ATTR_ECMP_DEFAULT_HASH_ALGORITHM} over the
 * configured fields), and the TTL check and decrement of RFC 1812 §5.3.1. Drops owned: {@code
 * no_route} (not IPv4, no route in force), {@code ttl} (TTL expired).
 */
final class L3Router {
    private final LpmTable lpm;
    private final NextHopGroups groups;
    private final EcmpHash ecmp;
    private final long routerMac;
    private final VlanBridge bridge;
    private final SwitchDrops drops;
    private final BufferAdmission next;
    private SwitchPort[] ports = new SwitchPort[0];
    /** The fabric's routing epoch, or null: no per-QP routes (a switch on its own). */
    private RoutingEpoch epoch;
    /** Routed frames whose egress port came from their QP's route, not a lookup. */
    private long routeHits;

    L3Router(
            LpmTable lpm,
            NextHopGroups groups,
            EcmpHash ecmp,
            long routerMac,
            VlanBridge bridge,
            SwitchDrops drops,
            BufferAdmission next) {
        this.lpm = lpm;
        this.groups = groups;
        this.ecmp = ecmp;
        this.routerMac = routerMac;
        this.bridge = bridge;
        this.drops = drops;
        this.next = next;
    }

    void ports(SwitchPort[] all) {
        this.ports = all;
    }

    long routeHits() {
        return routeHits;
    }

    void epoch(RoutingEpoch shared) {
        this.epoch = shared;
    }

    /** This switch's forwarding state changed: every per-QP route in the fabric is stale. */
    void routesChanged() {
        if (epoch != null) {
            epoch.advance();
        }
    }

    void accept(Packet p, SwitchPort ip, boolean isIp, int vid, int cls) {
        if (ip.bridged && p.dstMac != routerMac) {
            bridge.forward(p, ip.index, vid, IngressClassifier.pg(cls), IngressClassifier.queue(cls));
            return;
        }
        if (!isIp) {
            drops.atIngress(ip, p, DropReason.NO_ROUTE);
            return;
        }
        int out = p.route != null && epoch != null ? routeOf(p) : lookup(p);
        if (out < 0) {
            drops.atIngress(ip, p, DropReason.NO_ROUTE);
            return;
        }
        if (p.ttl <= 1) {
            drops.atIngress(ip, p, DropReason.TTL);
            return;
        }
        p.ttl--;
        next.accept(p, ip, IngressClassifier.pg(cls), ports[out], IngressClassifier.queue(cls));
    }

    /**
     * {@link #lookup} through the QP's route: the port this switch chose for the QP's earlier
     * packets in the same routing epoch, else a lookup, remembered. Exact: a packet uses or fills
     * slot h only if the epoch has not moved since its first routing switch; then it and the packet
     * that filled slot h took the same switches to get here (same first switch, the NIC's peer; the
     * same decisions in one epoch for one 5-tuple), so this is the switch that filled it, and its
     * lookup answers as it did. A packet bridged on the way carries no route ({@link VlanBridge}).
     */
    private int routeOf(Packet p) {
        long now = epoch.value();
        int h = p.routeHop;
        if (h == 0) {
            p.routeEpoch = now;
        } else if (p.routeEpoch != now) {
            p.route = null; // routes changed while it travelled: plain lookups from here on
            return lookup(p);
        }
        long[] r = p.route;
        if (h == r.length) {
            p.route = null;
            return lookup(p);
        }
        p.routeHop = h + 1;
        long slot = r[h];
        if (slot >>> 16 == now) {
            routeHits++;
            return (int) (slot & 0xFFFF);
        }
        int out = lookup(p);
        if (out >= 0) {
            r[h] = now << 16 | out;
        }
        return out;
    }

    /** The egress port {@code p}'s destination routes to for its 5-tuple, or -1 (no route). */
    int lookup(Packet p) {
        int g = lpm.lookup(p.dstIp);
        if (g < 0) {
            return -1;
        }
        int[] members = groups.inUse(g);
        return members[ecmp.select(p, members.length)];
    }
}
