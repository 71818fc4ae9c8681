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

    /**
     * Whether {@link #nextFrame} might return a frame or change any state if called now (false
     * only when it would return null and do nothing, e.g. every queue empty). When false the
     * source must {@link Port#kick()} its port as soon as that changes; the port then reserves
     * instead of schedules the transmit-done of the frame it starts. The default, true, keeps
     * every transmit-done scheduled.
     */
    default boolean pending() {
        return true;
    }
}
