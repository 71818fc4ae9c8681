package org.rocelab.link;

import org.rocelab.packet.Packet;

/**
 * Sees every frame a {@link Port} puts on the wire (data and MAC control), at the time its
 * first bit leaves — a mirror of one direction of a cable, as a capture on a switch SPAN port
 * or a passive optical tap. Implementations live outside the model (e.g. pcap writers in
 * {@code org.rocelab.run}); the port pays one null check when no tap is set.
 */
@FunctionalInterface
public interface PortTap {
    /**
     * A frame starts transmission. The packet must not be kept or changed: it belongs to the
     * model and continues to the cable after the call.
     *
     * @param port the transmitting port
     * @param frame the frame
     * @param timePs simulated time of the first bit, ps
     */
    void onTransmit(Port port, Packet frame, long timePs);
}
