package org.rocelab.workload.tcp;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.nic.HostStack;
import org.rocelab.nic.Nic;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;

/**
 * A host's TCP demultiplexer: the {@link HostStack} of one NIC. Endpoints bind in order and get
 * ports from {@link #FIRST_PORT} (the IANA dynamic range, RFC 6335); a segment reaches the
 * endpoint of its destination port (an array index, no map on the hot path).
 */
public final class TcpStack implements HostStack {
    /** First port handed out. */
    public static final int FIRST_PORT = 49152;

    private final Nic nic;
    private final List<TcpEndpoint> endpoints = new ArrayList<>();
    private long noListener;

    private TcpStack(Nic nic) {
        this.nic = nic;
    }

    /** The stack of {@code nic}, attaching one if it has none. */
    public static TcpStack of(Nic nic) {
        if (nic.hostStack() instanceof TcpStack s) {
            return s;
        }
        TcpStack s = new TcpStack(nic);
        nic.hostStack(s);
        return s;
    }

    int bind(TcpEndpoint e) {
        endpoints.add(e);
        return FIRST_PORT + endpoints.size() - 1;
    }

    Nic nic() {
        return nic;
    }

    @Override
    public void receive(Packet p) {
        int i = p.dstPort - FIRST_PORT;
        if (i < 0 || i >= endpoints.size()) {
            noListener++;
            nic.pool().drop(p, DropReason.NIC_INVALID);
            return;
        }
        endpoints.get(i).segment(p);
    }

    /** Segments that arrived for a port nobody bound. */
    public long noListener() {
        return noListener;
    }
}
