package org.rocelab.sw;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * Stage 1 of a {@link Switch}'s ingress pipeline, parse and classify: IEEE 802.1Q ingress
 * filtering on bridged ports (a frame of a VLAN the port is not a member of is discarded, §8.6.2),
 * then the port's trust mode picks the traffic class, as SONiC's {@code PORT_QOS_MAP} does: DSCP
 * trust reads {@code DSCP_TO_TC_MAP} for IPv4, PCP trust {@code DOT1P_TO_TC_MAP} for tagged
 * frames, else the VLAN's class or the port's default (roce-facts.md §3.3). The class gives the
 * priority group ({@code TC_TO_PRIORITY_GROUP_MAP}) and egress queue ({@code TC_TO_QUEUE_MAP}).
 * A queue whose PFC watchdog is in a storm with the drop action discards new frames here, as
 * SONiC's pfcwd does at ingress ({@code RX DROP}).
 *
 * <p>The three maps are folded at build time into one packed word per code point ({@code tc |
 * pg << 4 | queue << 8}), so a frame reads one table entry instead of three. Drops owned:
 * {@code no_route} (VLAN ingress filter), {@code pfc_watchdog} (RX).
 */
final class IngressClassifier {
    private final int[] dscpClass = new int[64];
    private final int[] pcpClass = new int[8];
    private final int[] tcClass = new int[8];
    private final VlanBridge bridge;
    private final SwitchDrops drops;
    private final IngressAcl next;

    IngressClassifier(QosMaps maps, VlanBridge bridge, SwitchDrops drops, IngressAcl next) {
        int[] dscpToTc = maps.dscpTable();
        int[] pcpToTc = maps.pcpTable();
        int[] tcToPg = maps.pgTable();
        int[] tcToQueue = maps.queueTable();
        for (int tc = 0; tc < 8; tc++) {
            tcClass[tc] = tc | tcToPg[tc] << 4 | tcToQueue[tc] << 8;
        }
        for (int d = 0; d < 64; d++) {
            dscpClass[d] = tcClass[dscpToTc[d]];
        }
        for (int pcp = 0; pcp < 8; pcp++) {
            pcpClass[pcp] = tcClass[pcpToTc[pcp]];
        }
        this.bridge = bridge;
        this.drops = drops;
        this.next = next;
    }

    /** The packed class ({@code tc | pg << 4 | queue << 8}) of DSCP {@code dscp}. */
    int dscpClass(int dscp) {
        return dscpClass[dscp];
    }

    static int tc(int cls) {
        return cls & 15;
    }

    static int pg(int cls) {
        return cls >>> 4 & 15;
    }

    static int queue(int cls) {
        return cls >>> 8;
    }

    /** A frame received by {@code ip}'s MAC enters the pipeline. */
    void accept(Packet p, SwitchPort ip) {
        boolean isIp = (p.kind == PacketKind.ROCE_V2 || p.kind == PacketKind.TCP) && !p.ipv6;
        int vid = 0;
        if (ip.bridged) {
            vid = p.vlanTagged ? p.vid : ip.accessVlan;
            if (vid <= 0 || vid > 4094 || !ip.member(vid)) {
                drops.atIngress(ip, p, DropReason.NO_ROUTE);
                return;
            }
        }
        int cls;
        if (ip.trust == Trust.DSCP && isIp) {
            cls = dscpClass[p.dscp & 63];
        } else if (p.vlanTagged && ip.trust == Trust.PCP) {
            cls = pcpClass[p.pcp & 7];
        } else if (vid > 0 && bridge.vlanTc(vid) >= 0) {
            cls = tcClass[bridge.vlanTc(vid)];
        } else {
            cls = tcClass[ip.defaultTc];
        }
        p.trafficClass = tc(cls);
        int q = queue(cls);
        PfcWatchdog wd = ip.watchdog;
        if (wd.dropping(q)) {
            wd.rxDrop[q]++;
            drops.atIngress(ip, p, DropReason.PFC_WATCHDOG);
            return;
        }
        if (wd.storm(q)) {
            wd.rxOk[q]++;
        }
        next.accept(p, ip, isIp, vid, cls);
    }
}
