package org.rocelab.sim;

/**
 * Something that acts at a point in simulated time: a link delivering the head of its ring, a
 * port finishing a frame, a transport timer expiring. One of the two interfaces that carry the
 * model (the other is {@code PacketSink}); see DESIGN.md §5.
 */
@FunctionalInterface
public interface EventHandler {
    /**
     * Called by the event loop when a timer owned by this handler fires.
     *
     * @param nowPs the current simulated time in picoseconds
     */
    void onEvent(long nowPs);
}
