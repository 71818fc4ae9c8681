package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ecmp.collision} names the colliding QPs as every other output does: {@code <host>/qp0x<qpn>}. */
class EcmpCheckTest {
    @TempDir
    Path tmp;

    @Test
    void theCollidingQpsAreNamedWithTheirHostsAsTimeseriesCsvNamesThem() throws IOException {
        Diagnosis d = DiagRun.run(DiagRun.example("ecmp-collision"), tmp);
        Finding f = d.findings().get(0);
        assertThat(f.id()).as(d.text()).isEqualTo("ecmp.collision");
        List<Map<String, String>> qps = RunOutputs.read(tmp).qps();
        List<String> named = f.evidence().stream()
                .filter(e -> e.counter().equals("qp.csv hops"))
                .map(Evidence::where)
                .toList();
        // both elephants (workloads a: h0 -> h2, b: h1 -> h3) share leaf0:spine0, each host's first QP
        assertThat(named).containsExactly("h0/qp0x100", "h1/qp0x100");
        Set<String> entities = Files.readAllLines(tmp.resolve("timeseries.csv")).stream()
                .map(l -> l.split(",", -1))
                .filter(x -> x.length == 4)
                .map(x -> x[1])
                .collect(Collectors.toSet());
        assertThat(entities).containsAll(named);
        for (Map<String, String> qp : qps) {
            String host = qp.get("port_tx").substring(0, qp.get("port_tx").indexOf(':'));
            String qpn = "qp0x" + Integer.toHexString(Integer.parseInt(qp.get("src_qp")));
            assertThat(RunOutputs.qpName(qp)).isEqualTo(host + "/" + qpn);
            assertThat(f.explanation())
                    .contains(host + "/" + qpn + " (" + qp.get("flow_name") + ", " + qp.get("src_ip") + ":"
                            + qp.get("src_port") + " -> " + qp.get("dst_ip") + ":4791 udp)");
        }
    }
}
