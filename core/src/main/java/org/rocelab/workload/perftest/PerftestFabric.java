package org.rocelab.workload.perftest;

import java.util.List;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * The fabric {@code rocelab perftest} runs on when no scenario is given: hosts {@code h0}
 * (client) and {@code h1} (server) cabled back to back, or through a chain of {@code hops}
 * switches {@code sw0 … sw(N-1)} with the scenario defaults (SONiC-like, DSCP trust) and RoCE's
 * DSCP 26 mapped to the lossless TC3 (CNP DSCP 48 to TC6). Written as a scenario document so every key means what it means in a scenario file.
 */
public final class PerftestFabric {
    private PerftestFabric() {}

    /**
     * The scenario text.
     *
     * @param speed link speed, e.g. {@code 100G}
     * @param length cable length, e.g. {@code 2m}
     * @param fec {@code rs}, {@code fc} or {@code none}
     * @param netdevMtu the hosts' Ethernet MTU (the RoCE path MTU follows from it as mlx5 does)
     * @param hops switches between the hosts (0 = back to back)
     * @param pcie NIC PCIe slot as a scenario value ({@code auto} or {@code {gen: 3, lanes: 8}})
     */
    public static String scenarioYaml(String speed, String length, String fec, int netdevMtu, int hops, String pcie) {
        if (hops < 0 || hops > 64) {
            throw new IllegalArgumentException("--hops: expected 0 to 64 switches, got " + hops);
        }
        StringBuilder y = new StringBuilder();
        y.append("name: perftest\nseed: 1\nduration: 1s\ntopology:\n");
        String link = "{speed: " + speed + ", length: " + length + ", fec: " + fec + "}";
        if (hops == 0) {
            y.append("  kind: back-to-back\n  link: ").append(link).append('\n');
        } else {
            y.append("  kind: explicit\n  link: ").append(link).append("\n  nodes: [h0");
            for (int i = 0; i < hops; i++) {
                y.append(", sw").append(i);
            }
            y.append(", h1]\n  links:\n    - {a: h0, b: sw0}\n");
            for (int i = 0; i + 1 < hops; i++) {
                y.append("    - {a: sw")
                        .append(i)
                        .append(", b: sw")
                        .append(i + 1)
                        .append("}\n");
            }
            y.append("    - {a: sw").append(hops - 1).append(", b: h1}\n");
        }
        if (hops > 0) {
            // RoCE (DSCP 26) in lossless TC3, CNPs (DSCP 48) in TC6, as DESIGN.md's example fabric
            y.append("switch:\n  dscp_to_tc: {26: 3, 48: 6}\n");
        }
        y.append("nic:\n  mtu: 4096\n  netdev_mtu: ")
                .append(netdevMtu)
                .append("\n  pcie: ")
                .append(pcie)
                .append('\n');
        return y.toString();
    }

    /** {@link #scenarioYaml} parsed: the run's {@code FabricBuilder} builds its fabric. */
    public static Scenario scenario(String speed, String length, String fec, int netdevMtu, int hops, String pcie) {
        return ScenarioLoader.parse(
                scenarioYaml(speed, length, fec, netdevMtu, hops, pcie), "perftest", List.of(), null);
    }
}
