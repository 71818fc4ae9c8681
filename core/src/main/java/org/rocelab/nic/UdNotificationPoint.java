package org.rocelab.nic;

import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;

/**
 * The DCQCN notification point (NP) of one UD QP (Zhu et al., SIGCOMM 2015 §3.1; ConnectX applies
 * congestion control to UD QPs as to RC QPs). A CE-marked datagram makes the NIC send a CNP to its
 * source QP, the QPN the DETH carries, at the address its IP header gives, at most one per
 * {@code min_time_between_cnps} per source (IPv4 address, QPN) (roce-facts.md §5.1: NP moderation
 * per flow/QP). The CNP goes back to the frame's source MAC, as a switch-generated CNP does.
 *
 * <p>A UD QP hears from many sources: their last CNP times sit in an open-addressing table (grown
 * when half full, never per packet), and CNPs due but not yet sent wait in a FIFO whose entries
 * the transmit arbiter pops one per control slot.
 */
final class UdNotificationPoint {
    private static final long EMPTY = -1L;
    private static final long NEVER = Long.MIN_VALUE / 4;

    private final Nic nic;
    private final NicConfig cfg;
    private final int index;
    private long[] keys = filled(16);
    private long[] lastCnpPs = new long[16];
    private int sources;
    private int[] ip = new int[8];
    private int[] qpn = new int[8];
    private long[] mac = new long[8];
    private int[] node = new int[8];
    private int head;
    private int pending;

    UdNotificationPoint(Nic nic, int index) {
        this.nic = nic;
        this.cfg = nic.config();
        this.index = index;
    }

    /** A CE-marked datagram {@code p} reached the QP at {@code nowPs}: counts it, queues a CNP if due. */
    void onMarked(Packet p, long nowPs) {
        nic.counters().npEcnMarkedRocePackets++;
        int slot = slot((p.srcIp & 0xFFFFFFFFL) << 24 | (p.dethSrcQp & 0xFFFFFF));
        if (nowPs - lastCnpPs[slot] < nic.minTimeBetweenCnpsPs()) {
            return;
        }
        lastCnpPs[slot] = nowPs;
        if (pending == ip.length) {
            growQueue();
        }
        int i = (head + pending) & (ip.length - 1);
        ip[i] = p.srcIp;
        qpn[i] = p.dethSrcQp;
        mac[i] = p.srcMac;
        node[i] = p.srcNode;
        pending++;
        nic.tx().addControl(cfg.cnpPcp(), index, 1);
        nic.kickPort();
    }

    /** The oldest CNP due, built now, or null if none waits. */
    Packet poll() {
        if (pending == 0) {
            return null;
        }
        int i = head;
        head = (head + 1) & (ip.length - 1);
        pending--;
        int pcp = cfg.cnpPcp();
        Packet p =
                RoceHeaders.build(nic, pcp, cfg.cnpDscp(), 0, index, -1, ip[i], mac[i], node[i], Opcode.CNP, qpn[i], 0);
        p.becn = true;
        p.computeSizes();
        nic.counters().npCnpSent++;
        nic.countTx(p);
        return p;
    }

    /** The table slot of source {@code key}, claimed with "no CNP yet" if new. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
        if (2 * (sources + 1) > keys.length) {
            growTable();
            return slot(key);
        }
        keys[i] = key;
        lastCnpPs[i] = NEVER;
        sources++;
        return i;
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void growTable() {
        long[] oldKeys = keys;
        long[] oldLast = lastCnpPs;
        keys = filled(oldKeys.length * 2);
        lastCnpPs = new long[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = mix(oldKeys[j]) & mask;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                lastCnpPs[i] = oldLast[j];
            }
        }
    }

    private void growQueue() {
        int n = ip.length;
        int[] ip2 = new int[n * 2];
        int[] qpn2 = new int[n * 2];
        long[] mac2 = new long[n * 2];
        int[] node2 = new int[n * 2];
        for (int k = 0; k < pending; k++) {
            int j = (head + k) & (n - 1);
            ip2[k] = ip[j];
            qpn2[k] = qpn[j];
            mac2[k] = mac[j];
            node2[k] = node[j];
        }
        ip = ip2;
        qpn = qpn2;
        mac = mac2;
        node = node2;
        head = 0;
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, EMPTY);
        return a;
    }
}
