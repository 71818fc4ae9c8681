package org.rocelab.nic;

/**
 * Where a UD send goes (libibverbs {@code ibv_ah} plus the WR's remote QPN and Q_Key): the
 * destination's IPv4 address, the MAC of the next hop, its node index (or -1), QPN and Q_Key.
 * Immutable; create one per destination and reuse it.
 */
public record UdAddress(int ipv4, long nextHopMac, int nodeId, int qpn, int qkey) {}
