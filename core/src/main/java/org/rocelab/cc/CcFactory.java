package org.rocelab.cc;

/** Makes one {@link CongestionControl} per sending QP from validated, immutable parameters. */
@FunctionalInterface
public interface CcFactory {
    CongestionControl create(CcHost host);
}
