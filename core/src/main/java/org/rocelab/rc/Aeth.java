package org.rocelab.rc;

/**
 * AETH syndrome encoding (IBA vol. 1 §9.3.5, Table 42; roce-facts.md §1.3): bits 6:5 give the
 * type (ACK, RNR NAK, NAK), bits 4:0 the credit count, RNR timer code or NAK code.
 */
public final class Aeth {
    public static final int TYPE_MASK = 0x60;
    public static final int TYPE_ACK = 0x00;
    public static final int TYPE_RNR_NAK = 0x20;
    public static final int TYPE_NAK = 0x60;
    /** ACK with "unlimited / invalid" credits. */
    public static final int ACK_UNLIMITED = 0x1F;

    public static final int NAK_PSN_SEQUENCE_ERROR = 0x60;
    public static final int NAK_INVALID_REQUEST = 0x61;
    public static final int NAK_REMOTE_ACCESS_ERROR = 0x62;
    public static final int NAK_REMOTE_OPERATIONAL_ERROR = 0x63;

    private Aeth() {}

    /** The syndrome of an RNR NAK carrying {@code timerCode} (0–31). */
    public static int rnrNak(int timerCode) {
        return TYPE_RNR_NAK | (timerCode & 0x1F);
    }
}
