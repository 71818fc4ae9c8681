package org.rocelab.workload.perftest;

import org.rocelab.rc.WrOpcode;

/**
 * The six perftest programs rocelab runs (linux-rdma/perftest; roce-facts.md §6), with the
 * defaults perftest gives them: message size ({@code DEF_SIZE_BW} 65536, {@code DEF_SIZE_LAT} 2),
 * iterations ({@code DEF_ITERS_WB} 5000 for write BW, 1000 otherwise), TX depth (128 BW, 1
 * latency) and the RTT factor of the latency report (2 for write/send ping-pong, 1 for read).
 */
public enum PerftestTest {
    IB_WRITE_BW("ib_write_bw", "RDMA_Write", WrOpcode.RDMA_WRITE, true),
    IB_READ_BW("ib_read_bw", "RDMA_Read", WrOpcode.RDMA_READ, true),
    IB_SEND_BW("ib_send_bw", "Send", WrOpcode.SEND, true),
    IB_WRITE_LAT("ib_write_lat", "RDMA_Write", WrOpcode.RDMA_WRITE, false),
    IB_READ_LAT("ib_read_lat", "RDMA_Read", WrOpcode.RDMA_READ, false),
    IB_SEND_LAT("ib_send_lat", "Send", WrOpcode.SEND, false);

    private final String program;
    private final String verb;
    private final WrOpcode opcode;
    private final boolean bandwidth;

    PerftestTest(String program, String verb, WrOpcode opcode, boolean bandwidth) {
        this.program = program;
        this.verb = verb;
        this.opcode = opcode;
        this.bandwidth = bandwidth;
    }

    /** The program name, e.g. {@code ib_write_bw}. */
    public String program() {
        return program;
    }

    /** perftest's verb string ({@code testsStr}): {@code RDMA_Write}, {@code RDMA_Read}, {@code Send}. */
    public String verb() {
        return verb;
    }

    public WrOpcode opcode() {
        return opcode;
    }

    /** True for the BW programs, false for the latency ones. */
    public boolean bandwidth() {
        return bandwidth;
    }

    /** Default {@code -s}: 65536 for BW, 2 for latency. */
    public int defaultSizeBytes() {
        return bandwidth ? 65536 : 2;
    }

    /** Default {@code -n}: 5000 for ib_write_bw, 1000 otherwise. */
    public int defaultIterations() {
        return this == IB_WRITE_BW ? 5000 : 1000;
    }

    /** Default {@code -t}: 128 for BW, 1 for latency. */
    public int defaultTxDepth() {
        return bandwidth ? 128 : 1;
    }

    /** Latency report divisor: 2 for write and send ping-pong, 1 for read round trips. */
    public int rttFactor() {
        return this == IB_READ_LAT ? 1 : 2;
    }

    /** The program called {@code name}, or null. */
    public static PerftestTest byName(String name) {
        for (PerftestTest t : values()) {
            if (t.program.equals(name)) {
                return t;
            }
        }
        return null;
    }
}
