package org.rocelab.cli.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocelab.stats.Csv;

/**
 * qp.csv read back for the report: per sending QP its workload, sender and receiver host, its
 * NIC port ({@code h1:sw0}) and its time-series entity ({@code h1/qp0x100}), so a flow named in
 * {@code outputs.report.flows} or one that lost most against its ideal can be found in the charts.
 */
final class QpTable {
    /** One sending QP. */
    record Qp(String workload, String src, String dst, String portTx, String entity) {}

    private final List<Qp> qps;

    private QpTable(List<Qp> qps) {
        this.qps = qps;
    }

    /** Reads {@code file}; a missing file gives an empty table. */
    static QpTable read(Path file) throws IOException {
        List<Qp> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return new QpTable(out);
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            if (first == null) {
                return new QpTable(out);
            }
            List<String> header = Csv.fields(first);
            int name = header.indexOf("flow_name");
            int tx = header.indexOf("port_tx");
            int rx = header.indexOf("port_rx");
            if (name < 0 || tx < 0 || rx < 0) {
                throw new IllegalArgumentException(file + ": expected the qp.csv header (flow_name, port_tx, port_rx)");
            }
            CsvLine.forEachRow(r, file, header.size(), (f, lineNo) -> {
                String flow = f.field(name);
                String portTx = f.field(tx);
                int slash = flow.lastIndexOf('/');
                String src = host(portTx);
                out.add(new Qp(
                        slash < 0 ? flow : flow.substring(0, slash),
                        src,
                        host(f.field(rx)),
                        portTx,
                        slash < 0 ? flow : src + flow.substring(slash)));
            });
        }
        return new QpTable(out);
    }

    private static String host(String port) {
        int colon = port.indexOf(':');
        return colon < 0 ? port : port.substring(0, colon);
    }

    /** The QPs of workload {@code name}. */
    List<Qp> ofWorkload(String name) {
        return qps.stream().filter(q -> q.workload().equals(name)).toList();
    }

    /** The QPs from host {@code src} to host {@code dst}. */
    List<Qp> between(String src, String dst) {
        return qps.stream()
                .filter(q -> q.src().equals(src) && q.dst().equals(dst))
                .toList();
    }
}
