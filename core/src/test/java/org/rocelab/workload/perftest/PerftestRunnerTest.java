package org.rocelab.workload.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rocelab.run.Fabric;

/** perftest programs against the analytical figures of docs/fragments/perftest.md. */
class PerftestRunnerTest {
    private static PerftestResult run(String speed, String fec, int hops, String pcie, PerftestParams p) {
        Fabric f = PerftestFabric.build(speed, "2m", fec, 9000, hops, pcie);
        return PerftestRunner.run(f, "h0", "h1", p.validated());
    }

    private static PerftestParams params(PerftestTest t) {
        return PerftestParams.defaults(t);
    }

    @Test
    void probe() {
        PerftestResult r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_WRITE_BW));
        PerftestReport.lines(r).forEach(System.out::println);
        r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_WRITE_LAT));
        PerftestReport.lines(r).forEach(System.out::println);
        r = run("100G", "rs", 2, "auto", params(PerftestTest.IB_WRITE_LAT));
        PerftestReport.results(r).forEach(System.out::println);
        r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_SEND_LAT));
        PerftestReport.results(r).forEach(System.out::println);
        r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_READ_LAT));
        PerftestReport.results(r).forEach(System.out::println);
        r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_READ_BW));
        PerftestReport.results(r).forEach(System.out::println);
        r = run("100G", "rs", 0, "auto", params(PerftestTest.IB_SEND_BW));
        PerftestReport.results(r).forEach(System.out::println);
    }
}
