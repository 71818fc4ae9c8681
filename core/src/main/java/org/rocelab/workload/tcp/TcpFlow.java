package org.rocelab.workload.tcp;

import org.rocelab.nic.Nic;
import org.rocelab.packet.Packet;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * One TCP stream from a sender host to a receiver host, both ends bound to their hosts'
 * {@link TcpStack}s: a bulk sender with NewReno congestion control (RFC 5681 slow start and
 * congestion avoidance, fast retransmit and RFC 6582 fast recovery on 3 duplicate ACKs, RFC 6298
 * RTO with Karn's rule and exponential backoff) or DCTCP (RFC 8257), and a receiver that
 * reassembles, ACKs every segment and echoes CE per segment. No handshake: the connection is
 * established at {@link #start}. One RTO timer, no allocation per segment.
 */
public final class TcpFlow {
    final Nic senderNic;
    final Nic receiverNic;
    final long senderNextHopMac;
    final long receiverNextHopMac;
    final int priority;
    final int dscp;
    final int flowId;
    final int senderPort;
    final int receiverPort;
    private final TcpParams params;
    private final Simulation sim;
    private final long limitBytes;
    private final Timer rtoTimer;
    private final Timer startTimer;
    private final ReassemblyQueue ooo = new ReassemblyQueue();
    private final int mss;
    private long stopPs = Long.MAX_VALUE;

    // sender (RFC 9293 names)
    private long sndUna;
    private long sndNxt;
    private long sndMax;
    private long cwnd;
    private long ssthresh;
    private int dupAcks;
    private long recover;
    private boolean inRecovery;
    private long rtoPs;
    private long srttPs = -1;
    private long rttvarPs;
    private boolean timing;
    private long rttSeq;
    private long rttSentPs;
    private double alpha = 1.0;
    private long dctcpWindowEnd;
    private long dctcpAcked;
    private long dctcpMarked;
    private long ceWindowEnd = -1;
    // receiver
    private long rcvNxt;
    // results
    private long startedPs = -1;
    private long completedPs = -1;
    private long retransmittedSegments;
    private long fastRetransmits;
    private long timeouts;
    private long cwndReductionsEcn;

    /**
     * A stream of {@code sizeBytes} (0 = unlimited) from {@code sender} to {@code receiver} at
     * priority {@code priority} (PCP and NIC transmit queue) with DSCP {@code dscp}; its timers are
     * a component of the sender's host named {@code name} and {@code flowId} ({@code tcp-bg/0x3}).
     */
    public TcpFlow(
            Nic sender,
            Nic receiver,
            long senderNextHopMac,
            long receiverNextHopMac,
            int priority,
            int dscp,
            TcpParams params,
            long sizeBytes,
            int flowId,
            String name) {
        this.senderNic = sender;
        this.receiverNic = receiver;
        this.senderNextHopMac = senderNextHopMac;
        this.receiverNextHopMac = receiverNextHopMac;
        this.priority = priority;
        this.dscp = dscp;
        this.params = params;
        this.flowId = flowId;
        this.sim = sender.sim();
        this.mss = params.mssBytes();
        this.limitBytes = sizeBytes > 0 ? sizeBytes : Long.MAX_VALUE;
        this.senderPort = TcpStack.of(sender).bind(this::onAck);
        this.receiverPort = TcpStack.of(receiver).bind(this::onData);
        this.cwnd = (long) params.initialWindowSegments() * mss;
        this.ssthresh = Long.MAX_VALUE;
        this.recover = -1;
        this.rtoPs = params.minRtoPs();
        // a component of the sender's host: the timers run in its partition on threads
        var component = sender.hostComponent(name, flowId);
        this.rtoTimer = sim.timer(component, now -> onTimeout());
        this.startTimer = sim.timer(component, now -> begin());
    }

    /** Starts sending at {@code atPs}; no new data is sent from {@code stopPs} on. */
    public void start(long atPs, long stopPs) {
        this.stopPs = stopPs;
        startTimer.scheduleAt(atPs);
    }

    private void begin() {
        startedPs = sim.now();
        pump();
    }

    // ---------------------------------------------------------------- sender

    private void pump() {
        long now = sim.now();
        long window = Math.min(cwnd, params.receiveWindowBytes());
        while (sndNxt < limitBytes) {
            boolean fresh = sndNxt >= sndMax;
            if (fresh && now >= stopPs) {
                break;
            }
            int len = (int) Math.min(mss, limitBytes - sndNxt);
            if (sndNxt - sndUna + len > window) {
                break;
            }
            transmit(sndNxt, len);
            sndNxt += len;
        }
    }

    private void transmit(long seq, int len) {
        long now = sim.now();
        if (seq < sndMax) {
            retransmittedSegments++;
            timing = false;
        } else if (!timing) {
            timing = true;
            rttSeq = seq + len;
            rttSentPs = now;
        }
        sndMax = Math.max(sndMax, seq + len);
        senderNic.sendFrame(Segments.build(
                senderNic, this, true, seq, 0, Segments.ACK | Segments.PSH, len, params.dctcp() ? 2 : 0));
        if (!rtoTimer.pending()) {
            rtoTimer.scheduleAt(now + rtoPs);
        }
    }

    private void onAck(Packet p) {
        long ack = p.tcpAck;
        boolean ece = (p.tcpFlags & Segments.ECE) != 0;
        boolean pure = p.payloadBytes == 0;
        senderNic.pool().consume(p);
        long now = sim.now();
        if (ack > sndUna) {
            long acked = ack - sndUna;
            if (timing && ack >= rttSeq) {
                timing = false;
                sampleRtt(now - rttSentPs);
            }
            sndUna = ack;
            if (sndNxt < sndUna) {
                sndNxt = sndUna;
            }
            if (params.dctcp()) {
                dctcp(ack, acked, ece);
            }
            if (inRecovery) {
                if (ack >= recover) {
                    inRecovery = false;
                    dupAcks = 0;
                    cwnd = Math.min(ssthresh, Math.max(sndMax - sndUna, mss) + mss);
                } else {
                    transmit(sndUna, (int) Math.min(mss, sndMax - sndUna));
                    cwnd = Math.max(mss, cwnd - acked + (acked >= mss ? mss : 0));
                    rtoTimer.scheduleAt(now + rtoPs);
                }
            } else {
                dupAcks = 0;
                if (cwnd < ssthresh) {
                    cwnd += Math.min(acked, mss);
                } else {
                    cwnd += Math.max(1, (long) mss * mss / cwnd);
                }
                cwnd = Math.min(cwnd, params.receiveWindowBytes());
            }
            if (sndUna >= sndMax) {
                rtoTimer.cancel();
            } else {
                rtoTimer.scheduleAt(now + rtoPs);
            }
            if (sndUna >= limitBytes && completedPs < 0) {
                completedPs = now;
            }
        } else if (ack == sndUna && pure && sndMax > sndUna) {
            if (params.dctcp()) {
                dctcp(ack, 0, ece);
            }
            dupAcks++;
            if (inRecovery) {
                cwnd += mss;
            } else if (dupAcks == 3 && ack > recover) {
                fastRetransmits++;
                ssthresh = Math.max((sndMax - sndUna) / 2, 2L * mss);
                recover = sndMax;
                inRecovery = true;
                transmit(sndUna, (int) Math.min(mss, sndMax - sndUna));
                cwnd = ssthresh + 3L * mss;
            }
        }
        pump();
    }

    /** RFC 8257 §3.3: α once per window of data, one multiplicative cut per window with ECE. */
    private void dctcp(long ack, long acked, boolean ece) {
        dctcpAcked += acked;
        if (ece) {
            dctcpMarked += acked;
        }
        if (ack > dctcpWindowEnd) {
            double f = dctcpAcked == 0 ? 0 : (double) dctcpMarked / dctcpAcked;
            alpha = (1 - params.dctcpG()) * alpha + params.dctcpG() * f;
            dctcpAcked = 0;
            dctcpMarked = 0;
            dctcpWindowEnd = sndNxt;
        }
        if (ece && ack > ceWindowEnd && !inRecovery) {
            cwnd = Math.max(mss, (long) (cwnd * (1 - alpha / 2)));
            ssthresh = cwnd;
            ceWindowEnd = sndNxt;
            cwndReductionsEcn++;
        }
    }

    /** RFC 6298 §2.2–2.3 with clock granularity G = 0 (ps clock). */
    private void sampleRtt(long r) {
        if (srttPs < 0) {
            srttPs = r;
            rttvarPs = r / 2;
        } else {
            rttvarPs = (3 * rttvarPs + Math.abs(srttPs - r)) / 4;
            srttPs = (7 * srttPs + r) / 8;
        }
        rtoPs = Math.min(params.maxRtoPs(), Math.max(params.minRtoPs(), srttPs + 4 * rttvarPs));
    }

    /** RFC 6298 §5.4–5.7 and RFC 5681 §3.1 eq. 4: back off, one segment, go back to sndUna. */
    private void onTimeout() {
        if (sndUna >= sndMax) {
            return;
        }
        timeouts++;
        ssthresh = Math.max((sndMax - sndUna) / 2, 2L * mss);
        cwnd = mss;
        recover = sndMax;
        inRecovery = false;
        dupAcks = 0;
        timing = false;
        sndNxt = sndUna;
        rtoPs = Math.min(params.maxRtoPs(), 2 * rtoPs);
        pump();
    }

    // ---------------------------------------------------------------- receiver

    private void onData(Packet p) {
        long seq = p.tcpSeq;
        long end = seq + p.payloadBytes;
        boolean ce = p.ceMarked();
        receiverNic.pool().consume(p);
        if (end > rcvNxt) {
            if (seq <= rcvNxt) {
                rcvNxt = ooo.advance(end);
            } else {
                ooo.add(seq, end);
            }
        }
        receiverNic.sendFrame(Segments.build(
                receiverNic, this, false, 0, rcvNxt, Segments.ACK | (ce && params.dctcp() ? Segments.ECE : 0), 0, 0));
    }

    // ---------------------------------------------------------------- results

    /** Bytes delivered in order to the receiving application. */
    public long deliveredBytes() {
        return rcvNxt;
    }

    /** Bytes the sender has seen acknowledged. */
    public long ackedBytes() {
        return sndUna;
    }

    /** When the first segment was sent, or -1. */
    public long startedPs() {
        return startedPs;
    }

    /** When the last byte of a sized flow was acknowledged, or -1. */
    public long completedPs() {
        return completedPs;
    }

    /** Segments sent again (fast retransmit, partial ACKs, after a timeout). */
    public long retransmittedSegments() {
        return retransmittedSegments;
    }

    public long fastRetransmits() {
        return fastRetransmits;
    }

    public long timeouts() {
        return timeouts;
    }

    /** DCTCP window reductions on ECN echo. */
    public long ecnReductions() {
        return cwndReductionsEcn;
    }

    public long cwndBytes() {
        return cwnd;
    }

    public long ssthreshBytes() {
        return ssthresh;
    }

    public double dctcpAlpha() {
        return alpha;
    }

    public int mssBytes() {
        return mss;
    }
}
