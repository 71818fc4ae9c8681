package org.rocelab.sw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/**
 * A lossless Ethernet switch as SONiC configures one (DESIGN.md §1): per-port trust and
 * classification (DSCP/PCP → TC → PG/queue), ingress ACL, IPv4 longest-prefix routing with ECMP,
 * TTL, egress MTU, the shared-buffer {@link SharedBufferMmu} with PFC XOFF/XON, egress queues
 * with WRED/ECN and strict/DWRR scheduling, and the PFC watchdog.
 *
 * <p>The ingress pipeline is a chain of stages, each calling the next and recording its own drops
 * in the switch's {@link SwitchDrops} ledger: {@link IngressClassifier} (VLAN ingress filter,
 * trust, QoS maps, PFC watchdog RX drop) → {@link IngressAcl} → {@link L3Router} (or {@link
 * VlanBridge} for bridged frames; LPM, ECMP, TTL) → {@link BufferAdmission} (egress MTU, watchdog TX
 * drop, MMU, WRED at enqueue) → {@link EgressEnqueue} (XOFF, idle-egress fast path, queue). The
 * egress side (dequeue accounting, XON, WRED at dequeue, INT) stays here. A QP's packets carry the
 * egress ports earlier packets of it were routed to, valid while the fabric's {@link RoutingEpoch}
 * stands still, so {@link L3Router} skips the LPM probe and the ECMP hash for them.
 *
 * <p>Zero-time hops are direct calls: a frame received by a port's MAC runs the whole ingress
 * pipeline and lands in an egress queue in the same event; the only events are the ports'
 * transmit-done, link arrivals, PFC refresh and watchdog timers. Each port is a {@link Port}
 * whose frame source is its egress scheduler and whose upper sink is this pipeline. Nothing is
 * allocated per packet.
 *
 * <p>Routes follow link failures ({@code org.rocelab.run.Reconvergence}): {@link #nextHopDown}
 * removes a port from every ECMP group (local repair, SONiC's next-hop group member removal on
 * oper-down) and {@link #computedRoute} installs the routing protocol's new next hops.
 */
public final class Switch {
    private final Simulation sim;
    private final PacketPool pool;
    private final String name;
    private final SwitchConfig cfg;
    private final SharedBufferMmu mmu;
    private final int[] tcToPg;
    private final int[] tcToQueue;
    private final int[] pgPriorities = new int[8];
    private int losslessMask;
    private int dynamicTh;
    private WatchdogConfig watchdog;
    private int losslessPgMask;
    private int losslessQueueMask;
    private final EcmpHash ecmp;
    private final LpmTable lpm = new LpmTable();
    private final NextHopGroups groups = new NextHopGroups();
    private final List<Route> routes = new ArrayList<>();
    private final Map<Long, Integer> computedGroups = new HashMap<>();
    private final Map<Long, Integer> staticGroups = new HashMap<>();
    private long routeUpdates;
    private SwitchPort[] ports = new SwitchPort[0];
    private final Map<String, Integer> portsByName = new HashMap<>();
    private final VlanBridge bridge;
    private final long routerMac;
    private final long portMacBase;
    // the ingress pipeline, first stage to last; each stage calls the next and records its own drops
    private final SwitchDrops drops;
    private final EcnMarks marks = new EcnMarks();
    private final IngressClassifier classifier;
    private final IngressAcl aclStage;
    private final L3Router router;
    private final BufferAdmission admission;
    private final EgressEnqueue egress;

    /** A switch with SONiC's dynamic-threshold MMU. */
    public Switch(Simulation sim, PacketPool pool, String name, SwitchConfig cfg) {
        this(sim, pool, name, cfg, ThresholdPolicy.dynamic(cfg.losslessAlpha(), cfg.lossyAlpha()));
    }

    /** A switch whose MMU uses {@code policy} for its thresholds (e.g. the HPCC profile's). */
    public Switch(Simulation sim, PacketPool pool, String name, SwitchConfig cfg, ThresholdPolicy policy) {
        this(sim, pool, name, cfg, policy, DEFAULT_PORT_MAC_BASE);
    }

