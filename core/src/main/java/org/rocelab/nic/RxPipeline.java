package org.rocelab.nic;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.PacketSink;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The NIC's receive path, the port's upper {@link PacketSink}: parser check (RoCE mode; TCP
 * frames pass when a {@link HostStack} is attached, others are consumed),
 * receive buffer, DMA to host memory and the fixed receive pipeline latency, then the
 * transport. A frame's DMA starts when the engine is free ({@link PcieSlot#dmaPs} of its
 * payload per frame, FIFO) and not before a stall ends; it occupies the buffer until its DMA
 * is done and reaches the transport {@code rxLatencyPs} after its DMA started. With a DMA
 * faster than the wire the transport sees every frame exactly {@code rxLatencyPs} after its
 * last bit arrived.
 *
 * <p>A full buffer drops ({@code rx_discards_phy}); lossless priorities are protected by the
 * {@link PfcGenerator}. One timer (the head frame's delivery), frames in a ring, as a Channel.
 */
final class RxPipeline implements PacketSink {
    private final Simulation sim;
    private final PacketPool pool;
    private final Nic nic;
    private final NicCounters counters;
    private final PcieSlot pcie;
    private final long latencyPs;
    private final long bufferBytes;
    private final int roceKind;
    private final Timer deliverTimer;
    private PfcGenerator pfc;
    private Packet[] frames = new Packet[64];
    private long[] startPs = new long[64];
    private long[] leavePs = new long[64];
    private int head;
    private int count;
    /** Frames from head still occupying the buffer are [bufStart, head + count). */
    private int buffered;

    private long occupancyBytes;
    private long dmaFreePs;
    private long stallUntilPs;

    RxPipeline(Simulation sim, PacketPool pool, Nic nic, PcieSlot pcie, NicConfig cfg) {
        this.sim = sim;
        this.pool = pool;
        this.nic = nic;
        this.counters = nic.counters();
        this.pcie = pcie;
        this.latencyPs = cfg.rxLatencyPs();
        this.bufferBytes = cfg.rxBufferBytes();
        this.roceKind = cfg.roce().packetKind();
        this.deliverTimer = sim.timer(nic.component(), now -> deliver());
    }

    void pfc(PfcGenerator generator) {
        this.pfc = generator;
    }

    /** The receive pipeline stops moving frames for {@code durationPs} (a stuck receiver). */
    void stall(long durationPs) {
        stallUntilPs = Math.max(stallUntilPs, sim.now() + durationPs);
    }

    @Override
    public void receive(Packet p) {
        boolean toStack = p.kind == PacketKind.TCP && nic.hostStack() != null;
        if (!toStack && !p.isRoce()) {
            pool.consume(p);
            return;
        }
        if (!toStack && p.kind != roceKind) {
            counters.rxNicInvalid++;
            pool.drop(p, DropReason.NIC_INVALID);
            return;
        }
        long now = sim.now();
        occupancy(now);
        if (occupancyBytes + p.frameBytes > bufferBytes) {
            counters.rxDiscardsPhy++;
            pool.drop(p, DropReason.NIC_RX);
            return;
        }
        long start = Math.max(now, Math.max(dmaFreePs, stallUntilPs));
        long leave = start + pcie.dmaPs(p.payloadBytes);
        dmaFreePs = leave;
        if (count == frames.length) {
            grow();
        }
        int i = (head + count) & (frames.length - 1);
        frames[i] = p;
        startPs[i] = start;
        leavePs[i] = leave;
        count++;
        buffered++;
        occupancyBytes += p.frameBytes;
        if (count == 1) {
            deliverTimer.scheduleAt(start + latencyPs);
        }
        if (pfc != null) {
            pfc.onArrival(now, occupancyBytes);
        }
    }

    /** Bytes in the buffer at {@code now} (frames whose DMA has not finished). */
    long occupancy(long now) {
        while (buffered > 0) {
            int i = (head + count - buffered) & (frames.length - 1);
            if (leavePs[i] > now) {
                break;
            }
            occupancyBytes -= frames[i].frameBytes;
            buffered--;
        }
        return occupancyBytes;
    }

    /** When the buffer will hold at most {@code bytes}, given the frames already in it. */
    long timeOccupancyAtMost(long now, long bytes) {
        long occ = occupancy(now);
        int n = buffered;
        int k = count - n;
        while (occ > bytes && k < count) {
            int i = (head + k) & (frames.length - 1);
            occ -= frames[i].frameBytes;
            if (occ <= bytes) {
                return leavePs[i];
            }
            k++;
        }
        return now;
    }

    private void deliver() {
        long now = sim.now();
        while (count > 0) {
            int i = head & (frames.length - 1);
            if (startPs[i] + latencyPs > now) {
                break;
            }
            occupancy(now);
            Packet p = frames[i];
            frames[i] = null;
            if (buffered == count) {
                occupancyBytes -= p.frameBytes;
                buffered--;
            }
            head = (head + 1) & (frames.length - 1);
            count--;
            nic.dispatch(p);
        }
        if (count > 0) {
            deliverTimer.scheduleAt(startPs[head & (frames.length - 1)] + latencyPs);
        }
    }

    private void grow() {
        int n = frames.length;
        Packet[] f = new Packet[n * 2];
        long[] s = new long[n * 2];
        long[] l = new long[n * 2];
        for (int i = 0; i < count; i++) {
            int j = (head + i) & (n - 1);
            f[i] = frames[j];
            s[i] = startPs[j];
            l[i] = leavePs[j];
        }
        frames = f;
        startPs = s;
        leavePs = l;
        head = 0;
    }
}
