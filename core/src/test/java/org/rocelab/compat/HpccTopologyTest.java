package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccTopologyTest {
    @TempDir
    Path dir;

    private String failure(String text) throws IOException {
        Path p = dir.resolve("topo.txt");
        Files.writeString(p, text);
        try {
            HpccTopology.read(p);
        } catch (HpccFormatException e) {
            return e.getMessage().replace(p.toString(), "topo.txt");
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void fatTreeOfTheHpccPaper() {
        HpccTopology t = HpccTopology.read(HpccResources.file("fat.txt"));
        assertThat(t.nodeCount()).isEqualTo(376);
        assertThat(t.switchIds()).hasSize(56).first().isEqualTo(320);
        assertThat(t.links()).hasSize(480);
        assertThat(t.hostIds()).hasSize(320).first().isEqualTo(0);
        assertThat(t.hostIds()).last().isEqualTo(319);
        assertThat(t.links().stream()
                        .filter(l -> l.rateBps() == 100_000_000_000L)
                        .count())
                .isEqualTo(320);
        assertThat(t.links().stream()
                        .filter(l -> l.rateBps() == 400_000_000_000L)
                        .count())
                .isEqualTo(160);
        assertThat(t.links()).allMatch(l -> l.delayPs() == 1_000_000L && l.delayNs() == 1000 && l.errorRate() == 0.0);
        assertThat(t.links().get(0)).isEqualTo(new HpccLink(0, 0, 320, 100_000_000_000L, 1_000_000L, 0.0, 3));
        assertThat(t.linksOf(320)).hasSize(20);
        assertThat(t.ignoredLines()).isZero();
    }

    @Test
    void starTopologyReadsOnlyTheHeaderCountOfLinks() {
        HpccTopology t = HpccTopology.read(HpccResources.file("topology.txt"));
        assertThat(t.nodeCount()).isEqualTo(66);
        assertThat(t.switchIds()).containsExactly(0);
        assertThat(t.links()).hasSize(65);
        assertThat(t.hostIds()).hasSize(65);
        assertThat(t.links()).allMatch(l -> l.rateBps() == 100_000_000_000L && l.delayPs() == 1_000_000L);
        // 263 non-blank (CRLF) lines: header, switch line, 65 links, then 196 lines HPCC never reads
        // (they name nodes 66.. and 25G links that do not exist in this 66-node topology).
        assertThat(t.ignoredLines()).isEqualTo(196);
    }

    @Test
    void linkDelaysAreNs3TimesOnItsNanosecondClock() throws IOException {
        Path p = dir.resolve("topo.txt");
        // 0.00001ms is the double 1.00000000000000008e-5 ms; in 64.64 fixed point its fraction keeps
        // 184467440737095 / 2^64 ms, × 10^6 = 9.99999999999997 ns: ns-3 keeps 9 ns (third.cc prints
        // maxRtt=196 for such a star: 2 × 2 × 9 + 2 × 80). 0.001ms is exactly 1000 ns, 0.5us 500 ns.
        Files.writeString(
                p,
                "5 1 4\n4\n0 4 100Gbps 0.00001ms 0\n1 4 100Gbps 0.001ms 0\n2 4 100Gbps 0.5us 0\n3 4 100Gbps 1500ps 0\n");
        HpccTopology t = HpccTopology.read(p);
        assertThat(t.links()).extracting(HpccLink::delayPs).containsExactly(9_000L, 1_000_000L, 500_000L, 1_000L);
    }

    @Test
    void hostAddressesFollowHpccsRule() {
        assertThat(HpccTopology.hostIp(0)).isEqualTo(0x0b000001);
        assertThat(HpccTopology.hostIp(1)).isEqualTo(0x0b000101);
        assertThat(HpccTopology.hostIp(255)).isEqualTo(0x0b00ff01);
        assertThat(HpccTopology.hostIp(256)).isEqualTo(0x0b010001);
        assertThat(HpccTopology.hostIp(300)).isEqualTo(0x0b012c01);
        for (int id : new int[] {0, 1, 255, 256, 300, 65535}) {
            assertThat(HpccTopology.nodeOfIp(HpccTopology.hostIp(id))).isEqualTo(id);
        }
    }

    @Test
    void linkIdOutOfRange() throws IOException {
        assertThat(failure("3 1 2\n0\n0 1 100Gbps 1000ns 0\n0 3 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:4: link dst: expected a node id from 0 to 2 (header: 3 nodes), got 3");
    }

    @Test
    void badRateUnit() throws IOException {
        assertThat(failure("3 1 2\n0\n0 1 100Gbs 1000ns 0\n0 2 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:3: link rate: expected an ns-3 data rate like 100Gbps or 50Mb/s, got '100Gbs'");
    }

    @Test
    void delayNeedsAUnit() throws IOException {
        assertThat(failure("3 1 2\n0\n0 1 100Gbps 1000 0\n0 2 100Gbps 1000ns 0\n"))
                .isEqualTo(
                        "topo.txt:3: link delay: expected an ns-3 time with a unit (s, ms, us, ns, ps) like 1000ns or 0.001ms, got '1000'");
    }

    @Test
    void truncatedLinkLine() throws IOException {
        assertThat(failure("3 1 2\n0\n0 1 100Gbps 1000ns\n0 2 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:3: link: expected 5 columns 'src dst rate delay error_rate', got 4");
    }

    @Test
    void fileEndsBeforeTheHeaderCountOfLinks() throws IOException {
        assertThat(failure("3 1 3\n0\n0 1 100Gbps 1000ns 0\n\n0 2 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:5: links: expected 3 link lines (header), the file ends after 2");
    }

    @Test
    void switchLineMustHoldTheHeaderCount() throws IOException {
        assertThat(failure("3 2 2\n0\n0 1 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:2: switch ids: expected 2 ids (header), got 1");
        assertThat(failure("3 2 1\n0 0\n0 1 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:2: switch ids: 0 is listed twice");
    }

    @Test
    void duplicateAndSelfLinks() throws IOException {
        assertThat(failure("3 1 2\n0\n0 1 100Gbps 1000ns 0\n1 0 100Gbps 1000ns 0\n"))
                .isEqualTo(
                        "topo.txt:4: link: 1-0 is already linked on line 3 (HPCC keeps one interface per node pair)");
        assertThat(failure("3 1 1\n0\n1 1 100Gbps 1000ns 0\n"))
                .isEqualTo("topo.txt:3: link: src and dst are both 1; expected two different nodes");
    }

    @Test
    void headerProblems() throws IOException {
        assertThat(failure("")).isEqualTo("topo.txt: header: expected 'nodes switches links', the file is empty");
        assertThat(failure("3 1\n0\n"))
                .isEqualTo("topo.txt:1: header: expected 3 integers 'nodes switches links', got 2 values");
        assertThat(failure("3 x 1\n"))
                .isEqualTo("topo.txt:1: header switches: expected an integer from 0 to 3, got 'x'");
    }

    @Test
    void missingFile() {
        Path p = dir.resolve("none.txt");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HpccTopology.read(p))
                .hasMessage(p + ": topology file not found");
    }
}
