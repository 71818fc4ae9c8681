package org.rocelab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.run.Fabric;
import org.rocelab.run.FabricBuilder;
import org.rocelab.run.PcapTaps;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.workload.perftest.PerftestFabric;
import org.rocelab.workload.perftest.PerftestParams;
import org.rocelab.workload.perftest.PerftestReport;
import org.rocelab.workload.perftest.PerftestResult;
import org.rocelab.workload.perftest.PerftestRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab perftest ib_write_bw|ib_write_lat|ib_read_bw|ib_read_lat|ib_send_bw|ib_send_lat
 * [perftest flags] [--speed 100G] [--length 2m] [--fec rs] [--mtu 9000] [--hops N] [--pcie gen3x8]
 * [--scenario FILE --from HOST --to HOST] [--pcap FILE]}: runs one perftest program between two
 * simulated hosts and prints what the client prints (roce-facts.md §6). Flags are parsed by
 * {@link PerftestArgs}; unknown flags and bad values exit 2 with one line.
 */
@Command(
        name = "perftest",
        mixinStandardHelpOptions = true,
        description = "Run a perftest program (ib_write_bw, ib_write_lat, ...) between two simulated hosts.",
        footer = {
            "",
            "Programs: ib_write_bw, ib_write_lat, ib_read_bw, ib_read_lat, ib_send_bw, ib_send_lat.",
            "perftest flags (as perftest takes them; -s64, --size=64 and 0x40 work too):",
            "  -s, --size BYTES       message size, 1..8388608 (default: 65536 for _bw, 2 for _lat)",
            "  -n, --iters N          messages per QP, at least 5 (default: 5000 ib_write_bw, 1000 others)",
            "  -a, --all              every size from 2 to 8388608 bytes, one row each",
            "  -D, --duration SECS    run for 1..3600 seconds instead of -n iterations",
            "  -q, --qp N             QPs, 1..16384 (default: 1)",
            "  -m MTU                 RoCE path MTU 256..4096 (default: the port's active MTU)",
            "  -t, --tx-depth N       messages in flight per QP, 1..16384 (default: 128 for _bw, 1 for _lat)",
            "  -Q, --cq-mod N         one signalled completion every N messages (default: 100)",
            "  -b, --bidirectional    both directions at once",
            "  -N, --noPeak           no peak bandwidth column",
            "  -x, --gid-index N      GID index (printed only)",
            "  --report_gbits         report Gb/s instead of MiB/s",
            "  (-d -i -p -c RC -F -R -I -S -T -u --mr_per_qp are accepted and have no effect)",
            "rocelab flags for the simulated fabric:",
            "  --speed RATE           link speed (default: 100G)",
            "  --length LEN           cable length (default: 2m)",
            "  --fec rs|fc|none       FEC of both ends (default: rs)",
            "  --mtu BYTES            netdev MTU, 352..9978 (default: 9000)",
            "  --hops N               switches between the hosts, 0..64 (default: 0, back to back)",
            "  --pcie auto|gen3x8     PCIe slot, optionally with max payload gen3x8/256 (default: auto)",
            "  --scenario FILE        run between two hosts of a scenario's fabric instead",
            "  --from HOST, --to HOST the client and server in --scenario (default: its first two hosts)",
            "  --pcap FILE            write the client's cable to a pcap file",
            "",
            "Examples:",
            "  rocelab perftest ib_write_bw -s 65536 -n 5000 --report_gbits",
            "  rocelab perftest ib_read_lat --hops 2 --speed 25G",
            "Exit codes: 0 ok, 1 the test could not finish, 2 bad input."
        })
final class PerftestCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PROGRAM [FLAGS]", description = "The program and its perftest flags.")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PerftestArgs a = PerftestArgs.parse(args);
        PrintStream out = System.out;
        PerftestParams params = a.params();
        Fabric fabric;
        String client;
        String server;
        try {
            if (a.scenario != null) {
                Scenario s = ScenarioLoader.load(Path.of(a.scenario), List.of());
                for (String w : s.warnings()) {
                    System.err.println("warning: " + w);
                }
                fabric = FabricBuilder.build(s, s.seed());
                List<String> hosts = s.hosts();
                if (hosts.size() < 2) {
                    throw new UserError("--scenario " + a.scenario + ": needs at least two hosts, has " + hosts.size());
                }
                client = a.from != null ? a.from : hosts.get(0);
                server = a.to != null ? a.to : hosts.get(hosts.get(0).equals(client) ? 1 : 0);
                for (String h : new String[] {client, server}) {
                    if (!hosts.contains(h)) {
                        throw new UserError((h.equals(client) ? "--from " : "--to ") + h + ": no such host in "
                                + a.scenario + " (hosts: "
                                + String.join(", ", hosts.subList(0, Math.min(8, hosts.size())))
                                + (hosts.size() > 8 ? ", ..." : "") + ")");
                    }
                }
            } else {
                if (a.from != null || a.to != null) {
                    throw new UserError("--from/--to need --scenario (without it the hosts are h0 and h1)");
                }
                fabric = fabric(a);
                client = "h0";
                server = "h1";
            }
        } catch (ScenarioException e) {
            throw new UserError(e.getMessage());
        }
        PcapTaps taps = null;
        if (a.pcap != null) {
            String peer = fabric.nic(client).port().name().substring(client.length() + 1);
            taps = new PcapTaps().cable(fabric, client, peer, Path.of(a.pcap), 0);
        }
        PerftestResult r;
        try {
            r = PerftestRunner.run(fabric, client, server, params);
        } catch (IllegalStateException e) {
            System.err.println("rocelab: " + e.getMessage());
            return 1;
        } finally {
            if (taps != null) {
                taps.close();
            }
        }
        for (String line : PerftestReport.lines(r)) {
            out.println(line);
        }
        return 0;
    }

    /** The two-host fabric of the rocelab flags; a bad value names the flag as the user wrote it. */
    private static Fabric fabric(PerftestArgs a) {
        try {
            Scenario s = PerftestFabric.scenario(a.speed, a.length, a.fec, a.netdevMtu, a.hops, a.pcie);
            return FabricBuilder.build(s, s.seed());
        } catch (ScenarioException e) {
            String m = e.getMessage();
            String[][] flags = {
                {"topology.link.speed: ", "--speed " + a.speed},
                {"topology.link.length: ", "--length " + a.length},
                {"topology.link.fec: ", "--fec " + a.fec},
                {"nic.netdev_mtu: ", "--mtu " + a.netdevMtu},
                {"nic.pcie", "--pcie " + a.pcie}
            };
            for (String[] f : flags) {
                int at = m.indexOf(f[0]);
                if (at >= 0) {
                    String rest = m.substring(at + f[0].length());
                    rest = rest.startsWith(".") ? rest.substring(rest.indexOf(": ") + 2) : rest;
                    throw new UserError(a.test.program() + ": " + f[1] + ": " + rest);
                }
            }
            throw new UserError(a.test.program() + ": " + m);
        }
    }
}