    /**
     * A switch whose port {@code i} has the MAC {@code portMacBase + i} (the source address of the
     * PFC and PAUSE frames the port sends; fabric builders pass {@code Addressing.switchPortMac(node, 0)},
     * docs/model.md "Addresses").
     */
    public Switch(
            Simulation sim, PacketPool pool, String name, SwitchConfig cfg, ThresholdPolicy policy, long portMacBase) {
        this.portMacBase = portMacBase;
        this.sim = sim;
        this.pool = pool;
        this.name = name;
        this.cfg = cfg;
        this.mmu = new SharedBufferMmu(cfg.bufferBytes(), cfg.pgReservedBytes(), cfg.xonOffsetBytes(), policy);
        QosMaps m = cfg.maps();
        this.tcToPg = m.pgTable();
        this.tcToQueue = m.queueTable();
        for (int tc = 0; tc < 8; tc++) {
            if (cfg.lossless(tc)) {
                pgPriorities[tcToPg[tc]] |= 1 << tc;
            }
        }
        this.losslessMask = cfg.losslessMask();
        this.dynamicTh = cfg.dynamicTh();
        this.watchdog = cfg.watchdog();
        this.losslessPgMask = cfg.losslessPgMask();
        this.losslessQueueMask = cfg.losslessQueueMask();
        this.ecmp = new EcmpHash(cfg.ecmp());
        this.routerMac = 0x02_00_00_00_00_00L | (name.hashCode() & 0xFFFF_FFFFL);
        this.drops = new SwitchDrops(pool, losslessMask, losslessQueueMask);
        CnpGenerator cnp = cfg.switchCnp() ? new CnpGenerator(pool, cfg.cnpDscp(), cfg.cnpIntervalPs()) : null;
        this.egress = new EgressEnqueue(mmu);
        this.admission = new BufferAdmission(sim, mmu, cfg.ecnAtDequeue(), cnp, drops, marks, egress);
        this.bridge = new VlanBridge(this, pool, new MacTable(cfg.macAgeingPs()), cfg.vlanToTc(), drops, admission);
        this.router = new L3Router(lpm, groups, ecmp, routerMac, bridge, drops, admission);
        this.aclStage = new IngressAcl(new AclTable(cfg.acl()), drops, router);
        this.classifier = new IngressClassifier(m, bridge, drops, aclStage);
        admission.cnpPath(classifier, router);
    }

    /** Port MAC base of a switch built without one (unit tests): 02:01:00:00:00:00. */
    public static final long DEFAULT_PORT_MAC_BASE = 0x02_01_00_00_00_00L;

    long now() {
        return sim.now();
    }

    /** The MAC of port {@code index}: the source of the PFC and PAUSE frames it sends. */
    public long portMac(int index) {
        return portMacBase + index;
    }

    /** The MAC of this switch's routing interface: bridged frames sent to it are routed. */
    public long routerMac() {
        return routerMac;
    }

    /** The forwarding database (MAC learning). */
    public MacTable fdb() {
        return bridge.fdb();
    }

    /** Packets this switch created by replicating flooded frames (for the conservation ledger). */
    public long floodCopies() {
        return bridge.floodCopies();
    }

    /** Frames flooded to a VLAN because their destination MAC was unknown. */
    public long flooded() {
        return bridge.flooded();
    }

    public String name() {
        return name;
    }

    public SwitchConfig config() {
        return cfg;
    }

    public SharedBufferMmu mmu() {
        return mmu;
    }

    public AclTable acl() {
        return aclStage.table();
    }

    // ---------------------------------------------------------------- live changes

    /** Lossless TCs now, bit n = TC n (the configuration's, unless changed during the run). */
    public int losslessMask() {
        return losslessMask;
    }

