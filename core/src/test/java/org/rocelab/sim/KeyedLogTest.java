package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link KeyedLog}: records read in (time, tie) order, one event's records in append order. */
class KeyedLogTest {

    @Test
    void recordsAppendedPartitionByPartitionAreReadInKeyOrder() {
        KeyedLog<String> log = new KeyedLog<>();
        // a window's partition 1 first (ties of components 5 and 7), then partition 0 (component 2)
        log.add("p1 t=20 c5 first", 20, 5L << 40);
        log.add("p1 t=20 c5 second", 20, 5L << 40);
        log.add("p1 t=35 c7", 35, 7L << 40);
        log.add("p0 t=20 c2", 20, 2L << 40);
        log.add("p0 t=30 c2", 30, (2L << 40) | 1);
        assertThat(log.inOrder())
                .containsExactly("p0 t=20 c2", "p1 t=20 c5 first", "p1 t=20 c5 second", "p0 t=30 c2", "p1 t=35 c7");
        assertThat(log.size()).isEqualTo(5);
    }

    @Test
    void recordsAppendedInKeyOrderStayAsAppended() {
        KeyedLog<Integer> log = new KeyedLog<>();
        for (int i = 0; i < 200; i++) {
            log.add(i, i / 3, i % 3);
        }
        assertThat(log.inOrder()).hasSize(200).isSorted();
    }
}
