package org.rocelab.rc;

/**
 * Completion status of a work request, named as libibverbs' {@code enum ibv_wc_status}
 * ({@code ibv_wc_status_str}); IBA vol. 1 §11.4.2.1 completion errors.
 */
public enum WcStatus {
    IBV_WC_SUCCESS,
    IBV_WC_LOC_LEN_ERR,
    IBV_WC_LOC_QP_OP_ERR,
    IBV_WC_LOC_PROT_ERR,
    IBV_WC_WR_FLUSH_ERR,
    IBV_WC_REM_INV_REQ_ERR,
    IBV_WC_REM_ACCESS_ERR,
    IBV_WC_REM_OP_ERR,
    IBV_WC_RETRY_EXC_ERR,
    IBV_WC_RNR_RETRY_EXC_ERR;

    /** Whether the work request completed without error. */
    public boolean ok() {
        return this == IBV_WC_SUCCESS;
    }
}
