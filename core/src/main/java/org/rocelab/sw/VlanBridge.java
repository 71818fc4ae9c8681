package org.rocelab.sw;

import java.util.Arrays;
import java.util.Map;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/**
 * The L2 part of a {@link Switch}: VLAN membership, VLAN → TC, the forwarding database and
 * flooding (IEEE 802.1Q bridging; DESIGN.md §3: switches bridge within a VLAN with MAC learning
 * and flooding of unknown unicast, for RoCEv1 and for Guo et al. 2016's flooding deadlock).
 */
final class VlanBridge {
    private final Switch sw;
    private final PacketPool pool;
    private final SwitchDrops drops;
    private final BufferAdmission admission;
    private final MacTable fdb;
    private final int[] vlanTc = new int[4096];
    private final int[][] vlanPorts = new int[4096][];
    private long flooded;
    private long floodCopies;

    VlanBridge(
            Switch sw,
            PacketPool pool,
            MacTable fdb,
            Map<Integer, Integer> vlanToTc,
            SwitchDrops drops,
            BufferAdmission admission) {
        this.sw = sw;
        this.pool = pool;
        this.drops = drops;
        this.admission = admission;
        this.fdb = fdb;
        Arrays.fill(vlanTc, -1);
        for (Map.Entry<Integer, Integer> e : vlanToTc.entrySet()) {
            vlanTc[e.getKey()] = e.getValue();
        }
    }

    /** Records the VLANs {@code sp} belongs to. */
    void addPort(SwitchPort sp) {
        for (int vid = 1; vid < 4095; vid++) {
            if (sp.member(vid)) {
                int[] m = vlanPorts[vid] == null ? new int[0] : vlanPorts[vid];
                m = Arrays.copyOf(m, m.length + 1);
                m[m.length - 1] = sp.index();
                vlanPorts[vid] = m;
            }
        }
    }

    /** The TC of unclassified frames in VLAN {@code vid}, or -1. */
    int vlanTc(int vid) {
        return vlanTc[vid];
    }

    MacTable fdb() {
        return fdb;
    }

    long flooded() {
        return flooded;
    }

    long floodCopies() {
        return floodCopies;
    }

    /**
     * IEEE 802.1Q bridging within VLAN {@code vid}: learn the source, forward to the known port
     * of the destination, or flood unknown unicast and broadcast/multicast to every other member
     * (lossless flooding included, as in Guo et al. 2016's deadlock). A frame whose destination
     * sits behind its own ingress port is filtered (dropped, counted as no_route).
     */
    void forward(Packet p, int in, int vid, int pg, int q) {
        long now = sw.now();
        p.route = null; // a bridged path follows the FDB, not routing: no per-QP route from here
        fdb.learn(vid, p.srcMac, in, now);
        boolean group = (p.dstMac >>> 40 & 1) != 0;
        int out = group ? -1 : fdb.lookup(vid, p.dstMac, now);
        if (out == in) {
            drops.atIngress(sw.port(in), p, DropReason.NO_ROUTE);
            return;
        }
        if (out >= 0) {
            tagForEgress(p, sw.port(out), vid);
            admission.accept(p, sw.port(in), pg, sw.port(out), q);
            return;
        }
        int[] members = vlanPorts[vid];
        int last = -1;
        for (int m : members) {
            if (m != in) {
                last = m;
            }
        }
        if (last < 0) {
            drops.atIngress(sw.port(in), p, DropReason.NO_ROUTE);
            return;
        }
        flooded++;
        for (int m : members) {
            if (m == in || m == last) {
                continue;
            }
            Packet c = pool.acquire();
            c.copyFrom(p);
            floodCopies++;
            tagForEgress(c, sw.port(m), vid);
            admission.accept(c, sw.port(in), pg, sw.port(m), q);
        }
        tagForEgress(p, sw.port(last), vid);
        admission.accept(p, sw.port(in), pg, sw.port(last), q);
    }

    /** Tagged on a trunk for a VLAN other than the native one, untagged otherwise. */
    private static void tagForEgress(Packet p, SwitchPort op, int vid) {
        boolean tagged = vid != op.accessVlan;
        if (tagged != p.vlanTagged) {
            if (tagged) {
                p.pcp = p.trafficClass;
            }
            p.vlanTagged = tagged;
            p.computeSizes();
        }
        p.vid = vid;
    }
}
