package org.rocelab.link;

/**
 * Told of each PFC frame a {@link Port} receives, once per priority the frame names and the
 * port honours: what HPCC's simulator logs into pfc.txt at the receiving device
 * (hpcc-ns3-anchor.md §2.3). Called on the event path; must not allocate per call in steady state
 * unless it records.
 */
@FunctionalInterface
public interface PfcObserver {
    /**
     * @param port the receiving port
     * @param nowPs end of the frame's reception
     * @param priority the priority the frame names
     * @param pause true for a pause (time &gt; 0), false for a resume (time 0)
     */
    void pfcReceived(Port port, long nowPs, int priority, boolean pause);
}
