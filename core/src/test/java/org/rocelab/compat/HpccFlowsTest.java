package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccFlowsTest {
    @TempDir
    Path dir;

    private static final HpccTopology STAR = HpccTopology.read(HpccResources.file("topology.txt"));

    private String failure(String text) throws IOException {
        Path p = dir.resolve("flows.txt");
        Files.writeString(p, text);
        try {
            HpccFlows.read(p, STAR);
        } catch (HpccFormatException e) {
            return e.getMessage().replace(p.toString(), "flows.txt");
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void webSearchFlowsOnTheFatTree() {
        HpccTopology fat = HpccTopology.read(HpccResources.file("fat.txt"));
        HpccFlows f = HpccFlows.read(HpccResources.file("flow_websearch_320hosts_load30_5ms.txt"), fat);
        List<HpccFlow> flows = f.flows();
        assertThat(flows).hasSize(3201);
        assertThat(flows.get(0)).isEqualTo(new HpccFlow(0, 13, 6, 3, 100, 24_375, 2_000_000_962_000L, 10_000, 2));
        assertThat(flows.get(3200))
                .isEqualTo(new HpccFlow(
                        3200,
                        54,
                        60,
                        3,
                        100,
                        348_577,
                        2_004_977_362_000L,
                        flows.get(3200).sport(),
                        3202));
        assertThat(flows.stream().mapToLong(HpccFlow::sizeBytes).sum()).isEqualTo(5_345_492_245L);
        assertThat(flows.stream().mapToLong(HpccFlow::sizeBytes).min().getAsLong())
                .isEqualTo(39);
        assertThat(flows.stream().mapToLong(HpccFlow::sizeBytes).max().getAsLong())
                .isEqualTo(29_624_801);
        assertThat(flows).allMatch(x -> x.pg() == 3 && x.dport() == 100);
        // source ports count per (source, destination) pair (third.cc portNumder[src][dst]++), as
        // ns-3's fct.txt for this file shows: 3150 flows on port 10000, 51 on 10001, none higher
        assertThat(flows.stream().filter(x -> x.sport() == 10_000)).hasSize(3150);
        assertThat(flows.stream().filter(x -> x.sport() == 10_001)).hasSize(51);
        assertThat(flows).allMatch(x -> x.sport() == 10_000 || x.sport() == 10_001);
        assertThat(f.ignoredLines()).isZero();
    }

    @Test
    void incastOf63SendersInto1() {
        HpccFlows f = HpccFlows.read(HpccResources.file("flow_incast63.txt"), STAR);
        assertThat(f.flows()).hasSize(63);
        assertThat(f.flows())
                .allMatch(x -> x.dst() == 1
                        && x.sizeBytes() == 2_000_000
                        && x.startPs() == 2_000_000_000_000L
                        && x.sport() == 10_000
                        && x.startNs() == 2_000_000_000L);
        assertThat(f.flows().stream().map(HpccFlow::src).toList()).first().isEqualTo(2);
        assertThat(f.flows().stream().map(HpccFlow::src).toList()).last().isEqualTo(64);
    }

    @Test
    void unsortedStartTimes() throws IOException {
        assertThat(failure("2\n2 1 3 100 1000 2.000001\n3 1 3 100 1000 2.0000005\n"))
                .isEqualTo("flows.txt:3: flow start:"
                        + " 2.0000005 s is earlier than 2.000001 s on line 2; HPCC needs flows sorted by start time");
    }

    @Test
    void idOutOfRangeAndSwitchEndpoints() throws IOException {
        assertThat(failure("1\n2 66 3 100 1000 2\n"))
                .isEqualTo(
                        "flows.txt:2: flow dst: expected a host id from 0 to 65 (topology.txt has 66 nodes), got '66'");
        assertThat(failure("1\n0 1 3 100 1000 2\n"))
                .isEqualTo("flows.txt:2: flow src: node 0 is a switch in topology.txt; expected a host");
        assertThat(failure("1\n1 1 3 100 1000 2\n"))
                .isEqualTo("flows.txt:2: flow: src and dst are both host 1; expected two different hosts");
    }

    @Test
    void truncatedFlowLineAndFile() throws IOException {
        assertThat(failure("2\n2 1 3 100 1000\n3 1 3 100 1000 2\n"))
                .isEqualTo("flows.txt:2: flow: expected 6 columns 'src dst pg dport size start_seconds', got 5");
        assertThat(failure("3\n2 1 3 100 1000 2\n3 1 3 100 1000 2\n"))
                .isEqualTo("flows.txt:3: flows: expected 3 flows (first line), the file ends after 2");
    }

    @Test
    void badValues() throws IOException {
        assertThat(failure("1\n2 1 8 100 1000 2\n"))
                .isEqualTo("flows.txt:2: flow pg: expected an integer from 0 to 7, got '8'");
        assertThat(failure("1\n2 1 3 100 0 2\n"))
                .isEqualTo("flows.txt:2: flow size (bytes): expected a size of at least 1 byte, got '0'");
        assertThat(failure("1\n2 1 3 100 1000 2s\n"))
                .isEqualTo("flows.txt:2: flow start: expected a non-negative number of seconds, got '2s'");
        assertThat(failure("x\n"))
                .isEqualTo("flows.txt:1: flow count: expected an integer from 0 to 100000000, got 'x'");
    }

    @Test
    void linesAfterTheCountAreNotRead() throws IOException {
        Path p = dir.resolve("flows.txt");
        Files.writeString(p, "1 \n2 1 3 100 1000 2\n99 99 junk\n");
        HpccFlows f = HpccFlows.read(p, STAR);
        assertThat(f.flows()).hasSize(1);
        assertThat(f.ignoredLines()).isEqualTo(1);
    }
}
