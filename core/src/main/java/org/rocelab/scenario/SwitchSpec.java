package org.rocelab.scenario;

import java.util.List;
import java.util.Map;

/**
 * One switch's configuration ({@code switch:} defaults, {@code switches.<name>:} overlays;
 * DESIGN.md §3). QoS maps are complete tables: the scenario's entries overlaid on SONiC's AZURE
 * defaults ({@link SonicDefaults}, roce-facts.md §3.3).
 *
 * @param mtu L2 frame limit, bytes (default 9216)
 * @param trust classify on DSCP or PCP (default dscp)
 * @param dscpToTc TC of each DSCP 0..63
 * @param pcpToTc TC of each PCP 0..7 (default identity)
 * @param tcToPg ingress priority group of each TC (default 3→3, 4→4, 7→7, rest 0)
 * @param tcToQueue egress queue of each TC (default identity)
 * @param lossless lossless (PFC-enabled) TCs, sorted (default [3, 4]; [] = no PFC)
 * @param buffer shared buffer
 * @param pfc headroom, XON offset and watchdog
 * @param ecn RED/ECN per TC (default: AZURE_LOSSLESS on each lossless TC)
 * @param scheduler strict/DWRR per queue
 * @param acl ingress ACL, in order
 * @param ecmp ECMP hashing
 * @param routes static routes: destination (CIDR prefix or host name) → next-hop neighbours
 * @param vlans VLAN id → member ports (named by peer) bridged in that VLAN
 * @param macAgePs MAC table ageing, ps (default 600 s, SONiC FDB ageing)
 * @param routing local repair and routing convergence delays after a link changes state
 * @param ports per-port settings by peer name ({@code switches.<name>.ports.<peer>}); ports not
 *     listed use the switch's values
 */
public record SwitchSpec(
        int mtu,
        Trust trust,
        List<Integer> dscpToTc,
        List<Integer> pcpToTc,
        List<Integer> tcToPg,
        List<Integer> tcToQueue,
        List<Integer> lossless,
        BufferSpec buffer,
        PfcSpec pfc,
        Map<Integer, EcnSpec> ecn,
        SchedulerSpec scheduler,
        List<AclRule> acl,
        EcmpSpec ecmp,
        Map<String, List<String>> routes,
        Map<Integer, List<String>> vlans,
        long macAgePs,
        RoutingSpec routing,
        Map<String, PortSpec> ports) {
    public SwitchSpec {
        dscpToTc = List.copyOf(dscpToTc);
        pcpToTc = List.copyOf(pcpToTc);
        tcToPg = List.copyOf(tcToPg);
        tcToQueue = List.copyOf(tcToQueue);
        lossless = List.copyOf(lossless);
        ecn = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(ecn));
        acl = List.copyOf(acl);
        routes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(routes));
        vlans = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(vlans));
        ports = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ports));
    }

    /** The settings of the port facing {@code peer} ({@link PortSpec#NONE} when it has none of its own). */
    public PortSpec port(String peer) {
        return ports.getOrDefault(peer, PortSpec.NONE);
    }

    public boolean isLossless(int tc) {
        return lossless.contains(tc);
    }

    /** The TC a frame is classified into given its DSCP and PCP, under this switch's trust mode. */
    public int classify(int dscp, int pcp) {
        return trust == Trust.DSCP ? dscpToTc.get(dscp) : pcpToTc.get(pcp);
    }
}
