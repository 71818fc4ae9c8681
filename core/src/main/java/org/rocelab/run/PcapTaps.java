package org.rocelab.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocelab.link.Port;
import org.rocelab.link.PortTap;
import org.rocelab.packet.Packet;
import org.rocelab.scenario.OutputSpec;
import org.rocelab.wire.PcapWriter;

/**
 * Packet captures on cables ({@code outputs.pcap}, {@code rocelab perftest --pcap}): a
 * {@link PortTap} on both ends of a cable writes every frame either end transmits — data, ACKs,
 * CNPs, PFC — into one pcap file (nanosecond timestamps = the frame's first bit on the wire), up
 * to a frame limit. Frames are encoded by {@link org.rocelab.wire.FrameEncoder} off the hot path;
 * ports without a tap pay one null check.
 */
public final class PcapTaps implements AutoCloseable {
    private final List<Capture> captures = new ArrayList<>();

    /** Opens the scenario's taps, writing each file into {@code dir}. */
    public static PcapTaps open(Fabric fabric, List<OutputSpec.PcapTap> taps, Path dir) throws IOException {
        PcapTaps t = new PcapTaps();
        try {
            for (OutputSpec.PcapTap tap : taps) {
                Path file = dir.resolve(tap.file()).normalize();
                if (!file.startsWith(dir.normalize())) {
                    throw new IllegalArgumentException(
                            "outputs.pcap: file '" + tap.file() + "' must stay inside the output folder");
                }
                t.cable(fabric, tap.node(), tap.peer(), file, tap.frames());
            }
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
        return t;
    }

    /**
     * Captures both directions of the cable between {@code node} and {@code peer} into {@code file}.
     *
     * @param frames frames to keep at most (0 = no limit)
     */
    public PcapTaps cable(Fabric fabric, String node, String peer, Path file, long frames) throws IOException {
        Port a = fabric.port(node + ":" + peer);
        Port b = fabric.port(peer + ":" + node);
        if (a == null || b == null) {
            throw new IllegalArgumentException("pcap: no cable between " + node + " and " + peer);
        }
        Capture c = new Capture(PcapWriter.open(file, PcapWriter.DEFAULT_SNAPLEN, frames), frames, a, b);
        captures.add(c);
        a.tap(c);
        b.tap(c);
        return this;
    }

    /** Frames written by every tap so far. */
    public long framesWritten() {
        long n = 0;
        for (Capture c : captures) {
            n += c.writer.framesWritten();
        }
        return n;
    }

    /** Removes the taps from their ports and closes the files. */
    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Capture c : captures) {
            c.a.tap(null);
            c.b.tap(null);
            try {
                c.writer.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        captures.clear();
        if (first != null) {
            throw first;
        }
    }

    /** One cable's capture. */
    private static final class Capture implements PortTap {
        final PcapWriter writer;
        final long limit;
        final Port a;
        final Port b;

        Capture(PcapWriter writer, long frames, Port a, Port b) {
            this.writer = writer;
            this.limit = frames <= 0 ? Long.MAX_VALUE : frames;
            this.a = a;
            this.b = b;
        }

        @Override
        public void onTransmit(Port port, Packet frame, long timePs) {
            if (writer.framesWritten() >= limit) {
                return;
            }
            try {
                writer.write(timePs, frame);
            } catch (IOException e) {
                throw new UncheckedIOException("pcap: cannot write capture", e);
            }
        }
    }
}
