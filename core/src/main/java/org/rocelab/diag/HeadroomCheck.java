package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.HeadroomEstimate;
import org.rocelab.scenario.PortSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.scenario.TopologyLayout;

/**
 * PFC headroom too small for the cable (seed 000 §4.1: headroom "must be computed from the link
 * delay and the port rate"; roce-facts.md §2.2). After a switch sends XOFF, the bytes already on
 * the cable and in the peer's transmitter still arrive; a lossless PG holds them in its headroom,
 * and what does not fit is dropped ({@code headroom}, a loss in a lossless class). For every
 * lossless port with a fixed headroom ({@code pfc.headroom} or {@code ports.<peer>.headroom};
 * {@code auto} computes it and is never short) two figures:
 *
 * <ul>
 *   <li>needed: SONiC's Mellanox formula ({@link HeadroomEstimate}) at the port's speed and cable
 *       length and the largest RoCE frame that arrives on it (the peer NIC's, or the largest of the
 *       fabric's NICs on a switch-to-switch port, at most the switch MTU) — the vendor value the
 *       seed says to start from;
 *   <li>the physical minimum: the cable's round trip at line rate plus two largest frames (the one
 *       the peer has started when the pause arrives, the one ahead of the PFC frame on the way
 *       out). Below it any pause overflows the headroom.
 * </ul>
 *
 * Below the minimum: a warning before the run; below the estimate only: information (the estimate
 * assumes worst-case cell use). Either becomes an error when the run dropped for headroom at that
 * switch (switch counter {@code headroom}, the ingress {@code PGn headroom} watermark at the port's
 * size). The fix sets the headroom to the estimate.
 */
final class HeadroomCheck implements Check {
    @Override
    public String name() {
        return "PFC headroom: fixed sizes against cable length, speed and frame";
    }

    @Override
    public boolean isStatic() {
        return true;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        int fabricFrame = 0;
        for (String h : s.hosts()) {
            fabricFrame = Math.max(fabricFrame, s.nic(h).maxRoceFrameBytes());
        }
        for (String sw : s.switches()) {
            check(in, sw, fabricFrame, out);
        }
    }

    private static void check(DiagInput in, String sw, int fabricFrame, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        SwitchSpec spec = s.switchSpec(sw);
        List<Evidence> ev = new ArrayList<>();
        List<String> fix = new ArrayList<>();
        List<String> shortPorts = new ArrayList<>();
        long switchWide = 0;
        boolean belowMinimum = false;
        boolean dropped = false;
        double drops = r == null ? 0 : r.counter(sw, "_node", "_all", "headroom");
        for (TopologyLayout.Cable c : s.layout().cablesAt(sw)) {
            String peer = c.peerOf(sw);
            String port = sw + ":" + peer;
            PortSpec ps = spec.port(peer);
            List<Integer> lossless = ps.losslessOr(spec);
            long configured;
            if (ps.headroomBytes() >= 0) {
                configured = ps.headroomBytes();
            } else if (spec.pfc().headroomAuto()) {
                continue;
            } else {
                configured = spec.pfc().headroomBytes();
            }
            if (lossless.isEmpty()) {
                continue;
            }
            int frame = s.layout().isHost(peer) ? s.nic(peer).maxRoceFrameBytes() : fabricFrame;
            frame = Math.min(frame, ps.mtu() > 0 ? ps.mtu() : spec.mtu());
            long needed = needed(c, frame);
            long minimum = minimum(c, frame);
            if (configured >= needed) {
                continue;
            }
            shortPorts.add(port);
            belowMinimum |= configured < minimum;
            if (ev.size() < 40) {
                String key = ps.headroomBytes() >= 0
                        ? "switches." + sw + ".ports." + peer + ".headroom"
                        : EcnCheck.key(s, sw) + ".pfc.headroom";
                ev.add(Evidence.of(key, port, configured));
                ev.add(Evidence.of("headroom needed (SONiC estimate)", port, needed));
                ev.add(Evidence.of("headroom physical minimum", port, minimum));
                if (r != null) {
                    for (int tc : lossless) {
                        int pg = spec.tcToPg().get(tc);
                        // a frame larger than the whole headroom never enters it: the watermark stays 0
                        double wm = r.counter(sw, port, "_all", "PG" + pg + " headroom");
                        ev.add(Evidence.of("PG" + pg + " headroom", port, wm));
                        dropped |= drops > 0 && wm + frame > configured;
                    }
                }
            }
            if (ps.headroomBytes() >= 0) {
                fix.add("switches." + sw + ".ports." + peer + ".headroom=" + needed);
            } else {
                switchWide = Math.max(switchWide, needed);
            }
        }
        if (shortPorts.isEmpty()) {
            return;
        }
        if (switchWide > 0) {
            fix.add(0, EcnCheck.key(s, sw) + ".pfc.headroom=" + switchWide);
        }
        if (drops > 0) {
            ev.add(0, Evidence.of("headroom", sw, drops));
        }
        Severity sev = dropped ? Severity.ERROR : belowMinimum ? Severity.WARNING : Severity.INFO;
        out.add(new Finding(
                "headroom.too_small",
                sev,
                sw,
                ev,
                "the PFC headroom of " + String.join(", ", shortPorts.subList(0, Math.min(6, shortPorts.size())))
                        + (shortPorts.size() > 6 ? ", …" : "")
                        + " is below what the cable, speed and frame need (SONiC's formula"
                        + (belowMinimum ? "; below even the cable's round trip plus two frames" : "") + ")"
                        + (dropped
                                ? ": after XOFF the bytes in flight overflowed it and " + Num.text(drops)
                                        + " lossless packets were dropped (headroom)"
                                : ": a pause can overflow it and drop lossless packets")
                        + ". Size the headroom from cable length and port speed (the vendor's value first), then"
                        + " judge by the drop counters (seed 000 §4.1).",
                fix,
                0));
    }

    /** SONiC's estimate (xoff + xon) for this cable and frame, bytes. */
    static long needed(TopologyLayout.Cable c, int frameBytes) {
        return HeadroomEstimate.bytes(c.config().speedBps(), c.config().lengthM(), frameBytes);
    }

    /** The cable's round trip at line rate plus two largest frames, bytes. */
    static long minimum(TopologyLayout.Cable c, int frameBytes) {
        long rtt =
                (long) Math.ceil(2.0 * c.config().propagationPs() * c.config().speedBps() / 8e12);
        return rtt + 2L * frameBytes;
    }
}
