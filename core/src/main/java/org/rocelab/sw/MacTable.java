package org.rocelab.sw;

import java.util.Arrays;

/**
 * The forwarding database of a bridge (IEEE 802.1Q §8.8, SONiC FDB): (VLAN, MAC) → port, learned
 * from source addresses, aged out after {@code ageingPs} without traffic (checked lazily at
 * lookup, so ageing needs no timer). Open addressing with linear probing over primitive arrays;
 * no allocation per lookup or refresh.
 */
public final class MacTable {
    private static final long EMPTY = -1L;
    private final long ageingPs;
    private long[] keys = new long[256];
    private int[] ports = new int[256];
    private long[] seenPs = new long[256];
    private int size;

    public MacTable(long ageingPs) {
        this.ageingPs = ageingPs;
        Arrays.fill(keys, EMPTY);
    }

    private static long key(int vid, long mac) {
        return (long) (vid & 0xFFF) << 48 | (mac & 0xFFFF_FFFF_FFFFL);
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & (keys.length - 1);
    }

    /** Records that {@code mac} in {@code vid} was seen on {@code port} at {@code nowPs}. */
    public void learn(int vid, long mac, int port, long nowPs) {
        long k = key(vid, mac);
        int i = slot(k);
        while (keys[i] != EMPTY) {
            if (keys[i] == k) {
                ports[i] = port;
                seenPs[i] = nowPs;
                return;
            }
            i = (i + 1) & (keys.length - 1);
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
            learn(vid, mac, port, nowPs);
            return;
        }
        keys[i] = k;
        ports[i] = port;
        seenPs[i] = nowPs;
        size++;
    }

    /** The port {@code mac} in {@code vid} was last seen on, or -1 if unknown or aged out. */
    public int lookup(int vid, long mac, long nowPs) {
        long k = key(vid, mac);
        int i = slot(k);
        while (keys[i] != EMPTY) {
            if (keys[i] == k) {
                return nowPs - seenPs[i] > ageingPs ? -1 : ports[i];
            }
            i = (i + 1) & (keys.length - 1);
        }
        return -1;
    }

    /** Entries ever learned and still stored (aged entries stay until relearned). */
    public int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldPorts = ports;
        long[] oldSeen = seenPs;
        keys = new long[oldKeys.length * 2];
        ports = new int[keys.length];
        seenPs = new long[keys.length];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                long k = oldKeys[j];
                int i = slot(k);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & (keys.length - 1);
                }
                keys[i] = k;
                ports[i] = oldPorts[j];
                seenPs[i] = oldSeen[j];
                size++;
            }
        }
    }
}
