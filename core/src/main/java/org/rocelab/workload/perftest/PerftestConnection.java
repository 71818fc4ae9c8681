package org.rocelab.workload.perftest;

import org.rocelab.nic.CompletionHandler;
import org.rocelab.nic.CompletionQueue;
import org.rocelab.nic.MemoryRegion;
import org.rocelab.nic.Nic;
import org.rocelab.nic.ProtectionDomain;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.WorkCompletion;
import org.rocelab.rc.AccessFlags;
import org.rocelab.sim.RandomStream;
import org.rocelab.workload.Endpoints;
import org.rocelab.workload.RdmaPair;

/**
 * The RC connections a perftest run sets up between its client and server, as perftest's
 * {@code ctx_init} / {@code ctx_connect} do: one PD and one MR of {@value PerftestParams#MAX_SIZE_BYTES}
 * bytes per side, {@code qps} QP pairs, random 24-bit initial PSNs (from the simulation's
 * {@code perftest} stream, so deterministic), path MTU = {@code -m} or the smaller port MTU. Each
 * QP has its own CQ whose completions go to the program currently running, so the same
 * connections serve every message size of {@code -a}.
 */
public final class PerftestConnection {
    /** Receive queue depth of SEND tests (perftest's DEF_RX_SEND). */
    public static final int RX_DEPTH = 512;

    /** Completion events of one QP end, delivered to the running program. */
    public interface Listener {
        /** A work completion on QP {@code index} at the client ({@code client}) or the server. */
        void onCompletion(boolean client, int index, WorkCompletion wc);

        /** An RDMA WRITE from the peer was placed in the memory of QP {@code index}'s side at {@code nowPs}. */
        void onWritePlaced(boolean client, int index, long nowPs);
    }

    private final Endpoints fabric;
    private final Nic client;
    private final Nic server;
    private final QueuePair[] clientQps;
    private final QueuePair[] serverQps;
    private final int[] clientPsns;
    private final int[] serverPsns;
    private final MemoryRegion clientMr;
    private final MemoryRegion serverMr;
    private final int pathMtu;
    private Listener listener;

    /**
     * Connects {@code qps} QP pairs from {@code clientHost} to {@code serverHost}.
     *
     * @param requestedMtu {@code -m}, 0 = the port MTU; larger than the port MTU → the port MTU
     *     (perftest: "Changing to active mtu")
     * @param txDepth {@code -t}: the send queues hold this many WRs (plus 16 of slack)
     */
    public PerftestConnection(
            Endpoints fabric, String clientHost, String serverHost, int qps, int requestedMtu, int txDepth) {
        if (clientHost.equals(serverHost)) {
            throw new IllegalArgumentException(
                    "perftest: client and server must be two different hosts, got " + clientHost + " twice");
        }
        this.fabric = fabric;
        this.client = fabric.nic(clientHost);
        this.server = fabric.nic(serverHost);
        int portMtu = Math.min(client.config().mtu(), server.config().mtu());
        this.pathMtu = requestedMtu == 0 ? portMtu : Math.min(requestedMtu, portMtu);
        int access = AccessFlags.LOCAL_WRITE | AccessFlags.REMOTE_WRITE | AccessFlags.REMOTE_READ;
        ProtectionDomain pdC = client.allocPd();
        ProtectionDomain pdS = server.allocPd();
        clientMr = pdC.registerMr(RdmaPair.BUFFER_VA, PerftestParams.MAX_SIZE_BYTES, access);
        serverMr = pdS.registerMr(RdmaPair.BUFFER_VA, PerftestParams.MAX_SIZE_BYTES, access);
        clientQps = new QueuePair[qps];
        serverQps = new QueuePair[qps];
        clientPsns = new int[qps];
        serverPsns = new int[qps];
        RandomStream rnd = fabric.sim().random("perftest");
        long macC = RdmaPair.nextHopMac(fabric, client, server);
        long macS = RdmaPair.nextHopMac(fabric, server, client);
        for (int i = 0; i < qps; i++) {
            QueuePair c = qp(client, pdC, true, i, txDepth + 16);
            QueuePair s = qp(server, pdS, false, i, txDepth + 16);
            int psnC = (int) (rnd.nextLong() & 0xFFFFFF);
            int psnS = (int) (rnd.nextLong() & 0xFFFFFF);
            c.modifyToInit();
            s.modifyToInit();
            c.modifyToRtr(pathMtu, s.qpn(), psnS, server.ipv4(), macC, server.nodeId());
            s.modifyToRtr(pathMtu, c.qpn(), psnC, client.ipv4(), macS, client.nodeId());
            c.modifyToRts(psnC);
            s.modifyToRts(psnS);
            clientQps[i] = c;
            serverQps[i] = s;
            clientPsns[i] = psnC;
            serverPsns[i] = psnS;
        }
    }

    private QueuePair qp(Nic nic, ProtectionDomain pd, boolean isClient, int index, int sqDepth) {
        CompletionHandler h = wc -> {
            if (listener != null) {
                listener.onCompletion(isClient, index, wc);
            }
        };
        CompletionQueue cq = nic.createCq(2 * (sqDepth + RX_DEPTH), h);
        QueuePair qp = nic.createQp(pd, cq, cq, sqDepth, RX_DEPTH);
        qp.onWritePlaced(now -> {
            if (listener != null) {
                listener.onWritePlaced(isClient, index, now);
            }
        });
        return qp;
    }

    /** A component name unique to this connection, for a program's timers. */
    String componentName(String program) {
        return "perftest/" + program + "/" + client.name() + "/qp0x" + Integer.toHexString(clientQps[0].qpn());
    }

    /** Routes completions to {@code l} (the program now running). */
    void listener(Listener l) {
        this.listener = l;
    }

    public Endpoints fabric() {
        return fabric;
    }

    public Nic client() {
        return client;
    }

    public Nic server() {
        return server;
    }

    public int qps() {
        return clientQps.length;
    }

    public QueuePair qp(boolean isClient, int index) {
        return isClient ? clientQps[index] : serverQps[index];
    }

    /** The initial send PSN of QP {@code index} on that side. */
    public int psn(boolean isClient, int index) {
        return isClient ? clientPsns[index] : serverPsns[index];
    }

    public MemoryRegion mr(boolean isClient) {
        return isClient ? clientMr : serverMr;
    }

    /** The path MTU the QPs use. */
    public int pathMtu() {
        return pathMtu;
    }
}
