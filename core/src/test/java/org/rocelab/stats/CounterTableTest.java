package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The counter table's leaves: each (node, port, priority) its own, whatever order sets come in. */
class CounterTableTest {
    @Test
    void setsReachTheirOwnLeafAfterTheLeafSetLast() {
        CounterTable t = new CounterTable();
        t.set("sw0", "p1", 3, "a", 1)
                .set("sw0", "p1", 3, "b", 2)
                .set("sw0", "p1", 4, "a", 3)
                .set("sw0", "p2", 4, "a", 4)
                .set("sw1", "p2", 4, "a", 5)
                .add("sw0", "p1", "3", "a", 10)
                .set(new String("sw1"), new String("p2"), "4", "b", 6.5);
        assertThat(t.get("sw0", "p1", "3", "a")).isEqualTo(11L);
        assertThat(t.get("sw0", "p1", "3", "b")).isEqualTo(2L);
        assertThat(t.get("sw0", "p1", "4", "a")).isEqualTo(3L);
        assertThat(t.get("sw0", "p2", "4", "a")).isEqualTo(4L);
        assertThat(t.get("sw1", "p2", "4", "a")).isEqualTo(5L);
        assertThat(t.get("sw1", "p2", "4", "b")).isEqualTo(6.5);
        assertThat(t.view().get("sw0").get("p1").keySet()).containsExactly("3", "4");
    }

    @Test
    void anEmptyOrMissingNameIsRefusedAfterASet() {
        CounterTable t = new CounterTable().set("sw0", "p1", 3, "a", 1);
        assertThatThrownBy(() -> t.set(null, "p1", "3", "a", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("counter node name must not be empty");
        assertThatThrownBy(() -> t.set("sw0", "", "3", "a", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("counter port name must not be empty");
    }
}
