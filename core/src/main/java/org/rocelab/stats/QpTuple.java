package org.rocelab.stats;

import java.util.List;

/**
 * The columns qp.csv adds after Open Traffic Generator's (docs/outputs.md): the QP's 5-tuple as
 * its data packets carry it (UDP, so the protocol is 17 and not written) and the egress ports
 * those packets leave by, in order, from the sending NIC's port to the last switch's port toward
 * the destination. Fields a QP does not have (a RoCEv1 QP has no IP/UDP header that a router
 * reads) are empty.
 *
 * @param srcIp source IPv4 address, dotted
 * @param dstIp destination IPv4 address, dotted
 * @param srcPort UDP source port (the QP's ECMP entropy), or -1
 * @param dstPort UDP destination port (4791), or -1
 * @param hops egress port names in order ({@code h0:leaf0}, {@code leaf0:spine1}, …); empty when
 *     not known
 */
public record QpTuple(String srcIp, String dstIp, int srcPort, int dstPort, List<String> hops) {
    /** The column names, in order. */
    public static final String HEADER = "src_ip,dst_ip,src_port,dst_port,hops";

    /** A QP with no 5-tuple (empty fields). */
    public static final QpTuple NONE = new QpTuple("", "", -1, -1, List.of());

    public QpTuple {
        hops = List.copyOf(hops);
    }

    /** {@link #hops} joined by {@code |}, as in qp.csv. */
    public String hopsText() {
        return String.join("|", hops);
    }

    /** Appends this tuple's fields, comma-separated, no leading comma. */
    void appendCsv(StringBuilder sb) {
        sb.append(Csv.field(srcIp))
                .append(',')
                .append(Csv.field(dstIp))
                .append(',')
                .append(srcPort < 0 ? "" : Integer.toString(srcPort))
                .append(',')
                .append(dstPort < 0 ? "" : Integer.toString(dstPort))
                .append(',')
                .append(Csv.field(hopsText()));
    }
}
