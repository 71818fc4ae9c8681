package org.rocelab.compat.mlx5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A host's NIC settings from its tools' output, as the scenario's {@code nic:} section: firmware
 * ({@code mlxconfig q}) first, then the live QoS ({@code mlnx_qos -i}), then the live DCQCN
 * parameter files, each overriding the one before, as the running driver does. DCQCN is off
 * ({@code cc.algorithm: none}) when the RoCE priority is outside {@code ROCE_CC_PRIO_MASK} or its
 * {@code roce_rp/enable/<prio>} is 0.
 */
public final class NicImport {
    private static final int DEFAULT_DSCP = 26;

    private NicImport() {}

    /** Any of the three may be null. */
    public static ObjectNode read(Path qos, Path fw, Path params, List<String> warnings) {
        ObjectNode nic = JsonNodeFactory.instance.objectNode();
        int mask = 255;
        if (fw != null) {
            mask = MlxconfigQuery.read(text(fw), fw.toString(), nic, warnings);
        }
        if (qos != null) {
            MlnxQos.read(text(qos), qos.toString(), DEFAULT_DSCP, nic, warnings);
        }
        List<Integer> disabled = List.of();
        if (params != null) {
            disabled = DcqcnParams.read(params, params.toString(), nic, warnings);
        }
        int pcp = nic.has("pcp") ? nic.get("pcp").asInt() : 3;
        if ((mask >>> pcp & 1) == 0 || disabled.contains(pcp)) {
            nic.withObjectProperty("cc").put("algorithm", "none");
            warnings.add("DCQCN is off for RoCE priority " + pcp + " ("
                    + ((mask >>> pcp & 1) == 0 ? "ROCE_CC_PRIO_MASK " + mask : "roce_rp/enable/" + pcp + " = 0")
                    + "): nic.cc.algorithm none");
        }
        return nic;
    }

    private static String text(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new NicFormatException(
                    p + ": cannot read the file (" + e.getClass().getSimpleName() + ")");
        }
    }
}
