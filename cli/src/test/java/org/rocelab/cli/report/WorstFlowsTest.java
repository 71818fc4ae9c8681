package org.rocelab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's "lost most" flows: the three highest slowdowns of fct.csv, ties to the lower id. */
class WorstFlowsTest {
    @TempDir
    Path tmp;

    @Test
    void highestSlowdownsFirstTiesToTheLowerIdWhateverTheRowOrder() throws IOException {
        Path fct = tmp.resolve("fct.csv");
        Files.writeString(
                fct,
                String.join(
                        "\n",
                        "id,src,dst,bytes,start_ps,end_ps,fct_ns,ideal_fct_ns,slowdown",
                        "9,h9,h0,1000,0,1,1,1,2.5",
                        "4,h4,h0,1000,0,1,1,1,7",
                        "5,h5,h0,1000,0,1,1,1,not-a-number",
                        "8,h8,h0,1000,0,1,1,1,2.5",
                        "1,h1,h0,1000,0,1,1,1,1",
                        "6,h6,h0,1000,0,1,1,1,",
                        "7,h7,h0,1000,0,1,1,1,2.5",
                        "3,h3,h0,1000,0,1,1,1,9.75",
                        ""));
        List<String[]> worst = ReportData.worstFlows(fct);
        assertThat(worst).extracting(p -> p[0] + "->" + p[1]).containsExactly("h3->h0", "h4->h0", "h7->h0");
    }

    @Test
    void fewerFlowsThanThreeGiveAllOfThem() throws IOException {
        Path fct = tmp.resolve("fct.csv");
        Files.writeString(fct, "id,src,dst,bytes,start_ps,end_ps,fct_ns,ideal_fct_ns,slowdown\n2,a,b,1,0,1,1,1,1.5\n");
        assertThat(ReportData.worstFlows(fct)).extracting(p -> p[0]).containsExactly("a");
        assertThat(ReportData.worstFlows(tmp.resolve("missing.csv"))).isEmpty();
    }
}