    /**
     * Changes the lossless TCs during a run (SONiC {@code pfc_enable} on every port): the MMU's
     * lossless PGs and queues, the priorities the ports generate PFC for and the ones they
     * honour. PGs leaving lossless send XON at once; priorities paused by a peer and no longer
     * honoured resume. Ports added with no lossless PG have no headroom to use.
     */
    public void lossless(int tcMask) {
        if ((tcMask & ~0xFF) != 0) {
            throw new IllegalArgumentException("lossless: traffic classes must be 0-7");
        }
        int pgMask = 0;
        int queueMask = 0;
        int[] prios = new int[8];
        for (int tc = 0; tc < 8; tc++) {
            if ((tcMask >>> tc & 1) != 0) {
                pgMask |= 1 << tcToPg[tc];
                queueMask |= 1 << tcToQueue[tc];
                prios[tcToPg[tc]] |= 1 << tc;
            }
        }
        for (SwitchPort sp : ports) {
            int released = mmu.lossless(sp.index, pgMask, queueMask);
            for (int pg = 0; pg < 8; pg++) {
                if ((released >>> pg & 1) != 0) {
                    sp.pfc.xon(pg);
                }
            }
            sp.pfc.priorities(prios);
            sp.port.pfcEnabled(tcMask);
        }
        System.arraycopy(prios, 0, pgPriorities, 0, 8);
        losslessMask = tcMask;
        losslessPgMask = pgMask;
        losslessQueueMask = queueMask;
        drops.lossless(tcMask, queueMask);
    }

    /** The PFC watchdog's settings now (the configuration's unless changed), null when stopped. */
    public WatchdogConfig watchdog() {
        return watchdog;
    }

    /**
     * Starts, changes or (with null) stops the PFC watchdog on every port during a run, as SONiC
     * {@code pfcwd start} / {@code pfcwd stop}: stopping restores the queues in a storm (they honour
     * PFC again, {@code STORM RESTORED} + 1); starting watches the lossless queues of now, a queue
     * already paused with packets counting its detection time from now; new settings on a running
     * watchdog stop it and start it again.
     */
    public void watchdog(WatchdogConfig next) {
        for (SwitchPort sp : ports) {
            sp.watchdog.configure(next, losslessQueueMask);
        }
        watchdog = next;
    }

    /** The WRED/ECN profile of {@code tc}'s egress queue on the first port, or null (off). */
    public EcnProfile ecn(int tc) {
        if (ports.length == 0) {
            return cfg.ecn().get(tc);
        }
        WredMarker w = ports[0].wred[tcToQueue[tc]];
        return w == null ? null : w.profile();
    }

    /**
     * Replaces the WRED/ECN profile of {@code tc}'s egress queue on every port during a run
     * (null turns marking off); per-port overrides are replaced too.
     */
    public void ecn(int tc, EcnProfile profile) {
        int q = tcToQueue[tc];
        for (SwitchPort sp : ports) {
            if (profile == null) {
                sp.wred[q] = null;
            } else if (sp.wred[q] == null) {
                sp.wred[q] = new WredMarker(profile, sim.random(sp.port.name() + "/q" + q + "/wred"));
            } else {
                sp.wred[q].profile(profile);
            }
        }
    }

    /** Replaces the ingress ACL during a run; the new rules' counters start at zero. */
    public void acl(List<AclRule> rules) {
        aclStage.table(new AclTable(rules));
    }

    /** Sets the lossless PGs' {@code dynamic_th} (α = 2^n) during a run; SONiC dynamic thresholds only. */
    public void dynamicTh(int n) {
        if (n < -7 || n > 7) {
            throw new IllegalArgumentException("buffer.dynamic_th: expected -7..7, got " + n);
        }
        mmu.policy(ThresholdPolicy.dynamic(Math.scalb(1.0, n), cfg.lossyAlpha()));
        dynamicTh = n;
    }

    /** The lossless PGs' {@code dynamic_th} now. */
    public int dynamicTh() {
        return dynamicTh;
    }

    // ---------------------------------------------------------------- building

    /** Adds a port with the switch's settings; see {@link #addPort(String, long, PortOptions)}. */
    public SwitchPort addPort(String portName, long speedBps) {
        return addPort(portName, speedBps, PortOptions.DEFAULT);
    }

