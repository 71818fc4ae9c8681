package org.rocelab.sw;

/**
 * How a switch asks its neighbours to stop: per-priority PFC (IEEE 802.1Qbb) or the legacy
 * link-level PAUSE (802.3x, roce-facts.md §2.1), which stops every priority of the link and is
 * kept as a contrast.
 */
public enum PauseMode {
    PFC,
    PAUSE
}
