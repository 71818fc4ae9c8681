package org.rocelab.cc;

/**
 * A congestion control that caps the packets a QP keeps in flight (a window), not only its rate:
 * Swift's cwnd (Kumar et al., SIGCOMM 2020, §3.1), and the HAS_WIN/VAR_WIN window of the HPCC
 * ns-3 simulator. The NIC asks it before each new request packet: the QP may send a new packet
 * while the packets sent and not yet acknowledged (from the oldest unacknowledged PSN to the next
 * new PSN) are fewer than {@link #windowPackets()}, so a fractional window admits its ceiling.
 * Retransmissions are not held by the window. A window below one packet admits one packet; the
 * algorithm then spaces packets through its {@link CongestionControl#rateBps() rate}. Asked per
 * packet: no allocation.
 */
public interface WindowLimiter {
    /** The in-flight cap in packets (MTU-sized segments), at least one packet's worth above 0. */
    double windowPackets();
}
