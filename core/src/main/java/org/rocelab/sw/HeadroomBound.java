package org.rocelab.sw;

import org.rocelab.packet.Packet;

/**
 * First-principles bound on the bytes a lossless PG can receive from the moment it decides XOFF
 * (802.1Qbb, the derivation in docs/model.md#switch): the frame that crossed the threshold;
 * the frame this port may be transmitting when the PFC frame is queued (control frames wait for
 * it); the PFC frame itself (64 B + 20 B preamble and gap); the cable twice (the PFC frame
 * travels to the peer while the peer's frames already on the cable keep coming); the frame the
 * peer is transmitting when the PFC frame arrives (it completes); and the peer's response time
 * (0 in this model's MAC, up to 394 quanta at 100G in IEEE 802.3 31B.3.7).
 */
public final class HeadroomBound {
    private HeadroomBound() {}

    /**
     * @param rateBps link rate
     * @param propagationPs one-way propagation delay of the cable
     * @param maxFrameBytes largest frame (including FCS) on the link
     * @param peerResponseBytes bytes the peer may still start after receiving the PFC frame
     */
    public static long bytes(long rateBps, long propagationPs, int maxFrameBytes, long peerResponseBytes) {
        long wireFrame = maxFrameBytes + Packet.PREAMBLE_BYTES + Packet.IFG_BYTES;
        long pfcWire = Packet.MAC_CONTROL_FRAME_BYTES + Packet.PREAMBLE_BYTES + Packet.IFG_BYTES;
        long cable = 2 * (long) Math.ceil(propagationPs * (double) rateBps / 8e12);
        return maxFrameBytes + wireFrame + pfcWire + cable + wireFrame + peerResponseBytes;
    }
}
