package org.rocelab.sw;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rocelab.link.PortCounters;
import org.rocelab.packet.DropReason;

/**
 * Read-only views of a switch's counters in the shape SONiC's CLI shows them, as ordered
 * name → long maps per port (operator-conventions.md): {@code show pfc counters}, {@code show
 * queue counters}, {@code show queue wredcounters}, {@code show priority-group watermark
 * shared|headroom}, {@code show queue watermark unicast}, {@code show buffer_pool watermark},
 * {@code show pfcwd stats}. Built on demand (never on the packet path).
 */
public final class SwitchCounters {
    private final Switch sw;

    SwitchCounters(Switch sw) {
        this.sw = sw;
    }

    private SwitchPort port(String portName) {
        SwitchPort sp = sw.port(portName);
        if (sp == null) {
            throw new IllegalArgumentException("switch " + sw.name() + ": no port " + portName);
        }
        return sp;
    }

    /** {@code show pfc counters}: {@code Rx PFC0..7}, {@code Tx PFC0..7} (frames). */
    public Map<String, Long> pfc(String portName) {
        PortCounters c = port(portName).port().counters();
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            m.put("Rx PFC" + i, c.rxPause[i]);
        }
        for (int i = 0; i < 8; i++) {
            m.put("Tx PFC" + i, c.txPause[i]);
        }
        for (int i = 0; i < 8; i++) {
            m.put("Tx PFC" + i + " duration_us", c.txPauseDurationPs[i] / 1_000_000);
        }
        for (int i = 0; i < 8; i++) {
            m.put("Rx PFC" + i + " duration_us", c.rxPauseDurationPs[i] / 1_000_000);
        }
        return m;
    }

    /**
     * {@code show queue counters}: per queue {@code UCn Counter/Pkts}, {@code Counter/Bytes},
     * {@code Drop/Pkts}, {@code Drop/Bytes}, then drops by reason {@code UCn Drop/<reason>}.
     */
    public Map<String, Long> queues(String portName) {
        QueueCounters c = port(portName).queueCounters();
        Map<String, Long> m = new LinkedHashMap<>();
        for (int q = 0; q < 8; q++) {
            m.put("UC" + q + " Counter/Pkts", c.txPackets[q]);
            m.put("UC" + q + " Counter/Bytes", c.txBytes[q]);
            m.put("UC" + q + " Drop/Pkts", c.dropPackets[q]);
            m.put("UC" + q + " Drop/Bytes", c.dropBytes[q]);
        }
        for (int q = 0; q < 8; q++) {
            for (DropReason r : DropReason.values()) {
                long n = c.drops(q, r);
                if (n != 0) {
                    m.put("UC" + q + " Drop/" + r.key(), n);
                }
            }
        }
        return m;
    }

    /** {@code show queue wredcounters}: {@code UCn WredDrp/pkts}, {@code EcnMarked/pkts|bytes}. */
    public Map<String, Long> wred(String portName) {
        QueueCounters c = port(portName).queueCounters();
        Map<String, Long> m = new LinkedHashMap<>();
        for (int q = 0; q < 8; q++) {
            m.put("UC" + q + " WredDrp/pkts", c.drops(q, DropReason.WRED));
            m.put("UC" + q + " EcnMarked/pkts", c.ecnMarkedPackets[q]);
            m.put("UC" + q + " EcnMarked/bytes", c.ecnMarkedBytes[q]);
        }
        return m;
    }

    /**
     * Watermarks in bytes: {@code PGn shared}, {@code PGn headroom} (show priority-group
     * watermark), {@code UCn} (show queue watermark unicast).
     */
    public Map<String, Long> watermarks(String portName) {
        int p = port(portName).index();
        SharedBufferMmu mmu = sw.mmu();
        Map<String, Long> m = new LinkedHashMap<>();
        for (int pg = 0; pg < 8; pg++) {
            m.put("PG" + pg + " shared", mmu.pgSharedWatermark(p, pg));
        }
        for (int pg = 0; pg < 8; pg++) {
            m.put("PG" + pg + " headroom", mmu.pgHeadroomWatermark(p, pg));
        }
        for (int q = 0; q < 8; q++) {
            m.put("UC" + q, mmu.queueWatermark(p, q));
        }
        return m;
    }

    /** {@code show buffer_pool watermark}: shared pool and headroom pool, bytes. */
    public Map<String, Long> bufferPool() {
        SharedBufferMmu mmu = sw.mmu();
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("shared_pool size", mmu.poolBytes());
        m.put("shared_pool watermark", mmu.poolWatermark());
        m.put("headroom_pool watermark", mmu.headroomPoolWatermark());
        return m;
    }

    /**
     * {@code show pfcwd stats} per lossless queue {@code n}: {@code n STORM DETECTED}, {@code
     * STORM RESTORED}, {@code TX OK}, {@code TX DROP}, {@code RX OK}, {@code RX DROP}, for the queues
     * the watchdog has watched during the run (kept after {@code pfcwd stop}). Empty when it never ran.
     */
    public Map<String, Long> pfcwd(String portName) {
        SwitchPort sp = port(portName);
        Map<String, Long> m = new LinkedHashMap<>();
        PfcWatchdog wd = sp.watchdog;
        int mask = wd.reportMask();
        for (int q = 0; q < 8; q++) {
            if ((mask >>> q & 1) == 0) {
                continue;
            }
            m.put(q + " STORM DETECTED", wd.stormDetected[q]);
            m.put(q + " STORM RESTORED", wd.stormRestored[q]);
            m.put(q + " TX OK", wd.txOk[q]);
            m.put(q + " TX DROP", wd.txDrop[q]);
            m.put(q + " RX OK", wd.rxOk[q]);
            m.put(q + " RX DROP", wd.rxDrop[q]);
        }
        return m;
    }

    /** Switch-wide drops by reason key ({@code buffer}, {@code headroom}, {@code acl}, ...). */
    public Map<String, Long> drops() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (DropReason r : DropReason.values()) {
            m.put(r.key(), sw.drops(r));
        }
        return m;
    }

    /** {@code aclshow}: {@code RULE_n PACKETS COUNT}, {@code RULE_n BYTES COUNT}. */
    public Map<String, Long> acl() {
        AclTable t = sw.acl();
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < t.size(); i++) {
            m.put("RULE_" + (i + 1) + " PACKETS COUNT", t.packets[i]);
            m.put("RULE_" + (i + 1) + " BYTES COUNT", t.bytes[i]);
        }
        return m;
    }
}
