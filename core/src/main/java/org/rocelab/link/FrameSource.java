package org.rocelab.link;

import org.rocelab.packet.Packet;

/**
 * What feeds a port's transmitter: a NIC's transmit scheduler or a switch port's egress queues.
 * The port pulls exactly when the wire is free (one event per frame, not per packet in queue).
 */
@FunctionalInterface
public interface FrameSource {
    /**
     * Removes and returns the next frame to start now, or null if none is eligible.
     *
     * @param pausedPriorities bit n set = priority n is paused by the peer (PFC or PAUSE)
     */
    Packet nextFrame(int pausedPriorities);
}
