package org.rocelab.nic;

import org.rocelab.packet.Packet;

/**
 * The host's kernel network stack behind a NIC: it receives the non-RoCE frames (TCP segments)
 * the NIC's receive pipeline has buffered and DMA'd, and owns each frame from then on (it must
 * consume or drop it). Frames the stack sends go through {@link Nic#sendFrame(Packet)}.
 */
public interface HostStack {
    /** A received TCP frame, after the NIC's receive pipeline. */
    void receive(Packet p);
}
