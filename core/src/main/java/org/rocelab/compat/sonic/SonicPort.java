package org.rocelab.compat.sonic;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One SONiC port as the import reads it (PORT, CABLE_LENGTH, DEVICE_NEIGHBOR, PORT_QOS_MAP,
 * BUFFER_PG, QUEUE): the values that become a cable and the port's scenario keys.
 */
final class SonicPort {
    final String name;
    final String alias;
    final long speedMbps;
    final int mtu;
    final String fec;
    double lengthM = -1;
    String neighbor;
    String neighborPort;
    /** The neighbour said it routes (LLDP capability R): it cannot be made a host. */
    boolean neighborIsRouter;

    List<Integer> lossless = List.of();
    long headroomBytes = -1;
    long xonOffsetBytes = -1;
    /** TC → {kmin, kmax, pmax}, or null for no marking; a TC absent = no WRED profile on its queue. */
    final Map<Integer, double[]> ecn = new TreeMap<>();

    SonicPort(String name, String alias, long speedMbps, int mtu, String fec) {
        this.name = name;
        this.alias = alias;
        this.speedMbps = speedMbps;
        this.mtu = mtu;
        this.fec = fec;
    }
}
