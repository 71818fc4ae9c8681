package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;

/** {@code fec: [a, b]} on an explicit cable sets each end's FEC; ends that disagree are warned about. */
class FecPerEndTest {
    private static final String TOPO = "topology:\n  kind: explicit\n  nodes: [h0, h1, sw0]\n  links:\n"
            + "    - {a: h0, b: sw0}\n    - {a: sw0, b: h1, fec: FEC}\n";

    @Test
    void twoModesSetTheEndsApartAndWarn() {
        Scenario s = Yaml.load(TOPO.replace("FEC", "[rs, none]"));
        LinkConfig l = s.layout().links().get(1).config();
        assertThat(l.fec()).isEqualTo(FecMode.RS);
        assertThat(l.fecB()).isEqualTo(FecMode.NONE);
        assertThat(l.fecMatches()).isFalse();
        assertThat(l.toLinkSpec().fecMatches()).isFalse();
        assertThat(s.warnings())
                .contains("topology.links.1.fec: sw0 runs rs FEC and h1 runs none: the link between them "
                        + "never comes up and every frame sent into it is dropped");
    }

    @Test
    void oneModeSetsBothEnds() {
        Scenario s = Yaml.load(TOPO.replace("FEC", "fc"));
        LinkConfig l = s.layout().links().get(1).config();
        assertThat(l.fecB()).isEqualTo(FecMode.FC);
        assertThat(l.fecMatches()).isTrue();
        assertThat(s.warnings()).noneMatch(w -> w.contains(".fec"));
    }

    @Test
    void threeModesAreRefused() {
        assertThatThrownBy(() -> Yaml.load(TOPO.replace("FEC", "[rs, rs, none]")))
                .hasMessageContaining("topology.links.1.fec");
    }
}
