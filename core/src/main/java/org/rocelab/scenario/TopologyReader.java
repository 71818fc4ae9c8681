package org.rocelab.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rocelab.link.FecMode;
import org.rocelab.sim.Units;

/** Reads the {@code topology} section into a {@link TopologySpec} and checks its cables. */
final class TopologyReader {
    private TopologyReader() {}

    static TopologySpec read(Field t, Path baseDir) {
        LinkConfig link = link(t.get("link"), LinkConfig.DEFAULT);
        String kind = t.get("kind").text("");
        switch (kind) {
            case "back-to-back":
                return new TopologySpec.BackToBack(link);
            case "star":
                return new TopologySpec.Star(t.get("hosts").integer(1, 1, 4096), link);
            case "dumbbell":
                return new TopologySpec.Dumbbell(
                        t.get("hosts_per_side").integer(1, 1, 4096),
                        t.get("uplink_speed").linkSpeed(link.speedBps()),
                        link);
            case "leaf-spine":
                return new TopologySpec.LeafSpine(
                        t.get("leaves").integer(1, 1, 1024),
                        t.get("spines").integer(1, 1, 1024),
                        t.get("hosts_per_leaf").integer(1, 1, 1024),
                        t.get("uplink_speed").linkSpeed(link.speedBps()),
                        link);
            case "fat-tree": {
                Field k = t.get("k");
                int kv = k.integer(4, 2, 64);
                if (kv % 2 != 0) {
                    throw k.error("expected an even k (pods of k/2 ToR and k/2 aggregation switches), got " + kv);
                }
                return new TopologySpec.FatTree(kv, link);
            }
            case "explicit":
                return explicit(t, link);
            case "hpcc":
                return hpcc(t.get("file"), baseDir, link);
            default:
                throw t.get("kind")
                        .error(
                                "expected one of back-to-back, star, dumbbell, leaf-spine, fat-tree, explicit, hpcc, got "
                                        + t.get("kind").shown());
        }
    }

    /** A {@code link} map over {@code base}: speed, length (5 ns/m), delay, fec (one mode or [a, b]), ber. */
    static LinkConfig link(Field f, LinkConfig base) {
        long speed = f.get("speed").linkSpeed(base.speedBps());
        Field len = f.get("length");
        double lengthM = len.lengthM(base.lengthM());
        long prop = len.present() ? Math.round(lengthM * Units.PROPAGATION_PS_PER_M) : base.propagationPs();
        prop = f.get("delay").time(prop);
        Field fecF = f.get("fec");
        double ber = f.get("ber").ber(base.ber());
        if (fecF.present() && fecF.node().isArray()) {
            List<Field> ends = fecF.elements();
            if (ends.size() != 2) {
                throw fecF.error("expected one FEC mode (rs, fc, none) or two, one per end [a, b], got " + ends.size());
            }
            return new LinkConfig(
                    speed, lengthM, prop, fecMode(ends.get(0), base.fec()), ber, fecMode(ends.get(1), base.fecB()));
        }
        FecMode fec = fecMode(fecF, base.fec());
        FecMode fecB = fecF.present() ? fec : base.fecB();
        return new LinkConfig(speed, lengthM, prop, fec, ber, fecB);
    }

    private static FecMode fecMode(Field f, FecMode def) {
        return FecMode.parse(f.choice(def.name().toLowerCase(Locale.ROOT), List.of("rs", "fc", "none")));
    }

    private static TopologySpec explicit(Field t, LinkConfig link) {
        List<String> nodes = t.get("nodes").names(List.of());
        Set<String> seen = new HashSet<>();
        List<Field> nodeFields = t.get("nodes").elements();
        for (int i = 0; i < nodes.size(); i++) {
            String n = nodes.get(i);
            if (!n.matches("[A-Za-z][A-Za-z0-9_-]*")) {
                throw nodeFields.get(i).error("expected a node name of letters, digits, '_' or '-', got '" + n + "'");
            }
            if (!seen.add(n)) {
                throw nodeFields.get(i).error("node '" + n + "' is listed twice");
            }
        }
        List<TopologySpec.ExplicitLink> links = new ArrayList<>();
        for (Field l : t.get("links").elements()) {
            String a = l.get("a").text("");
            String b = l.get("b").text("");
            for (String end : new String[] {"a", "b"}) {
                String n = l.get(end).text("");
                if (!nodes.contains(n)) {
                    throw l.get(end).error(Names.unknown("node", n, nodes));
                }
            }
            if (a.equals(b)) {
                throw l.get("b").error("a cable needs two different nodes, got " + a + " twice");
            }
            links.add(new TopologySpec.ExplicitLink(a, b, link(l, link)));
        }
        List<String> hosts = t.get("hosts").names(List.of());
        List<Field> hostFields = t.get("hosts").elements();
        for (int i = 0; i < hosts.size(); i++) {
            if (!nodes.contains(hosts.get(i))) {
                throw hostFields.get(i).error(Names.unknown("node", hosts.get(i), nodes));
            }
        }
        return new TopologySpec.Explicit(nodes, links, link, hosts);
    }

    private static TopologySpec hpcc(Field file, Path baseDir, LinkConfig link) {
        String name = file.text("");
        Path p = baseDir == null ? Path.of(name) : baseDir.resolve(name);
        List<String> lines;
        try {
            lines = Files.readAllLines(p);
        } catch (IOException | RuntimeException e) {
            throw file.error("cannot read HPCC topology file '" + p + "'");
        }
        try {
            String[] head = lines.get(0).trim().split("\\s+");
            int nodes = Integer.parseInt(head[0]);
            int nSw = Integer.parseInt(head[1]);
            int nLinks = Integer.parseInt(head[2]);
            Set<Integer> sw = new HashSet<>();
            if (nSw > 0) {
                for (String s : lines.get(1).trim().split("\\s+")) {
                    sw.add(Integer.parseInt(s));
                }
            }
            String[] names = new String[nodes];
            List<String> hosts = new ArrayList<>();
            List<String> switches = new ArrayList<>();
            for (int id = 0; id < nodes; id++) {
                names[id] = sw.contains(id) ? "sw" + switches.size() : "h" + hosts.size();
                (sw.contains(id) ? switches : hosts).add(names[id]);
            }
            List<TopologyLayout.Cable> cables = new ArrayList<>();
            for (int i = 0; i < nLinks; i++) {
                String[] f = lines.get(2 + i).trim().split("\\s+");
                long rate = Units.parseRateBps(f[2]);
                long delay = Units.parseTimePs(f[3]);
                double err = Double.parseDouble(f[4]);
                LinkConfig c =
                        new LinkConfig(rate, delay / (double) Units.PROPAGATION_PS_PER_M, delay, link.fec(), 0.0);
                if (err > 0) {
                    c = new LinkConfig(rate, c.lengthM(), delay, link.fec(), err);
                }
                cables.add(new TopologyLayout.Cable(names[Integer.parseInt(f[0])], names[Integer.parseInt(f[1])], c));
            }
            return new TopologySpec.Hpcc(name, new TopologyLayout(hosts, switches, cables), link);
        } catch (RuntimeException e) {
            throw file.error("expected an HPCC topology file ('<nodes> <switches> <links>', switch ids, then "
                    + "'<src> <dst> <rate> <delay> <error_rate>' lines), cannot read '" + p + "'");
        }
    }
}
