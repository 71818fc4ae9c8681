package org.rocelab.nic;

import java.util.Locale;

/**
 * How the notification point spaces the CNPs of one QP by {@code min_time_between_cnps} (N). The
 * DCQCN paper's wording (Zhu et al. 2015 §3.1: a CNP at once for a mark when none was sent in the
 * last N; then at most one per N if a packet in that window was marked) has two readings, and the
 * authors' own simulator does a third thing; each is offered by name (docs/model.md, NP).
 */
public enum CnpPacing {
    /**
     * A CNP for the first marked packet at least N after the previous CNP; marks inside the window
     * go unanswered. NVIDIA mlx5 {@code min_time_between_cnps}; the default for every profile.
     */
    FIRST_MARK,
    /**
     * As {@link #FIRST_MARK}, and a mark inside the window earns one CNP when the window ends (the
     * end-of-window reading of the paper's NP).
     */
    WINDOW,
    /**
     * A check every N from the QP's first received packet; each check that finds a mark since the
     * previous one sends one CNP, the first mark waits for the next check (the DCQCN authors' ns-3,
     * {@code QbbNetDevice::CheckandSendQCN}).
     */
    PERIODIC;

    /** The scenario spelling: {@code first_mark}, {@code window}, {@code periodic}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a scenario spelling. */
    public static CnpPacing of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
