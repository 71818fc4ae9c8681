package org.rocelab.compat.mlx5;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The output of {@code mlnx_qos -i <if>} (Mellanox/mlnx-tools): {@code Priority trust state},
 * the {@code dscp2prio mapping} lines, {@code PFC configuration} ({@code enabled} and, in newer
 * versions, {@code buffer} rows) and {@code Receive buffer size (bytes)}. Becomes {@code nic.trust},
 * {@code nic.pfc}, {@code nic.pcp} (the priority the RoCE DSCP maps to) and {@code nic.rx_buffer}
 * (the receive buffer that priority uses); DCBX mode, cable length and the per-TC ETS lines are
 * reported as not modelled.
 */
public final class MlnxQos {
    private static final Pattern PRIO = Pattern.compile("prio:(\\d)\\s+dscp:([\\d,\\s]*)");

    private MlnxQos() {}

    /** Reads {@code text} (named {@code file} in messages) into {@code nic}; {@code roceDscp} is the data DSCP. */
    public static void read(String text, String file, int roceDscp, ObjectNode nic, List<String> warnings) {
        String[] lines = text.split("\\R");
        String trust = null;
        int[] dscpPrio = null;
        List<Integer> pfc = null;
        int[] buffer = null;
        long[] sizes = null;
        List<String> ets = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            String where = file + ":" + (i + 1) + ": ";
            if (l.startsWith("Priority trust state:")) {
                trust = l.substring(l.indexOf(':') + 1).strip();
                if (!trust.equals("dscp") && !trust.equals("pcp")) {
                    throw new NicFormatException(
                            where + "Priority trust state: expected dscp or pcp, got '" + trust + "'");
                }
            } else if (l.startsWith("prio:")) {
                Matcher m = PRIO.matcher(l);
                if (!m.matches()) {
                    throw new NicFormatException(
                            where + "expected a dscp2prio line like 'prio:3 dscp:31,30,…', got '" + l + "'");
                }
                dscpPrio = dscpPrio == null ? new int[64] : dscpPrio;
                for (String d : m.group(2).split(",")) {
                    if (!d.isBlank()) {
                        int v = Integer.parseInt(d.strip());
                        if (v > 63) {
                            throw new NicFormatException(where + "expected DSCP values 0-63, got " + v);
                        }
                        dscpPrio[v] = Integer.parseInt(m.group(1));
                    }
                }
            } else if (l.startsWith("enabled")) {
                int[] row = row(l, where, "enabled");
                pfc = new ArrayList<>();
                for (int p = 0; p < 8; p++) {
                    if (row[p] != 0) {
                        pfc.add(p);
                    }
                }
            } else if (l.startsWith("buffer") && !l.startsWith("buffer_size")) {
                buffer = row(l, where, "buffer");
            } else if (l.startsWith("Receive buffer size")) {
                String[] parts = l.substring(l.indexOf(':') + 1).strip().split(",");
                sizes = new long[parts.length];
                for (int k = 0; k < parts.length; k++) {
                    if (!parts[k].isBlank()) {
                        sizes[k] = Long.parseLong(parts[k].strip());
                    }
                }
            } else if (l.startsWith("tc:")
                    || l.startsWith("DCBX mode")
                    || l.startsWith("Cable len")
                    || l.startsWith("default priority")) {
                ets.add(l);
            }
        }
        if (trust == null && pfc == null) {
            throw new NicFormatException(file + ": expected mlnx_qos -i output (a 'Priority trust state' line and a"
                    + " 'PFC configuration' table), found neither");
        }
        if (trust != null) {
            nic.put("trust", trust);
        }
        if (pfc != null) {
            nic.set(
                    "pfc",
                    nic.arrayNode().addAll(pfc.stream().map(nic::numberNode).toList()));
        }
        int prio = -1;
        if (dscpPrio != null) {
            prio = dscpPrio[roceDscp];
            nic.put("pcp", prio);
        }
        if (prio >= 0 && buffer != null && sizes != null && buffer[prio] < sizes.length && sizes[buffer[prio]] > 0) {
            nic.put("rx_buffer", sizes[buffer[prio]]);
        }
        for (String e : ets) {
            warnings.add(file + ": '" + e + "' not modelled (rocelab NICs schedule their TCs in order of posting)");
        }
    }

    private static int[] row(String l, String where, String name) {
        String[] parts = l.substring(name.length()).strip().split("\\s+");
        if (parts.length != 8) {
            throw new NicFormatException(
                    where + "expected the PFC '" + name + "' row with 8 values (priorities 0-7)," + " got '" + l + "'");
        }
        int[] out = new int[8];
        for (int i = 0; i < 8; i++) {
            if (!parts[i].matches("\\d")) {
                throw new NicFormatException(where + "expected the PFC '" + name + "' row of digits, got '" + l + "'");
            }
            out[i] = Integer.parseInt(parts[i]);
        }
        return out;
    }
}
