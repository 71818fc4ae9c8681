package org.rocelab.compat.mlx5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.node.ObjectNode;

/**
 * A copy of a host's DCQCN parameter files in either layout (roce-facts.md §5.1): MLNX_OFED sysfs
 * ({@code /sys/class/net/<if>/ecn/roce_rp/<knob>}, {@code …/roce_np/<knob>}, with
 * {@code enable/<prio>}) or upstream debugfs ({@code /sys/kernel/debug/mlx5/<pci>/cc_params/rp_*},
 * {@code np_*}). The folder given may be the one holding {@code ecn} or {@code cc_params}, or
 * either of those. Each file holds one number.
 */
public final class DcqcnParams {
    private DcqcnParams() {}

    /** Reads the files under {@code dir} into {@code nic}; returns the priorities whose RP is disabled. */
    public static List<Integer> read(Path dir, String shown, ObjectNode nic, List<String> warnings) {
        if (!Files.isDirectory(dir)) {
            throw new NicFormatException(shown + ": expected a folder of DCQCN parameter files (ecn/roce_rp/…,"
                    + " ecn/roce_np/… or cc_params/rp_*, np_*), got no folder");
        }
        Path ecn = Files.isDirectory(dir.resolve("ecn")) ? dir.resolve("ecn") : dir;
        Path cc = Files.isDirectory(dir.resolve("cc_params")) ? dir.resolve("cc_params") : dir;
        List<Integer> disabled = new ArrayList<>();
        int found = 0;
        for (String side : List.of("roce_rp", "roce_np")) {
            Path d = ecn.resolve(side);
            if (!Files.isDirectory(d)) {
                continue;
            }
            for (Path f : list(d, shown)) {
                String name = f.getFileName().toString();
                if (Files.isDirectory(f) && name.equals("enable")) {
                    for (Path e : list(f, shown)) {
                        String prio = e.getFileName().toString();
                        if (prio.matches("[0-7]") && number(e, shown, dir) == 0) {
                            if (side.equals("roce_rp")) {
                                disabled.add(Integer.parseInt(prio));
                            } else {
                                warnings.add(
                                        shown + ": " + rel(dir, e) + " = 0 not modelled (NP disabled on a priority)");
                            }
                        }
                    }
                    continue;
                }
                if (!Files.isRegularFile(f)) {
                    continue;
                }
                found++;
                if (!Mlx5Knobs.put(nic, name, number(f, shown, dir))) {
                    warnings.add(shown + ": " + rel(dir, f) + " not modelled");
                }
            }
        }
        if (found == 0) {
            for (Path f : list(cc, shown)) {
                String name = f.getFileName().toString();
                if (!Files.isRegularFile(f) || !(name.startsWith("rp_") || name.startsWith("np_"))) {
                    continue;
                }
                found++;
                String knob = Mlx5Knobs.DEBUGFS.get(name);
                if (knob == null) {
                    warnings.add(shown + ": " + rel(dir, f) + " not modelled");
                } else {
                    Mlx5Knobs.put(nic, knob, number(f, shown, dir));
                }
            }
        }
        if (found == 0) {
            throw new NicFormatException(shown + ": expected DCQCN parameter files (ecn/roce_rp/<knob>,"
                    + " ecn/roce_np/<knob>, or cc_params/rp_<knob>, np_<knob>), found none");
        }
        disabled.sort(null);
        return disabled;
    }

    private static List<Path> list(Path d, String shown) {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new NicFormatException(shown + ": cannot list " + d.getFileName());
        }
    }

    private static String rel(Path dir, Path f) {
        return dir.relativize(f).toString().replace('\\', '/');
    }

    private static long number(Path f, String shown, Path dir) {
        String v;
        try {
            v = Files.readString(f, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new NicFormatException(shown + ": " + rel(dir, f) + ": cannot read the file");
        }
        if (!v.matches("\\d{1,9}")) {
            throw new NicFormatException(shown + ": " + rel(dir, f) + ": expected one number, got '"
                    + (v.length() > 40 ? v.substring(0, 40) + "…" : v) + "'");
        }
        return Long.parseLong(v);
    }
}
