package org.rocelab.cc;

import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;

/** What a {@link CongestionControl} instance may use of its NIC and QP. */
public interface CcHost {
    Simulation sim();

    /** The component that owns the QP's timers. */
    Component component();

    /** The NIC port's line rate, bits per second. */
    long lineRateBps();

    /** The rate changed: the NIC re-paces the QP. */
    void rateChanged();

    /** Counts a CNP that changed nothing ({@code rp_cnp_ignored}) or was acted on ({@code rp_cnp_handled}). */
    void countCnp(boolean handled);
}