    /**
     * Adds a port named {@code <switch>:<portName>} (convention: the peer's name, e.g. {@code
     * sw0:h3}) running at {@code speedBps} (used for the headroom formula). Connect it with {@code
     * new Link(sim, pool, sw.addPort(...).port(), peerPort, spec)}.
     *
     * @throws IllegalArgumentException if the name is taken or the buffer cannot hold the headroom
     */
    public SwitchPort addPort(String portName, long speedBps, PortOptions opts) {
        if (portsByName.containsKey(portName)) {
            throw new IllegalArgumentException("switch " + name + ": duplicate port " + portName);
        }
        double cable = opts.cableLengthM() >= 0 ? opts.cableLengthM() : cfg.cableLengthM();
        int mtu = opts.mtu() > 0 ? opts.mtu() : cfg.mtu();
        int tcMask = opts.losslessMask() >= 0 ? opts.losslessMask() : losslessMask;
        int pgMask = tcMask == losslessMask ? losslessPgMask : 0;
        int queueMask = tcMask == losslessMask ? losslessQueueMask : 0;
        int[] prios = pgPriorities;
        if (tcMask != losslessMask) {
            prios = new int[8];
            for (int tc = 0; tc < 8; tc++) {
                if ((tcMask >>> tc & 1) != 0) {
                    pgMask |= 1 << tcToPg[tc];
                    queueMask |= 1 << tcToQueue[tc];
                    prios[tcToPg[tc]] |= 1 << tc;
                }
            }
        }
        long headroom =
                pgMask == 0 ? 0 : opts.headroomBytes() >= 0 ? opts.headroomBytes() : cfg.headroomFor(speedBps, cable);
        int index = mmu.addPort(headroom, pgMask, queueMask);
        Port port = new Port(sim, pool, name + ":" + portName);
        port.pfcEnabled(tcMask);
        int maxFrame = Math.max(mtu, cfg.mtu()) + 26;
        EgressQueues queues = new EgressQueues(this, index, new DwrrScheduler(cfg.scheduler(), maxFrame));
        PfcGenerator pfc = new PfcGenerator(
                sim, port, portMac(index), cfg.pauseMode(), cfg.pauseQuanta(), cfg.pauseRefresh(), prios);
        PfcWatchdog wd = new PfcWatchdog(sim, port, watchdog, queueMask, this, index);
        queues.watchdog(wd);
        WredMarker[] wred = new WredMarker[8];
        EcnProfile[] byTc = opts.ecnByTc();
        for (int tc = 0; tc < 8; tc++) {
            EcnProfile e = byTc != null ? byTc[tc] : cfg.ecn().get(tc);
            if (byTc == null && e != null && opts.ecn() != null) {
                e = opts.ecn();
            }
            int q = tcToQueue[tc];
            if (e != null && wred[q] == null) {
                wred[q] = new WredMarker(e, sim.random(port.name() + "/q" + q + "/wred"));
            }
        }
        SwitchPort sp = new SwitchPort(
                this,
                index,
                port,
                mtu,
                opts.trust() != null ? opts.trust() : cfg.trust(),
                opts.defaultTc() >= 0 ? opts.defaultTc() : cfg.defaultTc(),
                cable,
                queues,
                pfc,
                wd,
                wred,
                opts);
        port.source(queues);
        port.upper(sp);
        ports = Arrays.copyOf(ports, index + 1);
        ports[index] = sp;
        router.ports(ports);
        admission.ports(ports);
        portsByName.put(portName, index);
        bridge.addPort(sp);
        return sp;
    }

    /** Adds a computed route: {@code prefix/len} via the ports listed (ECMP when several). */
    public void addRoute(int prefix, int len, int[] portIndices) {
        int g = group(portIndices);
        lpm.put(prefix, len, g, false);
        computedGroups.put(prefixKey(prefix, len), g);
        routes.add(new Route(prefix, len, portIndices, false));
        router.routesChanged();
    }

