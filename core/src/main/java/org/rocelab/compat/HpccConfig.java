package org.rocelab.compat;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An HPCC ns-3 config file ({@code simulation/mix/config.txt} as read by {@code scratch/third.cc};
 * hpcc-ns3-anchor.md §2.1), validated and typed. Missing keys take third.cc's built-in defaults;
 * keys whose HPCC default cannot be modelled (RP_TIMER, RATE_AI, RATE_HAI, HAS_WIN) must be given.
 *
 * <p>Times are ps, rates bit/s, sizes bytes unless the name says otherwise; ECN thresholds stay in
 * HPCC's KB (×1000 bytes) as written. {@code values} holds every key's text as written (the last
 * occurrence), {@code lines} its line, and {@code warnings} every key that was read but ignored,
 * each as one {@code file:line: ...} line.
 *
 * @param file the config file as named by the user
 * @param topologyFile TOPOLOGY_FILE resolved against the config's folder
 * @param flowFile FLOW_FILE resolved against the config's folder
 * @param ecnEnabled ENABLE_QCN (default 1)
 * @param payloadBytes PACKET_PAYLOAD_SIZE (default 1000)
 * @param pauseTimeUs PAUSE_TIME in µs (default 5); only &gt; 0 matters
 * @param stopPs SIMULATOR_STOP_TIME (default 3.01 s)
 * @param ccMode CC_MODE; always 1 (DCQCN) in an accepted config
 * @param alphaResumeIntervalPs ALPHA_RESUME_INTERVAL (default 55 µs)
 * @param rateDecreaseIntervalPs RATE_DECREASE_INTERVAL (default 4 µs)
 * @param rpTimerPs RP_TIMER (required)
 * @param clampTargetRate CLAMP_TARGET_RATE (default 0)
 * @param ewmaGain EWMA_GAIN (default 0: HPCC's {@code 1 / 16} is an integer division)
 * @param fastRecoveryTimes FAST_RECOVERY_TIMES (default 5)
 * @param rateAiBps RATE_AI (required)
 * @param rateHaiBps RATE_HAI (required)
 * @param minRateBps MIN_RATE (default 100Mb/s)
 * @param errorRatePerLink ERROR_RATE_PER_LINK (default 0)
 * @param l2ChunkSizeBytes L2_CHUNK_SIZE (default 0)
 * @param l2AckIntervalBytes L2_ACK_INTERVAL (default 0 = every packet)
 * @param l2BackToZero L2_BACK_TO_ZERO (default 0 = go-back-N)
 * @param ackHighPrio ACK_HIGH_PRIO (default 0)
 * @param linkDown LINK_DOWN (default 0 0 0 = never)
 * @param kminKbByRate KMIN_MAP: port rate (bit/s) → Kmin in KB
 * @param kmaxKbByRate KMAX_MAP: port rate (bit/s) → Kmax in KB
 * @param pmaxByRate PMAX_MAP: port rate (bit/s) → Pmax
 * @param bufferSizeMb BUFFER_SIZE in MB of 1024×1024 bytes (default 16)
 * @param values every key's value text as written
 * @param lines every key's (last) line
 * @param warnings keys read but ignored, one line each
 * @param dctcpRateAiBps DCTCP_RATE_AI (default 1000Mb/s)
 */
public record HpccConfig(
        Path file,
        Path topologyFile,
        Path flowFile,
        boolean ecnEnabled,
        int payloadBytes,
        double pauseTimeUs,
        long stopPs,
        int ccMode,
        long alphaResumeIntervalPs,
        long rateDecreaseIntervalPs,
        long rpTimerPs,
        boolean clampTargetRate,
        double ewmaGain,
        int fastRecoveryTimes,
        long rateAiBps,
        long rateHaiBps,
        long minRateBps,
        double errorRatePerLink,
        long l2ChunkSizeBytes,
        long l2AckIntervalBytes,
        boolean l2BackToZero,
        boolean ackHighPrio,
        LinkDown linkDown,
        Map<Long, Long> kminKbByRate,
        Map<Long, Long> kmaxKbByRate,
        Map<Long, Double> pmaxByRate,
        long bufferSizeMb,
        Map<String, String> values,
        Map<String, Integer> lines,
        List<String> warnings,
        long dctcpRateAiBps) {

    public HpccConfig {
        kminKbByRate = Collections.unmodifiableMap(new TreeMap<>(kminKbByRate));
        kmaxKbByRate = Collections.unmodifiableMap(new TreeMap<>(kmaxKbByRate));
        pmaxByRate = Collections.unmodifiableMap(new TreeMap<>(pmaxByRate));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
        warnings = List.copyOf(warnings);
    }

    /** HPCC's switch buffer in bytes: BUFFER_SIZE × 1024 × 1024 ({@code third.cc} ConfigBufferSize). */
    public long bufferBytes() {
        return bufferSizeMb * 1024L * 1024L;
    }

    /** Reads and validates an HPCC config file; problems are {@link HpccFormatException}s. */
    public static HpccConfig read(Path file) {
        return new HpccConfigReader(HpccText.read(file, "config file")).read();
    }

    /**
     * LINK_DOWN {@code a b c}: HPCC takes the link between nodes b and c down at 2 s + a µs
     * ({@code TakeDownLink}) when a &gt; 0.
     */
    public record LinkDown(long afterUs, int nodeA, int nodeB) {
        /** Whether a link goes down at all (HPCC: {@code link_down_time > 0}). */
        public boolean enabled() {
            return afterUs > 0;
        }

        /** The moment the link goes down: 2 s + afterUs µs, in ps. */
        public long atPs() {
            return 2_000_000_000_000L + afterUs * 1_000_000L;
        }
    }
}
