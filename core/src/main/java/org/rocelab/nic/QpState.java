package org.rocelab.nic;

/** Queue pair states (libibverbs {@code enum ibv_qp_state}; IBA vol. 1 §10.3.1). */
public enum QpState {
    RESET,
    INIT,
    RTR,
    RTS,
    ERR
}