    /**
     * The routing protocol's new result for {@code prefix/len} during a run: its next-hop ports, or
     * none to withdraw the route (unreachable). Ports this switch has removed locally stay out of
     * use ({@link #nextHopDown}). Returns whether the route changed.
     */
    public boolean computedRoute(int prefix, int len, int[] portIndices) {
        Integer g = computedGroups.get(prefixKey(prefix, len));
        if (g == null) {
            if (portIndices.length == 0) {
                return false;
            }
            int ng = group(portIndices);
            lpm.put(prefix, len, ng, false);
            computedGroups.put(prefixKey(prefix, len), ng);
            routeUpdates++;
            router.routesChanged();
            return true;
        }
        if (Arrays.equals(groups.routed(g), portIndices)) {
            return false;
        }
        checkPorts(portIndices);
        groups.set(g, portIndices);
        lpm.usable(g, groups.inUse(g).length > 0);
        routeUpdates++;
        router.routesChanged();
        return true;
    }

    /**
     * Local repair: the switch saw the link of port {@code port} go down ({@code down}) or come
     * back, and removes that next hop from, or re-adds it to, every next-hop group (static routes
     * included). A route left without next hops is withdrawn.
     */
    public void nextHopDown(int port, boolean down) {
        if (port < 0 || port >= ports.length) {
            throw new IllegalArgumentException("switch " + name + " has no port " + port);
        }
        if (!groups.remove(port, down)) {
            return;
        }
        for (int g = 0; g < groups.count(); g++) {
            lpm.usable(g, groups.inUse(g).length > 0);
        }
        routeUpdates++;
        router.routesChanged();
    }

    /** Whether this switch has removed port {@code port} from its next-hop groups. */
    public boolean nextHopRemoved(int port) {
        return groups.removed(port);
    }

    /**
     * Shares the fabric's routing epoch with this switch: packets of QPs then carry their route
     * through it ({@link RoutingEpoch}); every switch a QP's packets can reach must share the same one.
     * Null: every routed frame is looked up (as a switch built on its own does).
     */
    public void routingEpoch(RoutingEpoch shared) {
        router.epoch(shared);
        router.routesChanged();
    }

    /** Routed frames whose egress port this switch took from their QP's route instead of a lookup. */
    public long qpRouteHits() {
        return router.routeHits();
    }

    /** Route and next-hop group changes made during the run (local repair and reconvergence). */
    public long routeUpdates() {
        return routeUpdates;
    }

    /** The next-hop ports in use toward {@code dstIp} (empty: no route). */
    public int[] nextHops(int dstIp) {
        int g = lpm.lookup(dstIp);
        return g < 0 ? new int[0] : groups.inUse(g).clone();
    }

    private static long prefixKey(int prefix, int len) {
        return (prefix & 0xFFFF_FFFFL) << 8 | len;
    }

    /** Adds a static route, which overrides a computed route on the same prefix. */
    public void addStaticRoute(int prefix, int len, int[] portIndices) {
        int g = group(portIndices);
        lpm.put(prefix, len, g, true);
        staticGroups.put(prefixKey(prefix, len), g);
        routes.add(new Route(prefix, len, portIndices, true));
        router.routesChanged();
    }

    /** Every route added, in order (for outputs and the doctor). */
    public List<Route> routes() {
        return java.util.Collections.unmodifiableList(routes);
    }

    /**
     * The routes in force now, one per prefix, ordered by prefix (as an unsigned address) and then
     * length: a static route where it has a next hop in use, else the computed one; each with the
     * next hops in use (after local repair and reconvergence). Withdrawn routes are left out.
     */
    public List<Route> routesInForce() {
        java.util.TreeMap<Long, Route> out = new java.util.TreeMap<>();
        for (Map.Entry<Long, Integer> e : computedGroups.entrySet()) {
            inForce(out, e.getKey(), e.getValue(), false);
        }
        for (Map.Entry<Long, Integer> e : staticGroups.entrySet()) {
            inForce(out, e.getKey(), e.getValue(), true);
        }
        return List.copyOf(out.values());
    }

    private void inForce(Map<Long, Route> out, long key, int g, boolean isStatic) {
        int[] members = groups.inUse(g);
        if (members.length > 0) {
            out.put(key, new Route((int) (key >>> 8), (int) (key & 255), members, isStatic));
        }
    }

    /** The ECMP hash fields and seed. */
    public EcmpConfig ecmpConfig() {
        return cfg.ecmp();
    }

