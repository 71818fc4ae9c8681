package org.rocelab.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.cc.CcRegistry;
import org.rocelab.nic.CnpPacing;
import org.rocelab.nic.NicConfig;
import org.rocelab.nic.PcieSlot;
import org.rocelab.nic.RoceVersion;
import org.rocelab.scenario.AclRule;
import org.rocelab.scenario.EcnSpec;
import org.rocelab.scenario.NicSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.sw.EcmpConfig;
import org.rocelab.sw.EcnProfile;
import org.rocelab.sw.QosMaps;
import org.rocelab.sw.SchedulerConfig;
import org.rocelab.sw.SwitchConfig;
import org.rocelab.sw.Trust;
import org.rocelab.sw.WatchdogAction;
import org.rocelab.sw.WatchdogConfig;
import org.rocelab.topo.Addressing;

/**
 * Turns the scenario's validated specs into the devices' own configuration records. The scenario
 * speaks the user's language (mlx5 knob names, SONiC objects); the devices take typed records.
 * One place, so a new key is mapped once.
 */
final class DeviceConfigs {
    private final CcRegistry ccRegistry;
    private final java.util.function.ToIntFunction<String> hostIp;

    /**
     * @param hostIp the IPv4 address of a host by name, or -1 if no such host (ACLs may name hosts)
     */
    DeviceConfigs(CcRegistry ccRegistry, java.util.function.ToIntFunction<String> hostIp) {
        this.ccRegistry = ccRegistry;
        this.hostIp = hostIp;
    }

    /** The NIC configuration of a host; {@code tagged} when {@code nic.trust} is pcp (802.1Q priority tags). */
    NicConfig nic(NicSpec s, boolean tagged) {
        int pfcMask = 0;
        for (int p : s.pfc()) {
            pfcMask |= 1 << p;
        }
        org.rocelab.cc.CcFactory cc = ccRegistry.factory(s.cc().algorithm(), s.cc().registryParams());
        NicConfig.Builder b = NicConfig.defaults().toBuilder()
                .mtu(s.mtu())
                .roce(s.roce() == org.rocelab.scenario.RoceVersion.V1 ? RoceVersion.V1 : RoceVersion.V2)
                .dscp(s.dscp())
                .pcp(s.pcp())
                .pfcMask(pfcMask)
                .cnpDscp(s.cnp().dscp())
                .cnpPcp(s.cnp().pcp())
                .minTimeBetweenCnpsPs(s.cnp().minTimeBetweenCnpsPs())
                .cnpPacing(CnpPacing.of(s.cnp().pacing()))
                .retransmission(retransmission(s))
                .irn(irn(s.retransmission().irn()))
                .timeout(s.retransmission().timeoutCode())
                .retryCnt(s.retransmission().retryCnt())
                .rnrRetry(s.retransmission().rnrRetry())
                .minRnrTimer(s.retransmission().minRnrTimer())
                .rxBufferBytes(s.rxBufferBytes())
                .rxHeadroomBytes(NicSpec.RX_HEADROOM_BYTES)
                .cc(cc)
                .cnpOnAck(cc.ecnEchoOnAck()); // DCTCP's ECN-Echo: the receiver flags the ACK
        if (cc.ackEveryPacket()) {
            b.ackEvery(1);
        }
        if (tagged || s.roce() == org.rocelab.scenario.RoceVersion.V1) {
            b.vlanId(0);
        }
        if (!s.pcie().auto()) {
            b.pcie(PcieSlot.of(s.pcie().gen(), s.pcie().lanes(), s.pcie().mpsBytes()));
        }
        return b.build();
    }

    private static String retransmission(NicSpec s) {
        switch (s.retransmission().mode()) {
            case GO_BACK_0:
                return "go-back-0";
            case ADAPTIVE:
                return "adaptive";
            case IRN:
                return "irn";
            default:
                return "go-back-n";
        }
    }

