package org.rocelab.diag;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocelab.scenario.EcmpSpec;
import org.rocelab.scenario.Scenario;

/**
 * ECMP polarization: a switch whose ECMP group toward a destination is fed by another switch's
 * ECMP group, both hashing the same fields with the same seed. The feeding switch sends it the
 * packets whose hash fell in one slice of the hash range (member {@code i} of {@code n}); hashing
 * them again the same way it picks from the same slice, so it uses about {@code m / n} of its
 * {@code m} members (one of four in a k = 8 fat tree) and the rest of its uplinks idle while the
 * used one congests. SONiC prevents it with a seed per device role (sonic-buildimage
 * {@code switch.json.j2}: ToR 0, leaf 10, spine 25), which is rocelab's default by tier
 * (docs/model.md#ecmp); one seed on every switch brings it back. Static (from the scenario); with
 * a run, the evidence adds the bytes each member of the first polarized switch's group carried
 * ({@code UCn Counter/Bytes}).
 */
final class EcmpPolarizationCheck implements Check {
    /** A polarized switch's feeder, its own group toward a destination and the feeder's group size. */
    private record Fed(String feeder, List<Paths.Hop> members, int feederMembers) {}

    @Override
    public String name() {
        return "ECMP: polarization (switches in series hashing alike)";
    }

    @Override
    public boolean isStatic() {
        return true;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        Map<String, Long> seeds = s.ecmpSeeds();
        Map<String, Integer> tiers = s.layout().tiers();
        Map<String, Fed> polarized = polarized(in);
        // one finding per pair of tiers (ToR → aggregation, ...), on the first switch of it
        Map<String, List<String>> byTiers = new LinkedHashMap<>();
        for (Map.Entry<String, Fed> e : polarized.entrySet()) {
            String up = e.getValue().feeder();
            byTiers.computeIfAbsent(tiers.get(up) + ">" + tiers.get(e.getKey()), k -> new ArrayList<>())
                    .add(e.getKey());
        }
        for (List<String> downs : byTiers.values()) {
            out.add(finding(in, seeds, tiers, downs, polarized));
        }
    }

    /** The switches this check finds polarized (an uneven load there is its symptom, not a collision). */
    static Set<String> polarizedSwitches(DiagInput in) {
        return polarized(in).keySet();
    }

    private static Map<String, Fed> polarized(DiagInput in) {
        Scenario s = in.scenario();
        Map<String, Long> seeds = s.ecmpSeeds();
        Map<String, Fed> polarized = new LinkedHashMap<>();
        for (String dst : oneHostPerSwitch(s)) {
            for (String up : s.switches()) {
                List<Paths.Hop> group = in.paths().nextHops(up, dst);
                if (group.size() < 2) {
                    continue;
                }
                for (Paths.Hop h : group) {
                    String down = Topo.peer(h.port());
                    if (!s.layout().isSwitch(down) || polarized.containsKey(down)) {
                        continue;
                    }
                    List<Paths.Hop> next = in.paths().nextHops(down, dst);
                    if (next.size() >= 2 && sameHash(s, seeds, up, down)) {
                        polarized.put(down, new Fed(up, next, group.size()));
                    }
                }
            }
        }
        return polarized;
    }

    private static Finding finding(
            DiagInput in,
            Map<String, Long> seeds,
            Map<String, Integer> tiers,
            List<String> downs,
            Map<String, Fed> polarized) {
        Scenario s = in.scenario();
        String down = downs.get(0);
        Fed fed = polarized.get(down);
        String up = fed.feeder();
        List<Paths.Hop> members = fed.members();
        int feederMembers = fed.feederMembers();
        long seed = seeds.get(up);
        List<Evidence> ev = new ArrayList<>();
        ev.add(Evidence.of(EcnCheck.key(s, up) + ".ecmp.seed (effective)", up, seed));
        ev.add(Evidence.of(EcnCheck.key(s, down) + ".ecmp.seed (effective)", down, seeds.get(down)));
        ev.add(new Evidence(
                "ecmp.fields", down, s.switchSpec(down).ecmp().fields().toString()));
        if (in.run() != null) {
            for (Paths.Hop h : members) {
                double b = 0;
                for (int q = 0; q < 8; q++) {
                    b += in.run().counter(down, h.port(), "_all", "UC" + q + " Counter/Bytes");
                }
                ev.add(Evidence.of("UC* Counter/Bytes", h.port(), b));
            }
        }
        // the feeder's slice, 1/n of the hash range, meets about ceil(m/n) of the m member slices
        int used = (members.size() + feederMembers - 1) / feederMembers;
        List<String> fix = new ArrayList<>();
        for (String d : downs) {
            long upSeed = seeds.get(polarized.get(d).feeder());
            long mine = EcmpSpec.tierSeed(tiers.get(d));
            fix.add("switches." + d + ".ecmp.seed=" + (mine == upSeed ? mine + 1 : mine));
        }
        String more = downs.size() > 1 ? " (and " + (downs.size() - 1) + " more switches of its tier)" : "";
        return new Finding(
                "ecmp.polarization",
                Severity.WARNING,
                down,
                ev,
                down + more + " hashes the same fields with the same seed (" + seed + ") as " + up
                        + ", which feeds it from an ECMP group of " + feederMembers + ": the packets that reach "
                        + down + " all fell in one slice of the hash, and hashing them alike it sends them to about "
                        + used + " of its " + members.size() + " next hops (ECMP polarization) while the others"
                        + " idle. Give each tier its own seed, as SONiC does (ToR 0, leaf 10, spine 25), or leave"
                        + " ecmp.seed unset to get them.",
                fix,
                0);
    }

    private static boolean sameHash(Scenario s, Map<String, Long> seeds, String a, String b) {
        return seeds.get(a).equals(seeds.get(b))
                && s.switchSpec(a).ecmp().sameFields(s.switchSpec(b).ecmp());
    }

    /** A host behind each switch cabled to hosts: the destinations whose routes differ. */
    private static List<String> oneHostPerSwitch(Scenario s) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : s.layout().hostAttachments().entrySet()) {
            if (!e.getValue().isEmpty() && seen.add(e.getValue().get(0))) {
                out.add(e.getKey());
            }
        }
        return out;
    }
}