    /**
     * The egress port a routed IPv4 packet with this 5-tuple leaves by (the LPM route and this
     * switch's ECMP hash, as {@link #routeLookup}), or -1 when no route is in force. Not for the
     * hot path: for outputs (qp.csv hops).
     */
    public int egressPort(int srcIp, int dstIp, int proto, int srcPort, int dstPort) {
        return egressPort(srcIp, dstIp, proto, srcPort, dstPort, 0);
    }

    /** As {@link #egressPort(int, int, int, int, int)}, with the ns-3 flow ports the hpcc-ns3 hash reads. */
    public int egressPort(int srcIp, int dstIp, int proto, int srcPort, int dstPort, int flowPorts) {
        int g = lpm.lookup(dstIp);
        if (g < 0) {
            return -1;
        }
        int[] members = groups.inUse(g);
        if (members.length == 0) {
            return -1;
        }
        if (members.length == 1) {
            return members[0];
        }
        if (ecmp.ns3()) {
            return members[
                    Integer.remainderUnsigned(
                            EcmpHash.murmur3(
                                    srcIp, dstIp, flowPorts, (int) cfg.ecmp().seed()),
                            members.length)];
        }
        return members[EcmpHash.member(ecmp.hash(srcIp, dstIp, proto, srcPort, dstPort), members.length)];
    }

    private int group(int[] portIndices) {
        if (portIndices.length == 0) {
            throw new IllegalArgumentException("route: at least one next-hop port expected");
        }
        checkPorts(portIndices);
        int g = groups.add(portIndices);
        lpm.usable(g, groups.inUse(g).length > 0);
        return g;
    }

    private void checkPorts(int[] portIndices) {
        for (int p : portIndices) {
            if (p < 0 || p >= ports.length) {
                throw new IllegalArgumentException("route: switch " + name + " has no port " + p);
            }
        }
    }

    public int portCount() {
        return ports.length;
    }

    public SwitchPort port(int index) {
        return ports[index];
    }

    /** The port added as {@code portName}, or null. */
    public SwitchPort port(String portName) {
        Integer i = portsByName.get(portName);
        return i == null ? null : ports[i];
    }

    /** The egress port {@code dstIp} routes to for this 5-tuple, or -1 (no route). */
    public int routeLookup(Packet p) {
        return router.lookup(p);
    }

    // ---------------------------------------------------------------- pipeline

    /** The pipeline's first stage: a frame received by a port's MAC enters here. */
    IngressClassifier ingress() {
        return classifier;
    }

    /** CNPs this switch generated in place of CE marks. */
    public long cnpSent() {
        return admission.cnpSent();
    }

    /**
     * A frame left egress queue {@code q} of port {@code out}: return its buffer, resume its
     * ingress PG if due, mark at dequeue when configured. False if WRED dropped it at dequeue.
     */
    boolean dequeued(Packet p, int out, int q, int left) {
        int bytes = p.frameBytes;
        release(p, out, q);
        SwitchPort op = ports[out];
        if (cfg.ecnAtDequeue() && op.wred[q] != null) {
            int ecnBefore = p.ecn;
            int w = op.wred[q].apply(p, mmu.queueBytes(out, q));
            if (w == WredMarker.MARKED) {
                marks.count(op, q, bytes);
                if (cfg.switchCnp()) {
                    p.ecn = ecnBefore;
                    egress.pulling(out);
                    admission.switchCnp(p, p.ingressPort);
                    egress.pulling(-1);
                }
            } else if (w == WredMarker.DROP) {
                drops.atEgress(op, q, p, DropReason.WRED);
                return false;
            }
        }
        op.queueCounters.txPackets[q]++;
        op.queueCounters.txBytes[q] += bytes;
        if (p.intMode == IntHeader.HOPS && p.opcode != Opcode.ACKNOWLEDGE) {
            stampInt(p, out, op);
        } else if (p.intMode == IntHeader.PINT && p.opcode != Opcode.ACKNOWLEDGE) {
            stampPint(p, out, op);
        }
        op.intTxBytes += bytes;
        op.lastTxBytes = bytes;
        op.lastTxPs = sim.now();
        return true;
    }

