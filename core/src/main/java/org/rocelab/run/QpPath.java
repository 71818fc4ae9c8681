package org.rocelab.run;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.Nic;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.RoceVersion;
import org.rocelab.packet.PacketKind;
import org.rocelab.stats.QpTuple;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchPort;
import org.rocelab.topo.Addressing;

/**
 * A QP's 5-tuple and the egress ports its data packets take, for qp.csv (docs/outputs.md): from
 * the sending NIC's port, then at each switch the port its routes in force and its own ECMP hash
 * ({@link Switch#egressPort}) pick for the tuple, until the port toward a host. The walk stops
 * where a switch has no route (the packets end there as {@code no_route}) or after {@link
 * #MAX_HOPS} ports (a routing loop: the packets' TTL runs out); it follows routes only, so it does
 * not stop at an ACL or a link that is down. A RoCEv1 QP, and a path through a bridged (VLAN) port
 * where frames are switched by MAC, get no hops.
 */
final class QpPath {
    /** Ports walked at most: the TTL the NICs send with. */
    static final int MAX_HOPS = 64;

    private QpPath() {}

    /** The tuple of sending QP {@code s}. */
    static QpTuple of(Fabric f, QueuePair s) {
        return of(f, s.nic(), s.remoteIpv4(), s.udpSrcPort(), s.flowPorts());
    }

    /**
     * The tuple of a sending QP of {@code nic} toward {@code remoteIpv4} with UDP source port
     * {@code sport} and ECMP flow ports {@code flowPorts} (a QP's, kept after it was destroyed).
     */
    static QpTuple of(Fabric f, Nic nic, int remoteIpv4, int sport, int flowPorts) {
        String src = Addressing.ipText(nic.ipv4());
        String dst = Addressing.ipText(remoteIpv4);
        if (nic.config().roce() == RoceVersion.V1) {
            return new QpTuple(src, dst, -1, -1, List.of());
        }
        int dport = PacketKind.ROCE_UDP_PORT;
        List<String> hops = new ArrayList<>();
        String port = nic.port().name();
        hops.add(port);
        while (hops.size() < MAX_HOPS) {
            String here = port.substring(port.indexOf(':') + 1);
            int node = f.graph().node(here);
            Switch sw = node < 0 ? null : f.switchAt(node);
            if (sw == null) {
                break; // reached a host
            }
            String from = port.substring(0, port.indexOf(':'));
            SwitchPort in = sw.port(from);
            if (in != null && in.bridged()) {
                return new QpTuple(src, dst, sport, dport, List.of());
            }
            int out = sw.egressPort(nic.ipv4(), remoteIpv4, 17, sport, dport, flowPorts);
            if (out < 0) {
                break;
            }
            port = sw.port(out).port().name();
            hops.add(port);
        }
        return new QpTuple(src, dst, sport, dport, hops);
    }
}
