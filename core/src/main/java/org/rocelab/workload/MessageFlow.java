package org.rocelab.workload;

/**
 * One message tracked as a flow: who, how big, when it was posted and when its completion
 * arrived at the sender (end −1 while running). Kept in arrays by the workloads that own them.
 */
final class MessageFlow {
    final String src;
    final String dst;
    final long sizeBytes;
    final long startPs;
    long endPs = -1;

    MessageFlow(String src, String dst, long sizeBytes, long startPs) {
        this.src = src;
        this.dst = dst;
        this.sizeBytes = sizeBytes;
        this.startPs = startPs;
    }
}
