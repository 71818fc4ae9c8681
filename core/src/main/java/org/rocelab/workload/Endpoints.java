package org.rocelab.workload;

import org.rocelab.nic.Nic;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.Switch;
import org.rocelab.topo.FabricGraph;

/**
 * What a workload sees of a built fabric: the event loop, the graph, and the hosts' NICs (with
 * the switch a host is cabled to, for its gateway's MAC). A workload posts verbs on NICs and
 * schedules its own timers; it never reaches ports, cables or the run that built them. The run's
 * {@code Fabric} is one; keeping workloads to this view keeps the dependency one way, {@code run}
 * above {@code workload} (docs/architecture.md, Modules; {@code DependencyDirectionTest}).
 */
public interface Endpoints {

    /** The simulation the fabric's devices run in. */
    Simulation sim();

    /** The fabric's nodes and cables, for paths, hop counts and addresses. */
    FabricGraph graph();

    /**
     * The NIC of host {@code name}.
     *
     * @throws IllegalArgumentException when no host has that name
     */
    Nic nic(String name);

    /** The NIC at node index {@code node}, or null for a switch. */
    Nic nicAt(int node);

    /** The switch at node index {@code node}, or null for a host. */
    Switch switchAt(int node);

    /**
     * Registers a component for a workload's timer whose events touch only {@code nic}'s host (post
     * work to its QPs): at one instant its events sort by registration as any component's, yet a
     * windowed run places it in the host's partition, so it does not cut windows.
     */
    Component hostTimerComponent(Nic nic, String name);
}
