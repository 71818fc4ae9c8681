package org.rocelab.cc;

/** {@code none}: always line rate; the fabric relies on PFC alone. CNPs are counted as ignored. */
public final class NoCongestionControl implements CongestionControl {
    public static final CcFactory FACTORY = NoCongestionControl::new;
    private final CcHost host;

    public NoCongestionControl(CcHost host) {
        this.host = host;
    }

    @Override
    public long rateBps() {
        return host.lineRateBps();
    }

    @Override
    public void onPacketSent(long nowPs, int wireBytes) {}

    @Override
    public void onCnp(long nowPs) {
        host.countCnp(false);
    }

    @Override
    public boolean idle() {
        return true;
    }
}
