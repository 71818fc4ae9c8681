package org.rocelab.stats;

import java.util.List;

/**
 * What a running scenario looks like at one moment, for the live view ({@code rocelab run --live}):
 * built on the simulation thread between two steps of the event loop and never changed after, so
 * another thread may read it while the simulation goes on.
 *
 * @param scenario the scenario's name
 * @param simulatedPs simulated time reached
 * @param endPs the scenario's duration
 * @param events events run so far
 * @param eventsPerSecond events per wall-clock second since the previous snapshot
 * @param etaSeconds wall-clock seconds to the end at the recent pace (0 when done)
 * @param done true for the last snapshot, taken after the run's results were collected
 * @param ports every port of the fabric
 * @param flows the sending QPs' and running flows' recent rates, the latest completions with their
 *     FCT and, in the last snapshot, every flow with its FCT
 * @param links the cables, for drawing the topology
 * @param counters every counter as counters.json names it, pause time still running counted up to
 *     the snapshot, plus each switch queue's occupancy now ({@code UCn Occupancy/Bytes}) while the
 *     run goes on
 */
public record LiveSnapshot(
        String scenario,
        long simulatedPs,
        long endPs,
        long events,
        double eventsPerSecond,
        double etaSeconds,
        boolean done,
        List<PortSample> ports,
        List<FlowSample> flows,
        List<LinkSample> links,
        CounterTable counters) {

    public LiveSnapshot {
        ports = List.copyOf(ports);
        flows = List.copyOf(flows);
        links = List.copyOf(links);
    }

    /**
     * One port.
     *
     * @param name the port's name ({@code sw0:h3})
     * @param node the host or switch it belongs to
     * @param switchPort true on a switch
     * @param utilisation transmitted wire bits over the line rate since the previous snapshot, 0…1
     * @param txGbps transmitted rate since the previous snapshot
     * @param pauseFramesPerSecond PFC frames sent and received per simulated second since the previous snapshot
     * @param paused true while a peer's PFC holds any priority of this port's transmitter
     * @param ecnMarks packets its queues marked CE so far (switch ports)
     * @param queueBytes bytes in its egress queues now (switch ports)
     */
    public record PortSample(
            String name,
            String node,
            boolean switchPort,
            double utilisation,
            double txGbps,
            double pauseFramesPerSecond,
            boolean paused,
            long ecnMarks,
            long queueBytes) {}

    /**
     * A flow or sending QP.
     *
     * @param name the QP ({@code h1/qp0x100}) or the flow's id
     * @param src sending host
     * @param dst receiving host
     * @param rateGbps payload rate since the previous snapshot (QPs), or the flow's goodput (flows)
     * @param fctNs the flow's completion time, -1 while it runs or for QPs
     */
    public record FlowSample(String name, String src, String dst, double rateGbps, double fctNs) {}

    /** A cable between two nodes, its rate. */
    public record LinkSample(String a, String b, long rateBps) {}
}
