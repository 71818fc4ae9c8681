package org.rocelab.packet;

/**
 * Anything a packet can be handed to: a port's receiver, a switch ingress stage, a NIC's receive
 * pipeline. A zero-time hop is a direct call of {@link #receive}, never an event (DESIGN.md §5).
 */
@FunctionalInterface
public interface PacketSink {
    /** Takes ownership of {@code p}: the sink delivers, forwards or drops (and releases) it. */
    void receive(Packet p);
}
