package org.rocelab.workload.tcp;

import org.rocelab.packet.Packet;

/** One end of a TCP connection bound to a port of a host's {@link TcpStack}. */
interface TcpEndpoint {
    /** A segment addressed to this endpoint; the endpoint consumes it. */
    void segment(Packet p);
}
