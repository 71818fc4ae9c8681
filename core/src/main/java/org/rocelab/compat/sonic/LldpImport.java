package org.rocelab.compat.sonic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code import-sonic --hosts-from lldp}: the cabling comes from what each switch's LLDP sees
 * ({@link LldpTable}) instead of DEVICE_NEIGHBOR, the plan in CONFIG_DB. A port's neighbour is the
 * LLDP remote system name (up to its first dot, as {@code hostname -s} shortens an FQDN); its
 * remote port id names the far port (a SONiC switch sends the port's alias). Where the plan and
 * LLDP disagree the cable follows LLDP and the import says so; the management port ({@code eth0})
 * is not part of the fabric.
 */
final class LldpImport {
    private static final String NAME = "[A-Za-z][A-Za-z0-9_-]*";

    private LldpImport() {}

    /**
     * The LLDP files of {@code inputs} (files as given; of a folder, its files in name order) by the
     * switch they belong to: a file is named after its switch's hostname ({@code leaf0.lldp.txt},
     * {@code leaf0.json}, the name up to the first dot). Every switch needs one.
     */
    static Map<String, LldpTable> assign(List<Path> inputs, Set<String> hostnames) {
        List<Path> files = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                List<Path> found = new ArrayList<>();
                try (Stream<Path> s = Files.list(in)) {
                    s.filter(Files::isRegularFile)
                            .filter(p -> !p.getFileName().toString().startsWith("."))
                            .filter(p -> !p.getFileName().toString().equalsIgnoreCase("README.md"))
                            .forEach(found::add);
                } catch (IOException e) {
                    throw new SonicFormatException("--lldp " + in + ": cannot list the folder ("
                            + e.getClass().getSimpleName() + ")");
                }
                found.sort(null);
                if (found.isEmpty()) {
                    throw new SonicFormatException("--lldp " + in + ": expected LLDP files in the folder, found none");
                }
                files.addAll(found);
            } else if (!Files.isRegularFile(in)) {
                throw new SonicFormatException("--lldp " + in + ": no such file or folder (expected the output of"
                        + " 'show lldp table' or an LLDP_ENTRY_TABLE dump, named after its switch)");
            } else {
                files.add(in);
            }
        }
        Map<String, LldpTable> out = new LinkedHashMap<>();
        Map<String, Path> from = new LinkedHashMap<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            String stem = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
            if (!hostnames.contains(stem)) {
                throw new SonicFormatException(
                        f + ": expected an LLDP file named after one of the switches (" + String.join(", ", hostnames)
                                + "), like " + hostnames.iterator().next() + ".lldp.txt");
            }
            if (from.containsKey(stem)) {
                throw new SonicFormatException(f + ": a second LLDP file for " + stem + " (the first is "
                        + from.get(stem) + "; expected one per switch)");
            }
            from.put(stem, f);
            out.put(stem, LldpTable.read(f, f.toString()));
        }
        for (String h : hostnames) {
            if (!out.containsKey(h)) {
                throw new SonicFormatException("--lldp: no LLDP file for switch " + h + " (expected a file named " + h
                        + ".<anything>, e.g. " + h + ".lldp.txt, with --hosts-from lldp)");
            }
        }
        return out;
    }

    /** Replaces {@code sw}'s DEVICE_NEIGHBOR cabling by what {@code lldp} sees. */
    static void apply(SonicSwitch sw, LldpTable lldp, ImportWarnings w) {
        Map<String, String> planned = new LinkedHashMap<>();
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor != null) {
                planned.put(p.name, p.neighbor);
            }
            p.neighbor = null;
            p.neighborPort = null;
        }
        for (Map.Entry<String, LldpTable.Neighbour> e : lldp.neighbours().entrySet()) {
            LldpTable.Neighbour n = e.getValue();
            SonicPort p = sw.ports.get(e.getKey());
            if (p == null) {
                if (e.getKey().equals("eth0")) {
                    w.note(lldp.file() + ": " + e.getKey() + " (neighbour " + n.sysName()
                            + ") is the management port, not part of the fabric");
                    continue;
                }
                throw new SonicFormatException(n.where() + ": port " + e.getKey() + " is not in " + sw.db.file()
                        + "'s PORT table (expected one of " + SonicSwitch.summary(sw.ports.keySet()) + ")");
            }
            String name = n.sysName().contains(".")
                    ? n.sysName().substring(0, n.sysName().indexOf('.'))
                    : n.sysName();
            if (!name.matches(NAME)) {
                throw new SonicFormatException(n.where() + ": the neighbour's system name '" + n.sysName()
                        + "': expected a hostname of letters, digits, '_' or '-' starting with a letter (a rocelab node"
                        + " name)");
            }
            p.neighbor = name;
            p.neighborPort = n.portId().isEmpty() ? null : n.portId();
            p.neighborIsRouter = n.capability().contains("R");
            String plan = planned.get(p.name);
            if (plan == null) {
                w.note(sw.db.file() + ": PORT|" + p.name + ": LLDP (" + lldp.file() + ") sees " + name
                        + ", DEVICE_NEIGHBOR has no entry; the cable follows LLDP");
            } else if (!plan.equals(name)) {
                w.note(sw.db.file() + ": DEVICE_NEIGHBOR|" + p.name + ": names " + plan + ", but LLDP (" + lldp.file()
                        + ") sees " + name + "; the cable follows LLDP");
            }
        }
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor == null) {
                String plan = planned.get(p.name);
                w.notModelled(
                        sw.db.file(),
                        "PORT",
                        p.name,
                        null,
                        null,
                        "no LLDP neighbour in " + lldp.file() + ", so no cable"
                                + (plan == null ? "" : " (DEVICE_NEIGHBOR names " + plan + ")"));
            }
        }
    }
}
