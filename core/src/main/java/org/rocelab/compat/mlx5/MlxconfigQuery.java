package org.rocelab.compat.mlx5;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The output of {@code mlxconfig -d <dev> q} (NVIDIA MFT): after {@code Configurations:}, one
 * {@code NAME  VALUE} line each, values like {@code 300}, {@code True(1)}, {@code ETH(2)}. Port 1's
 * settings ({@code _P1}, or none) are read: {@code LINK_TYPE} must be Ethernet, {@code ROCE_MODE}
 * (seed 003 §3: 2 = RoCEv2) becomes {@code nic.roce}, the DCQCN firmware defaults the mlx5 knobs
 * ({@link Mlx5Knobs}), {@code ROCE_CC_PRIO_MASK} the priorities DCQCN acts on; the rest is reported.
 */
public final class MlxconfigQuery {
    private static final Pattern LINE = Pattern.compile("([A-Z][A-Z0-9_]*)\\s+(\\S+).*");
    private static final Pattern PAREN = Pattern.compile(".*\\((\\d+)\\)");

    private MlxconfigQuery() {}

    /** Reads {@code text} into {@code nic}; returns ROCE_CC_PRIO_MASK (255 when not given). */
    public static int read(String text, String file, ObjectNode nic, List<String> warnings) {
        String[] lines = text.split("\\R");
        boolean in = false;
        int mask = 255;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.startsWith("Configurations:")) {
                in = true;
                continue;
            }
            if (!in || l.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(l);
            if (!m.matches()) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": " + m.group(1) + ": ";
            String name = m.group(1);
            String raw = m.group(2);
            if (name.endsWith("_P2")) {
                warnings.add(file + ": " + name + " " + raw + " not modelled (rocelab reads port 1)");
                continue;
            }
            String base = name.endsWith("_P1") ? name.substring(0, name.length() - 3) : name;
            Matcher p = PAREN.matcher(raw);
            String digits = p.matches() ? p.group(1) : raw;
            if (base.equals("LINK_TYPE")) {
                if (!digits.equals("2")) {
                    throw new NicFormatException(where + "expected ETH(2) (RoCE runs on Ethernet), got " + raw);
                }
                continue;
            }
            if (base.equals("ROCE_MODE")) {
                if (digits.equals("2")) {
                    nic.put("roce", "v2");
                } else if (digits.equals("0")) {
                    nic.put("roce", "v1");
                } else {
                    throw new NicFormatException(where + "expected 0 (RoCEv1) or 2 (RoCEv2), got " + raw);
                }
                continue;
            }
            String knob = Mlx5Knobs.firmware(base);
            if (knob != null || base.equals("ROCE_CC_PRIO_MASK")) {
                if (!digits.matches("\\d{1,9}")) {
                    throw new NicFormatException(where + "expected a number, got " + raw);
                }
                if (knob == null) {
                    mask = Integer.parseInt(digits) & 0xFF;
                } else {
                    Mlx5Knobs.put(nic, knob, Long.parseLong(digits));
                }
                continue;
            }
            warnings.add(file + ": " + name + " " + raw + " not modelled");
        }
        if (!in) {
            throw new NicFormatException(file + ": expected mlxconfig -d <dev> q output (a 'Configurations:' line, then"
                    + " one NAME VALUE line each), found no 'Configurations:' line");
        }
        return mask;
    }
}
