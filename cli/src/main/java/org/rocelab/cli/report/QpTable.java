package org.rocelab.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return new QpTable(out);
        }
        List<String> header = List.of(lines.get(0).split(",", -1));
        int name = header.indexOf("flow_name");
        int tx = header.indexOf("port_tx");
        int rx = header.indexOf("port_rx");
        if (name < 0 || tx < 0 || rx < 0) {
            throw new IllegalArgumentException(file + ": expected the qp.csv header (flow_name, port_tx, port_rx)");
        }
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isEmpty()) {
                continue;
            }
            String[] f = lines.get(i).split(",", -1);
            if (f.length != header.size()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected " + header.size() + " fields");
            }
            int slash = f[name].lastIndexOf('/');
            String src = host(f[tx]);
            out.add(new Qp(
                    slash < 0 ? f[name] : f[name].substring(0, slash),
                    src,
                    host(f[rx]),
                    f[tx],
                    slash < 0 ? f[name] : src + f[name].substring(slash)));
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
