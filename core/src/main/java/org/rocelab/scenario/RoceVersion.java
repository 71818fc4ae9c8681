package org.rocelab.scenario;

/** RoCE v1 (EtherType 0x8915, L2 only) or RoCE v2 (UDP 4791, routable); IBTA RoCEv2 annex A17. */
public enum RoceVersion {
    V1,
    V2
}
