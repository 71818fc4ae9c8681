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
        description = "Run a perftest program (ib_write_bw, ib_write_lat, ...) between two simulated hosts.")
final class PerftestCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PROGRAM [FLAGS]", description = "The program and its perftest flags.")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PerftestArgs a = PerftestArgs.parse(args);
        PrintStream out = System.out;
        if (a.help) {
            out.println(usage(a.test.program()));
            return 0;
        }
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
                fabric = PerftestFabric.build(a.speed, a.length, a.fec, a.netdevMtu, a.hops, a.pcie);
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

    static String usage(String program) {
        return "Usage: rocelab perftest " + program + " [-s size] [-n iters] [-a] [-D secs] [-q qps] [-m path_mtu]"
                + " [-t tx_depth] [-Q cq_mod] [-x gid] [-b] [-N] [--report_gbits]\n"
                + "       [--speed 100G] [--length 2m] [--fec rs|fc|none] [--mtu netdev_mtu] [--hops N]"
                + " [--pcie auto|gen3x8] [--scenario FILE [--from H] [--to H]] [--pcap FILE]";
    }
}
