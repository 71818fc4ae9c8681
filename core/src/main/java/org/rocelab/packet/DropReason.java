package org.rocelab.packet;

import java.util.Locale;

/**
 * Why a packet left the model without being delivered (DESIGN.md §2: every packet is delivered
 * or dropped with a named reason). The lower-case name is the key used in summary.json.
 */
public enum DropReason {
    /** Lossy queue or shared buffer full. */
    BUFFER,
    /** A lossless priority group's headroom overflowed: a configuration error. */
    HEADROOM,
    /** WRED dropped a non-ECT packet. */
    WRED,
    /** An ACL deny rule matched. */
    ACL,
    /** Frame larger than the egress MTU with DF set; never fragmented. */
    MTU,
    /** Bit errors left uncorrected by FEC; counted at the receiver as an FCS error. */
    FCS,
    /** IP TTL or hop limit reached zero. */
    TTL,
    /** No route and no bridge entry for the destination. */
    NO_ROUTE,
    /** The link was down or went down with the frame on the wire. */
    LINK_DOWN,
    /** The PFC watchdog's drop action. */
    PFC_WATCHDOG,
    /** The NIC had no receive buffer (rx_discards_phy) or the frame was unusable at the NIC. */
    NIC_RX,
    /** The NIC received a frame it cannot process: wrong RoCE version, unknown QP, bad ICRC. */
    NIC_INVALID;

    /** The name used in outputs, e.g. {@code link_down}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
