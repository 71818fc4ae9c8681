package org.rocelab.scenario;

/**
 * How a requester recovers from loss: go-back-N from the NAKed PSN (IBTA RC), go-back-0 (restart
 * the message; Guo et al. SIGCOMM 2016 livelock), NVIDIA's adaptive retransmission or IRN's
 * selective repeat.
 */
public enum RetransmitMode {
    GO_BACK_N,
    GO_BACK_0,
    ADAPTIVE,
    /** Selective repeat with BDP-FC (Mittal et al., SIGCOMM 2018), for fabrics without PFC. */
    IRN
}