    private static org.rocelab.rc.IrnPolicy irn(org.rocelab.scenario.RetransmissionSpec.Irn i) {
        return new org.rocelab.rc.IrnPolicy(i.rtoLowPs(), i.rtoHighPs(), i.rtoLowPackets(), i.bdpCapPackets());
    }

    /** The switch configuration of one switch, hashing ECMP with {@code ecmpSeed} ({@link Scenario#ecmpSeeds}). */
    SwitchConfig sw(SwitchSpec s, long ecmpSeed) {
        SwitchConfig.Builder b = SwitchConfig.builder()
                .mtu(s.mtu())
                .trust(s.trust() == org.rocelab.scenario.Trust.PCP ? Trust.PCP : Trust.DSCP)
                .maps(maps(s))
                .lossless(s.lossless().stream().mapToInt(Integer::intValue).toArray())
                .buffer(s.buffer().sizeBytes())
                .dynamicTh(s.buffer().dynamicTh())
                .xonOffset(s.pfc().xonOffsetBytes())
                .scheduler(scheduler(s))
                .acl(acl(s.acl()))
                .ecmp(EcmpConfig.of(s.ecmp().fields(), ecmpSeed));
        if (s.pfc().headroomAuto()) {
            b.headroomAuto();
        } else {
            b.headroom(s.pfc().headroomBytes());
        }
        b.ecnOff();
        boolean dequeue = false;
        for (Map.Entry<Integer, EcnSpec> e : s.ecn().entrySet()) {
            EcnSpec ecn = e.getValue();
            b.ecn(e.getKey(), EcnProfile.of(ecn.kminBytes(), ecn.kmaxBytes(), ecn.pmax()));
            dequeue |= ecn.markOnDequeue();
        }
        b.ecnAtDequeue(dequeue);
        if (s.pfc().watchdog().enabled()) {
            b.watchdog(new WatchdogConfig(
                    s.pfc().watchdog().detectionPs(),
                    s.pfc().watchdog().restorationPs(),
                    WatchdogAction.valueOf(s.pfc().watchdog().action().name())));
        } else {
            b.watchdog(null);
        }
        return b.build();
    }

    private static QosMaps maps(SwitchSpec s) {
        return QosMaps.sonicDefaults()
                .withDscpToTc(asMap(s.dscpToTc()))
                .withPcpToTc(asMap(s.pcpToTc()))
                .withTcToPg(asMap(s.tcToPg()))
                .withTcToQueue(asMap(s.tcToQueue()));
    }

    private static Map<Integer, Integer> asMap(List<Integer> list) {
        Map<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            m.put(i, list.get(i));
        }
        return m;
    }

    private static SchedulerConfig scheduler(SwitchSpec s) {
        int strict = 0;
        int[] w = new int[8];
        for (int q = 0; q < 8; q++) {
            if (s.scheduler().isStrict(q)) {
                strict |= 1 << q;
            } else {
                w[q] = Math.max(1, s.scheduler().dwrrWeights().get(q));
            }
        }
        return new SchedulerConfig(strict, w);
    }

    private List<org.rocelab.sw.AclRule> acl(List<AclRule> rules) {
        List<org.rocelab.sw.AclRule> out = new ArrayList<>();
        for (AclRule r : rules) {
            int[] src = prefix(r.srcIp());
            int[] dst = prefix(r.dstIp());
            out.add(new org.rocelab.sw.AclRule(
                    r.permit(), r.proto(), src[0], src[1], dst[0], dst[1], r.srcPort(), r.dstPort(), r.dscp()));
        }
        return out;
    }

    /** "10.0.0.0/24" → {address, 24}; a host name → its /32; null or empty → any. */
    int[] prefix(String text) {
        if (text == null || text.isEmpty()) {
            return new int[] {0, 0};
        }
        int host = hostIp.applyAsInt(text.trim());
        if (host != -1) {
            return new int[] {host, 32};
        }
        int slash = text.indexOf('/');
        int len = slash < 0 ? 32 : Integer.parseInt(text.substring(slash + 1).trim());
        int ip = Addressing.parseIp(slash < 0 ? text : text.substring(0, slash));
        return new int[] {ip, len};
    }
}