    /** HPCC-PINT at dequeue (ns-3 {@code SwitchNotifyDequeue}, CC_MODE 10): {@link PintUtilization}. */
    private void stampPint(Packet p, int out, SwitchPort op) {
        if (op.pint == null) {
            op.pint = new PintUtilization(sim.random(op.port.name() + "/pint"));
        }
        op.pint.stamp(p, sim.now() / 1000, op.lastTxPs / 1000, op.lastTxBytes, portQueuedBytes(out), op.port.rateBps());
    }

    /**
     * HPCC INT at dequeue (ns-3 {@code SwitchNode::SwitchNotifyDequeue}): a data packet carrying an
     * INT header gets this port's hop record — now (ns), the bytes the port sent before it, the bytes
     * still queued on the port (all queues, after this packet left) and the port's line rate.
     */
    private void stampInt(Packet p, int out, SwitchPort op) {
        IntHeader.push(p, sim.now() / 1000, op.intTxBytes, portQueuedBytes(out), op.port.rateBps());
    }

    /**
     * In a windowed run: when this switch's partition starts a window, each port's queues read the
     * frames they can send in it ({@link EgressQueues#touchQueued}, about a window of
     * {@code windowPs} at the port's rate). Call after the ports are added and the run is windowed.
     */
    public void readQueuesAheadOfWindows(long windowPs) {
        if (ports.length == 0) {
            return;
        }
        SwitchPort[] all = ports;
        long[] budget = new long[all.length];
        for (int i = 0; i < all.length; i++) {
            budget[i] = (long) Math.ceil(windowPs * (all[i].port.rateBps() / 8e12));
        }
        sim.atWindowStart(all[0].port.component(), endPs -> {
            for (int i = 0; i < all.length; i++) {
                EgressQueues q = all[i].queues;
                if (q.nonEmptyMask() != 0) {
                    q.touchQueued(budget[i]);
                }
            }
        });
    }

    /** Bytes queued on port {@code out}, all queues (ns-3 {@code GetQueue()->GetNBytesTotal()}). */
    private long portQueuedBytes(int out) {
        long queued = 0;
        for (int k = 0; k < 8; k++) {
            queued += mmu.queueBytes(out, k);
        }
        return queued;
    }

    private void release(Packet p, int out, int q) {
        int bytes = p.frameBytes;
        mmu.releaseEgress(out, q, bytes);
        int in = p.ingressPort;
        int pg = p.ingressPg;
        mmu.releaseIngress(in, pg, bytes, p.inHeadroom);
        if (mmu.checkXon(in, pg)) {
            ports[in].pfc.xon(pg);
        }
    }

    /** Watchdog drop action: discards every packet of queue {@code q}; returns how many. */
    int flushQueue(int out, int q) {
        SwitchPort op = ports[out];
        int n = 0;
        while (op.queues.count(q) > 0) {
            Packet p = op.queues.poll(q);
            release(p, out, q);
            drops.atEgress(op, q, p, DropReason.PFC_WATCHDOG);
            n++;
        }
        return n;
    }

    int queueLength(int out, int q) {
        return ports[out].queues.count(q);
    }

    // ---------------------------------------------------------------- counters

    /** Packets this switch dropped for {@code reason}. */
    public long drops(DropReason reason) {
        return drops.total(reason);
    }

    /**
     * Packets this switch dropped for {@code reason} in a traffic class it had lossless at the
     * time: at ingress by the class the packet was classified to, at egress by its queue.
     */
    public long losslessDrops(DropReason reason) {
        return drops.lossless(reason);
    }

    /** Packets this switch marked CE. */
    public long ecnMarked() {
        return marks.total();
    }

    /** Closes running pause intervals into the duration counters (call at the end of a run). */
    public void closeIntervals() {
        long now = sim.now();
        for (SwitchPort sp : ports) {
            sp.pfc.closeIntervals(now);
            sp.port.closePauseIntervals(now);
        }
    }

    /** The SONiC-style counter tables of this switch. */
    public SwitchCounters counters() {
        return new SwitchCounters(this);
    }

    PfcWatchdog watchdog(int port) {
        return ports[port].watchdog;
    }
}
