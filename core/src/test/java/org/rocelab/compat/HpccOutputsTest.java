package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccOutputsTest {
    @TempDir
    Path dir;

    private static final HpccFctRecord A = new HpccFctRecord(
            HpccTopology.hostIp(13), HpccTopology.hostIp(6), 10_000, 100, 24_375, 2_000_000_962L, 7_311L, 6_206L);
    private static final HpccFctRecord B = new HpccFctRecord(
            HpccTopology.hostIp(300), HpccTopology.hostIp(0), 65_535, 200, 1, 2_004_977_362L, 4_163L, 4_163L);

    @Test
    void fctLinesAreHpccsPrintfFormat() throws IOException {
        // "%08x %08x %u %u %lu %lu %lu %lu\n"
        assertThat(A.toLine()).isEqualTo("0b000d01 0b000601 10000 100 24375 2000000962 7311 6206");
        assertThat(B.toLine()).isEqualTo("0b012c01 0b000001 65535 200 1 2004977362 4163 4163");
        StringWriter w = new StringWriter();
        HpccOutputs.writeFct(w, List.of(A, B));
        assertThat(w.toString())
                .isEqualTo("0b000d01 0b000601 10000 100 24375 2000000962 7311 6206\n"
                        + "0b012c01 0b000001 65535 200 1 2004977362 4163 4163\n");
    }

    @Test
    void highAddressesStayUnsignedHex() {
        HpccFctRecord r = new HpccFctRecord(0xfffffff1, 0x00000001, 1, 2, 3, 4, 5, 6);
        assertThat(r.toLine()).isEqualTo("fffffff1 00000001 1 2 3 4 5 6");
    }

    @Test
    void pfcLinesAreHpccsPrintfFormat() throws IOException {
        // "%lu %u %u %u %u\n": time, node, type (0 host), ifindex, 1 pause / 0 resume
        HpccPfcEvent pause = new HpccPfcEvent(2_000_037_361L, 2, 0, 1, HpccPfcEvent.PAUSE);
        HpccPfcEvent resume = new HpccPfcEvent(2_000_038_000L, 320, 1, 17, HpccPfcEvent.RESUME);
        StringWriter w = new StringWriter();
        HpccOutputs.writePfc(w, List.of(pause, resume));
        assertThat(w.toString()).isEqualTo("2000037361 2 0 1 1\n2000038000 320 1 17 0\n");
    }

    @Test
    void filesRoundTrip() {
        Path fct = dir.resolve("fct.txt");
        Path pfc = dir.resolve("pfc.txt");
        HpccPfcEvent e = new HpccPfcEvent(5, 6, 1, 7, 0);
        HpccOutputs.writeFct(fct, List.of(A, B));
        HpccOutputs.writePfc(pfc, List.of(e));
        assertThat(HpccOutputs.readFct(fct)).containsExactly(A, B);
        assertThat(HpccOutputs.readPfc(pfc)).containsExactly(e);
    }

    @Test
    void malformedFctLineIsNamed() throws IOException {
        Path fct = dir.resolve("fct.txt");
        Files.writeString(fct, A.toLine() + "\nb000601 0b000601 1 2 3 4 5 6\n");
        assertThatThrownBy(() -> HpccOutputs.readFct(fct))
                .isInstanceOf(HpccFormatException.class)
                .hasMessage(fct + ":2: sip: expected 8 hex digits like 0b000101, got 'b000601'");
        Files.writeString(fct, "0b000601 0b000601 1 2 3 4 5\n");
        assertThatThrownBy(() -> HpccOutputs.readFct(fct))
                .hasMessage(
                        fct
                                + ":1: fct line: expected 8 columns 'sip dip sport dport size start_ns fct_ns standalone_fct_ns', got 7");
    }

    @Test
    void recordsFromARocelabRun() {
        HpccTopology fat = HpccTopology.read(HpccResources.file("fat.txt"));
        HpccFlows flows = HpccFlows.read(HpccResources.file("flow_websearch_320hosts_load30_5ms.txt"), fat);
        HpccFlow first = flows.flows().get(0);
        // finishes 7,310.6 ns after its start → 7311 ns
        HpccFctRecord r = HpccFctRecord.completed(first, first.startPs() + 7_310_600L, new HpccPathMetrics(fat, 1000));
        assertThat(r).isEqualTo(A);
        assertThat(HpccPfcEvent.received(2_000_037_361_400L, 2, false, 1, true).toLine())
                .isEqualTo("2000037361 2 0 1 1");
        assertThat(HpccPfcEvent.received(2_000_037_361_500L, 320, true, 17, false)
                        .toLine())
                .isEqualTo("2000037362 320 1 17 0");
    }

    @Test
    void slowdownIsClampedAtOne() {
        assertThat(A.slowdown()).isEqualTo(7311.0 / 6206.0);
        assertThat(new HpccFctRecord(1, 2, 3, 4, 5, 6, 90, 100).slowdown()).isEqualTo(1.0);
    }
}
