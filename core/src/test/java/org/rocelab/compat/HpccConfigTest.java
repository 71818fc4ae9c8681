package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccConfigTest {
    @TempDir
    Path dir;

    /** The DCQCN preset of the shared fat-tree config, as a base for malformed variants. */
    private static final String BASE = String.join(
            "\n",
            "ENABLE_QCN 1",
            "PACKET_PAYLOAD_SIZE 1000",
            "TOPOLOGY_FILE topo.txt",
            "FLOW_FILE flows.txt",
            "SIMULATOR_STOP_TIME 2.2",
            "CC_MODE 1",
            "ALPHA_RESUME_INTERVAL 1",
            "RATE_DECREASE_INTERVAL 4",
            "RP_TIMER 300",
            "EWMA_GAIN 0.00390625",
            "FAST_RECOVERY_TIMES 1",
            "RATE_AI 20Mb/s",
            "RATE_HAI 200Mb/s",
            "HAS_WIN 0",
            "L2_ACK_INTERVAL 1",
            "KMAX_MAP 2 100000000000 1600 400000000000 6400",
            "BUFFER_SIZE 32",
            "");

    private Path write(String text) throws IOException {
        Path p = dir.resolve("cfg.txt");
        Files.writeString(p, text);
        return p;
    }

    private String failure(String text) throws IOException {
        Path p = write(text);
        try {
            HpccConfig.read(p);
        } catch (HpccFormatException e) {
            return e.getMessage().replace(p.toString(), "cfg.txt");
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void readsTheFatTreeDcqcnPreset() {
        Path file = HpccResources.file("fat_ws_config_dcqcn.txt");
        HpccConfig c = HpccConfig.read(file);
        assertThat(c.topologyFile()).isEqualTo(file.getParent().resolve("fat.txt"));
        assertThat(c.flowFile()).isEqualTo(file.getParent().resolve("flow_websearch_320hosts_load30_5ms.txt"));
        assertThat(c.ecnEnabled()).isTrue();
        assertThat(c.payloadBytes()).isEqualTo(1000);
        assertThat(c.pauseTimeUs()).isEqualTo(5.0);
        assertThat(c.stopPs()).isEqualTo(2_200_000_000_000L);
        assertThat(c.ccMode()).isEqualTo(1);
        assertThat(c.alphaResumeIntervalPs()).isEqualTo(1_000_000L);
        assertThat(c.rateDecreaseIntervalPs()).isEqualTo(4_000_000L);
        assertThat(c.rpTimerPs()).isEqualTo(300_000_000L);
        assertThat(c.clampTargetRate()).isFalse();
        assertThat(c.ewmaGain()).isEqualTo(1.0 / 256);
        assertThat(c.fastRecoveryTimes()).isEqualTo(1);
        assertThat(c.rateAiBps()).isEqualTo(20_000_000L);
        assertThat(c.rateHaiBps()).isEqualTo(200_000_000L);
        assertThat(c.minRateBps()).isEqualTo(1_000_000_000L);
        assertThat(c.errorRatePerLink()).isEqualTo(0.0);
        assertThat(c.l2ChunkSizeBytes()).isEqualTo(4000);
        assertThat(c.l2AckIntervalBytes()).isEqualTo(1);
        assertThat(c.l2BackToZero()).isFalse();
        assertThat(c.ackHighPrio()).isTrue();
        assertThat(c.linkDown().enabled()).isFalse();
        assertThat(c.kmaxKbByRate()).isEqualTo(Map.of(100_000_000_000L, 1600L, 400_000_000_000L, 6400L));
        assertThat(c.kminKbByRate()).isEqualTo(Map.of(100_000_000_000L, 400L, 400_000_000_000L, 1600L));
        assertThat(c.pmaxByRate()).isEqualTo(Map.of(100_000_000_000L, 0.2, 400_000_000_000L, 0.2));
        assertThat(c.bufferBytes()).isEqualTo(33_554_432L);
        assertThat(c.values()).hasSize(47).containsEntry("KMAX_MAP", "2 100000000000 1600 400000000000 6400");
        assertThat(c.lines()).containsEntry("CC_MODE", 15);
        String f = file.toString();
        assertThat(c.warnings())
                .containsExactly(
                        f
                                + ":8: unsupported: TRACE_FILE trace.txt (list of nodes whose packets go to the binary trace) (ignored)",
                        f
                                + ":9: TRACE_OUTPUT_FILE mix_dcqcn.tr: output names in the config are not used; rocelab writes its outputs into --out (ignored)",
                        f
                                + ":10: FCT_OUTPUT_FILE fct_dcqcn.txt: output names in the config are not used; rocelab writes its outputs into --out (ignored)",
                        f
                                + ":11: PFC_OUTPUT_FILE pfc_dcqcn.txt: output names in the config are not used; rocelab writes its outputs into --out (ignored)",
                        f
                                + ":56: QLEN_MON_FILE qlen_dcqcn.txt: output names in the config are not used; rocelab writes its outputs into --out (ignored)",
                        f + ":57: unsupported: QLEN_MON_START 2000000000 (queue-length monitor start) (ignored)",
                        f + ":58: unsupported: QLEN_MON_END 2010000000 (queue-length monitor end) (ignored)",
                        f
                                + ": without effect under CC_MODE 1 (DCQCN) with HAS_WIN 0: DCTCP_RATE_AI, GLOBAL_T, VAR_WIN, FAST_REACT,"
                                + " U_TARGET, MI_THRESH, INT_MULTI, MULTI_RATE, SAMPLE_FEEDBACK, PINT_LOG_BASE, PINT_PROB (ignored)");
    }

    @Test
    void readsBothIncastPresetsWhichDifferOnlyInEcn() {
        HpccConfig on = HpccConfig.read(HpccResources.file("incast_config_dcqcn.txt"));
        HpccConfig off = HpccConfig.read(HpccResources.file("incast_config_noecn.txt"));
        assertThat(on.ecnEnabled()).isTrue();
        assertThat(off.ecnEnabled()).isFalse();
        assertThat(on.topologyFile().getFileName()).hasToString("topology.txt");
        assertThat(on.flowFile().getFileName()).hasToString("flow_incast63.txt");
        assertThat(on.kmaxKbByRate()).isEqualTo(Map.of(100_000_000_000L, 1600L));
        assertThat(off.rpTimerPs()).isEqualTo(on.rpTimerPs());
        assertThat(HpccScenario.dcqcnKnobs(off)).isEqualTo(HpccScenario.dcqcnKnobs(on));
    }

    @Test
    void baseIsValidAndResolvesRelativeNamesAgainstItsFolder() throws IOException {
        HpccConfig c = HpccConfig.read(write(BASE));
        assertThat(c.topologyFile()).isEqualTo(dir.resolve("topo.txt"));
        assertThat(c.minRateBps()).isEqualTo(100_000_000L);
        assertThat(c.alphaResumeIntervalPs()).isEqualTo(1_000_000L);
        assertThat(c.warnings()).isEmpty();
    }

    @Test
    void unknownKeyIsAnErrorWithASuggestion() throws IOException {
        assertThat(failure(BASE + "KMIN_MAPP 1 100000000000 400\n"))
                .isEqualTo("cfg.txt:18: unknown key 'KMIN_MAPP' (did you mean KMIN_MAP?)");
        assertThat(failure(BASE + "rp_timer 300\n"))
                .isEqualTo("cfg.txt:18: unknown key 'rp_timer' (did you mean RP_TIMER?)");
        assertThat(failure(BASE + "FOO 1\n"))
                .isEqualTo("cfg.txt:18: unknown key 'FOO'; see the HPCC keys in docs/model.md");
    }

    @Test
    void badRateUnitNamesKeyAndExpectedForm() throws IOException {
        assertThat(failure(BASE.replace("RATE_AI 20Mb/s", "RATE_AI 20Mbs")))
                .isEqualTo("cfg.txt:12: RATE_AI: expected an ns-3 data rate like 100Gbps or 50Mb/s, got '20Mbs'");
    }

    @Test
    void truncatedMapLineSaysHowManyValuesWereExpected() throws IOException {
        assertThat(failure(BASE.replace("400000000000 6400", "400000000000")))
                .isEqualTo(
                        "cfg.txt:16: KMAX_MAP: expected 2 pairs 'rate_bps kmax (KB)' after the count (4 values), got 3");
    }

    @Test
    void truncatedKeyLine() throws IOException {
        assertThat(failure(BASE.replace("RP_TIMER 300", "RP_TIMER")))
                .isEqualTo("cfg.txt:9: RP_TIMER: expected a time in µs (1 value), got 0");
    }

    @Test
    void unsupportedCongestionControlIsAnError() throws IOException {
        assertThat(failure(BASE.replace("CC_MODE 1", "CC_MODE 10")))
                .isEqualTo(
                        "cfg.txt:14: HAS_WIN: unsupported: 0 under CC_MODE 10 (HPCC-PINT): rocelab's hpcc_pint always"
                                + " has a window (WINDOW, line rate x T by default); use HAS_WIN 1 as run.py --cc hpccPint writes");
        assertThat(failure(BASE.replace("CC_MODE 1", "CC_MODE 9")))
                .isEqualTo("cfg.txt:6: CC_MODE: expected 1 (DCQCN), 3 (HPCC), 7 (TIMELY), 8 (DCTCP) or 10 (HPCC-PINT),"
                        + " got '9'");
        assertThat(failure(BASE.replace("CC_MODE 1", "CC_MODE 4")))
                .isEqualTo("cfg.txt:6: CC_MODE: expected 1 (DCQCN), 3 (HPCC), 7 (TIMELY), 8 (DCTCP) or 10 (HPCC-PINT),"
                        + " got '4'");
        assertThat(failure(BASE.replace("CC_MODE 1", "CC_MODE 3")))
                .isEqualTo("cfg.txt:14: HAS_WIN: unsupported: 0 under CC_MODE 3 (HPCC): HPCC's utilization divides by"
                        + " the window (rdma-hw.cc UpdateRateHp); use HAS_WIN 1");
    }

    @Test
    void hpccTimelyDctcpAndPintConfigsOfRunPyAreAccepted() {
        for (String cc : List.of("hp", "timely", "dctcp")) {
            HpccConfig c = HpccConfig.read(HpccResources.own("fat_ws_config_" + cc + ".txt"));
            assertThat(c.ccMode())
                    .isEqualTo(Map.of("hp", 3, "timely", 7, "dctcp", 8).get(cc));
        }
        HpccConfig hp = HpccConfig.read(HpccResources.own("fat_ws_config_hp.txt"));
        assertThat(hp.warnings())
                .anyMatch(w -> w.endsWith(": without effect under CC_MODE 3 (HPCC): ALPHA_RESUME_INTERVAL,"
                        + " RATE_DECREASE_INTERVAL, CLAMP_TARGET_RATE, RP_TIMER, EWMA_GAIN, FAST_RECOVERY_TIMES, RATE_HAI,"
                        + " DCTCP_RATE_AI, PINT_LOG_BASE, PINT_PROB (ignored)"));
        HpccConfig pint = HpccConfig.read(HpccResources.own("fat_ws_config_hpccPint.txt"));
        assertThat(pint.ccMode()).isEqualTo(10);
        assertThat(pint.warnings())
                .anyMatch(w -> w.endsWith(": without effect under CC_MODE 10 (HPCC-PINT): ALPHA_RESUME_INTERVAL,"
                        + " RATE_DECREASE_INTERVAL, CLAMP_TARGET_RATE, RP_TIMER, EWMA_GAIN, FAST_RECOVERY_TIMES, RATE_HAI,"
                        + " DCTCP_RATE_AI, FAST_REACT, INT_MULTI, MULTI_RATE, SAMPLE_FEEDBACK (ignored)"));
        HpccConfig dctcp = HpccConfig.read(HpccResources.own("fat_ws_config_dctcp.txt"));
        assertThat(dctcp.dctcpRateAiBps()).isEqualTo(615_000_000L);
    }

    @Test
    void windowIsAnErrorUnderDcqcnAndItsDefaultMustBeOverridden() throws IOException {
        assertThat(failure(BASE.replace("HAS_WIN 0", "HAS_WIN 1"))).startsWith("cfg.txt:14: HAS_WIN: unsupported: 1");
        assertThat(failure(BASE.replace("HAS_WIN 0\n", "")))
                .isEqualTo("cfg.txt: HAS_WIN is missing: HPCC's default is 1 (window on), which rocelab does not model"
                        + " under DCQCN; add HAS_WIN 0");
    }

    @Test
    void effectivelyMandatoryKeysMustBeGiven() throws IOException {
        assertThat(failure(BASE.replace("RP_TIMER 300\n", "")))
                .isEqualTo("cfg.txt: RP_TIMER is missing: HPCC's built-in"
                        + " value is 0 µs, a timer rocelab cannot run; give RP_TIMER in µs (run.py dcqcn: 300)");
        assertThat(failure(BASE.replace("TOPOLOGY_FILE topo.txt\n", "")))
                .isEqualTo("cfg.txt: TOPOLOGY_FILE is missing: expected TOPOLOGY_FILE <file name>");
        assertThat(failure(BASE.replace("RP_TIMER 300", "RP_TIMER 0")))
                .isEqualTo("cfg.txt:9: RP_TIMER: expected a value > 0, got '0'");
    }

    @Test
    void ackSettingsUnderWhichHpccNeverCompletesAFlowAreErrors() throws IOException {
        assertThat(failure(BASE.replace("L2_ACK_INTERVAL 1\n", "")))
                .isEqualTo("cfg.txt: L2_ACK_INTERVAL is missing: its"
                        + " built-in value is 0: HPCC's senders then ignore every ACK (rdma-hw.cc ReceiveAck) and no flow completes;"
                        + " use L2_ACK_INTERVAL 1");
        assertThat(failure(BASE.replace("L2_ACK_INTERVAL 1", "L2_ACK_INTERVAL 0")))
                .startsWith("cfg.txt:15: L2_ACK_INTERVAL: unsupported: 0;");
        assertThat(failure(BASE + "L2_BACK_TO_ZERO 1\n"))
                .isEqualTo("cfg.txt:18: L2_BACK_TO_ZERO: 1 needs L2_CHUNK_SIZE > 0 (HPCC divides by the chunk size)");
        assertThat(failure(BASE.replace("L2_ACK_INTERVAL 1", "L2_ACK_INTERVAL 4000")))
                .isEqualTo(
                        "cfg.txt:15: L2_ACK_INTERVAL:"
                                + " 4000 exceeds PACKET_PAYLOAD_SIZE, which needs L2_CHUNK_SIZE > 0 (HPCC divides by the chunk size)");
    }

    @Test
    void missingEwmaGainTakesHpccsIntegerDivisionZeroWithAWarning() throws IOException {
        Path p = write(BASE.replace("EWMA_GAIN 0.00390625\n", ""));
        HpccConfig c = HpccConfig.read(p);
        assertThat(c.ewmaGain()).isEqualTo(0.0);
        assertThat(c.warnings())
                .containsExactly(p + ": EWMA_GAIN is missing: HPCC then uses 1/16 in integer division = 0,"
                        + " so alpha never moves from 1; rocelab does the same");
    }

    @Test
    void badBooleanAndOutOfRangeNumbers() throws IOException {
        assertThat(failure(BASE.replace("ENABLE_QCN 1", "ENABLE_QCN 2")))
                .isEqualTo("cfg.txt:1: ENABLE_QCN: expected 0 or 1, got '2'");
        assertThat(failure(BASE.replace("EWMA_GAIN 0.00390625", "EWMA_GAIN 1.5")))
                .isEqualTo("cfg.txt:10: EWMA_GAIN: expected a number from 0 to 1, got '1.5'");
        assertThat(failure(BASE.replace("BUFFER_SIZE 32", "BUFFER_SIZE 32MB")))
                .isEqualTo("cfg.txt:17: BUFFER_SIZE: expected an integer from 0 to 4095, got '32MB'");
    }

    @Test
    void duplicateKeyWarnsAndMapsMergeAsInHpcc() throws IOException {
        Path p = write(BASE + "KMAX_MAP 1 25000000000 400\nRP_TIMER 55\n");
        HpccConfig c = HpccConfig.read(p);
        assertThat(c.kmaxKbByRate()).containsEntry(25_000_000_000L, 400L).containsEntry(400_000_000_000L, 6400L);
        assertThat(c.rpTimerPs()).isEqualTo(55_000_000L);
        assertThat(c.warnings())
                .containsExactly(
                        p + ":18: KMAX_MAP given again (first on line 16); the later value is used, as HPCC does",
                        p + ":19: RP_TIMER given again (first on line 9); the later value is used, as HPCC does");
    }

    @Test
    void linkDownAndTraceAreRead() throws IOException {
        Path p = write(BASE + "LINK_DOWN 1000 320 340\nENABLE_TRACE 1\n");
        HpccConfig c = HpccConfig.read(p);
        assertThat(c.linkDown()).isEqualTo(new HpccConfig.LinkDown(1000, 320, 340));
        assertThat(c.linkDown().atPs()).isEqualTo(2_001_000_000_000L);
        assertThat(c.warnings())
                .containsExactly(p + ":19: unsupported: ENABLE_TRACE 1 (write the binary packet trace) (ignored)");
        assertThat(failure(BASE + "LINK_DOWN 1000 320\n"))
                .isEqualTo(
                        "cfg.txt:18: LINK_DOWN: expected a time in µs and two node ids, like LINK_DOWN 1000 320 336 (3 values), got 2");
    }

    @Test
    void everyKeyThirdCcReadsIsKnown() throws IOException {
        // the 47 keys of the shipped preset plus PAUSE_TIME, DATA_RATE and LINK_DELAY
        assertThat(HpccKey.values()).hasSize(50);
        Path p = write(BASE + "PAUSE_TIME 10\nDATA_RATE 100Gbps\nLINK_DELAY 0.001ms\nUSE_DYNAMIC_PFC_THRESHOLD 0\n");
        HpccConfig c = HpccConfig.read(p);
        assertThat(c.pauseTimeUs()).isEqualTo(10.0);
        assertThat(c.warnings())
                .containsExactly(
                        p
                                + ":19: unsupported: DATA_RATE 100Gbps (parsed and unused by HPCC (rates come from the topology file)) (ignored)",
                        p
                                + ":20: unsupported: LINK_DELAY 0.001ms (parsed and unused by HPCC (delays come from the topology file)) (ignored)",
                        p
                                + ":21: unsupported: USE_DYNAMIC_PFC_THRESHOLD 0 (HPCC never reads it: its MMU is always dynamic) (ignored)");
        assertThat(failure(BASE + "PAUSE_TIME 0\n"))
                .isEqualTo(
                        "cfg.txt:18: PAUSE_TIME: expected a number of µs > 0 (0 would make every PFC frame a resume), got '0'");
    }

    @Test
    void missingFileIsNamed() {
        Path p = dir.resolve("nope.txt");
        assertThatThrownBy(() -> HpccConfig.read(p))
                .isInstanceOf(HpccFormatException.class)
                .hasMessage(p + ": config file not found");
    }
}
