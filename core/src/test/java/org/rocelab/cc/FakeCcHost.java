package org.rocelab.cc;

import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;

/** A QP's view of a NIC for unit tests: a real {@link Simulation}, a fixed line rate, counters. */
final class FakeCcHost implements CcHost {
    final Simulation sim;
    final Component component;
    final long lineRateBps;
    int rateChanges;
    int cnpHandled;
    int cnpIgnored;

    FakeCcHost(long lineRateBps) {
        this.sim = new Simulation(7);
        this.component = sim.component("h0/qp1");
        this.lineRateBps = lineRateBps;
    }

    @Override
    public Simulation sim() {
        return sim;
    }

    @Override
    public Component component() {
        return component;
    }

    @Override
    public long lineRateBps() {
        return lineRateBps;
    }

    @Override
    public void rateChanged() {
        rateChanges++;
    }

    @Override
    public void countCnp(boolean handled) {
        if (handled) {
            cnpHandled++;
        } else {
            cnpIgnored++;
        }
    }

    /** Runs the simulation to {@code ps} and returns the clock. */
    long runTo(long ps) {
        sim.runUntil(ps);
        return sim.now();
    }
}
