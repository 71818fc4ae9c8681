package org.rocelab.nic;

import org.rocelab.link.FrameSource;
import org.rocelab.link.Port;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The NIC's transmit arbiter, the port's {@link FrameSource}. Per priority it keeps a ready ring
 * of QPs with control packets (ACK, NAK, CNP) and one of QPs with data; control goes first;
 * priorities are served round robin, skipping those the peer paused; QPs within a priority
 * round robin; a priority's raw queue of host-stack frames (TCP, {@link HostStack}) alternates
 * with its QPs and skips the PCIe/message-rate gate (the kernel path is not modelled). A QP is in a ring only while it has something to send, so choosing a frame
 * never scans idle QPs. Each QP paces itself (its congestion control's rate); a QP popped
 * before its next-send time arms its own wake-up timer and leaves the ring.
 *
 * <p>Data packets also pass a NIC-wide gate: the PCIe DMA of their payload
 * ({@link PcieSlot#dmaPs}) and the message rate (one message start per
 * {@link NicConfig#messageIntervalPs()}). The gate is a throughput cap: the next data packet
 * may start when the previous one's DMA (and, for a first packet, the message slot) is done.
 */
final class TxScheduler implements FrameSource {
    private final Simulation sim;
    private final Nic nic;
    private final IntRing[] control = new IntRing[8];
    private final IntRing[] data = new IntRing[8];
    private final FrameRing[] raw = new FrameRing[8];
    private final Timer gateTimer;
    private final PcieSlot pcie;
    private final long messageIntervalPs;
    /** Per priority: whether the raw queue goes before the QPs next time (they alternate). */
    private final boolean[] rawTurn = new boolean[8];

    private int nextControlPrio;
    private int nextDataPrio;
    private long dmaFreePs;
    private long messageFreePs;
    private boolean pulling;
    /** Entries in the control, data and raw rings together. */
    private int queued;

    TxScheduler(Simulation sim, Nic nic, Port port, PcieSlot pcie, long messageIntervalPs) {
        this.sim = sim;
        this.nic = nic;
        this.pcie = pcie;
        this.messageIntervalPs = messageIntervalPs;
        for (int i = 0; i < 8; i++) {
            control[i] = new IntRing();
            data[i] = new IntRing();
            raw[i] = new FrameRing();
        }
        this.gateTimer = sim.timer(nic.component(), now -> port.kick());
    }

    /** Queues a control packet of {@code kind} (0 ACK/NAK, 1 CNP) of QP {@code index} at {@code prio}. */
    void addControl(int prio, int index, int kind) {
        control[prio].add(index << 1 | kind);
        queued++;
    }

    /** Queues a host-stack frame (TCP) at its priority; served with the QP data of that priority. */
    void addRaw(int prio, Packet p) {
        raw[prio].add(p);
        queued++;
    }

    /** Frames waiting in the raw queue of {@code prio}. */
    int rawQueued(int prio) {
        return raw[prio].size();
    }

    void addData(int prio, int index) {
        data[prio].add(index);
        queued++;
    }

    /**
     * Whether a ring holds an entry: with all empty {@link #nextFrame} returns null without
     * touching anything (no gate timer, no QP polled), and every entry added kicks the port.
     */
    @Override
    public boolean pending() {
        return queued != 0;
    }

    @Override
    public Packet nextFrame(int pausedPriorities) {
        pulling = true;
        try {
            Packet p = nextControl(pausedPriorities);
            return p != null ? p : nextData(pausedPriorities);
        } finally {
            pulling = false;
        }
    }

    /**
     * Whether the port is pulling a frame right now: new work found meanwhile needs no kick
     * (the port pulls again when this frame is on the wire), and kicking would start a second
     * frame ahead of the one being chosen.
     */
    boolean pulling() {
        return pulling;
    }

    private Packet nextControl(int paused) {
        for (int k = 0; k < 8; k++) {
            int prio = (nextControlPrio + k) & 7;
            IntRing r = control[prio];
            if ((paused >>> prio & 1) != 0) {
                continue;
            }
            while (!r.isEmpty()) {
                int e = r.poll();
                queued--;
                Packet p = nic.qp(e >>> 1).pollControl(e & 1);
                if (p != null) {
                    nextControlPrio = (prio + 1) & 7;
                    return p;
                }
            }
        }
        return null;
    }

    private Packet nextData(int paused) {
        long now = sim.now();
        boolean waiting = false;
        for (int k = 0; k < 8; k++) {
            int prio = (nextDataPrio + k) & 7;
            IntRing r = data[prio];
            if ((paused >>> prio & 1) != 0) {
                continue;
            }
            if (!raw[prio].isEmpty() && (r.isEmpty() || rawTurn[prio])) {
                rawTurn[prio] = false;
                nextDataPrio = (prio + 1) & 7;
                queued--;
                return raw[prio].poll();
            }
            if (r.isEmpty()) {
                continue;
            }
            rawTurn[prio] = true;
            if (now < dmaFreePs || now < messageFreePs) {
                waiting = true;
                break;
            }
            int n = r.size();
            for (int i = 0; i < n; i++) {
                TxQueue qp = nic.qp(r.poll());
                queued--;
                Packet p = qp.pollData(now);
                if (p != null) {
                    if (qp.wantsData()) {
                        r.add(qp.index());
                        queued++;
                    } else {
                        qp.leftDataRing();
                    }
                    nextDataPrio = (prio + 1) & 7;
                    gate(p, now);
                    return p;
                }
            }
        }
        if (waiting) {
            gateTimer.scheduleAt(Math.max(dmaFreePs, messageFreePs));
        }
        return null;
    }

    private void gate(Packet p, long now) {
        dmaFreePs = Math.max(now, dmaFreePs) + pcie.dmaPs(p.payloadBytes);
        if (startsMessage(p.opcode)) {
            messageFreePs = Math.max(now, messageFreePs) + messageIntervalPs;
        }
    }

    private static boolean startsMessage(int op) {
        return switch (op) {
            case Opcode.SEND_FIRST,
                    Opcode.SEND_ONLY,
                    Opcode.SEND_ONLY_WITH_IMMEDIATE,
                    Opcode.RDMA_WRITE_FIRST,
                    Opcode.RDMA_WRITE_ONLY,
                    Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE,
                    Opcode.RDMA_READ_REQUEST,
                    Opcode.RDMA_READ_RESPONSE_FIRST,
                    Opcode.RDMA_READ_RESPONSE_ONLY,
                    Opcode.UD_SEND_ONLY,
                    Opcode.UD_SEND_ONLY_WITH_IMMEDIATE -> true;
            default -> false;
        };
    }
}
