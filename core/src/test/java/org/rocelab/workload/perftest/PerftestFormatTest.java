package org.rocelab.workload.perftest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PerftestFormatTest {
    @Test
    void addressLineMatchesPerftestsCFormatting() {
        assertThat(PerftestFormat.addressLine("local", 0, 0x154, 0x76f7ac, 0x1bdfdf, 0x7f3e25da2000L))
                .isEqualTo(" local address: LID 0000 QPN 0x0154 PSN 0x76f7ac RKey 0x1bdfdf VAddr 0x007f3e25da2000");
        assertThat(PerftestFormat.cHex(0, 6)).isEqualTo("000000");
        assertThat(PerftestFormat.cHex(0x1, 6)).isEqualTo("0x0001");
    }

    @Test
    void bwTitleAndRowAreByteExact() {
        assertThat(PerftestFormat.bwTitle(true))
                .isEqualTo(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]");
        assertThat(PerftestFormat.bwRow(65536, 5000, 98.01, 98.0123, 0.186951))
                .isEqualTo(" 65536      5000             98.01              98.01  \t\t     0.186951");
        assertThat(PerftestFormat.RESULT_LINE).hasSize(87).matches("-+");
        assertThat(PerftestFormat.title("RDMA_Write", true, false)).isEqualTo("                    RDMA_Write BW Test");
    }

    @Test
    void gidIsPrintedInDecimalLikePerftest() {
        assertThat(PerftestFormat.gidLine(PerftestFormat.ipv4Gid(0xC0A80101)))
                .isEqualTo(" GID: 00:00:00:00:00:00:00:00:00:00:255:255:192:168:01:01");
    }

    @Test
    void latencyStatisticsFollowPrintReportLat() {
        // 11 deltas (12 iterations): 1..9 µs round trips, then two outliers 50 and 60 µs
        long[] deltas = new long[11];
        for (int i = 0; i < 9; i++) {
            deltas[i] = (9 - i) * 2_000_000L; // 18,16,...,2 µs RTT, unsorted on purpose
        }
        deltas[9] = 60_000_000L;
        deltas[10] = 50_000_000L;
        LatencyStats s = LatencyStats.of(deltas, 2);
        // sorted RTTs: 2,4,...,18 | 50, 60 dropped; n = 9; one-way = /2: 1..9
        assertThat(s.minUs()).isEqualTo(1.0);
        assertThat(s.maxUs()).isEqualTo(25.0); // delta[n] = 50 µs RTT: perftest's index
        assertThat(s.typicalUs()).isEqualTo(5.0); // n odd: delta[4]
        assertThat(s.avgUs()).isEqualTo(5.0);
        // deviations 4,3,2,1,0,-1,-2,-3,-4: sum of squares 60, /9
        assertThat(s.stdevUs()).isEqualTo(Math.sqrt(60.0 / 9));
        assertThat(s.p99Us()).isEqualTo(25.0); // ceil(8.91) = 9 → delta[9]
        assertThat(PerftestFormat.latRow(2, 12, s))
                .isEqualTo(
                        " 2       12          1.00           25.00        5.00     \t       5.00        \t2.58   \t\t25.00   \t\t25.00  ");
    }
}
