package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

class PartitionDealTest {
    @Test
    void aThreadTakesItsOwnHandInOrderThenWhatIsLeftOfTheOthers() {
        PartitionDeal deal = new PartitionDeal(5, 2);
        // round robin at first: slot 0 has 0, 2, 4 and slot 1 has 1, 3, each in the dealt order
        deal.deal(new int[] {4, 1, 2, 3, 0});
        assertThat(deal.take(1)).isEqualTo(1);
        assertThat(deal.take(1)).isEqualTo(3);
        // slot 1's hand is done: it takes the next of slot 0's, which becomes its own
        assertThat(deal.take(1)).isEqualTo(4);
        assertThat(deal.take(0)).isEqualTo(2);
        assertThat(deal.take(0)).isEqualTo(0);
        assertThat(deal.take(0)).isEqualTo(-1);
        assertThat(deal.take(1)).isEqualTo(-1);
        assertThat(deal.lastRunBy(4)).isEqualTo(1);

        // next window: partition 4 is dealt to slot 1 now
        deal.deal(new int[] {0, 1, 2, 3, 4});
        assertThat(takeAll(deal, 1)).containsExactly(1, 3, 4, 0, 2);
    }

    @Test
    void aPartitionStaysWithTheThreadThatRanItWhenEachRunsItsOwnHand() {
        PartitionDeal deal = new PartitionDeal(6, 3);
        for (int window = 0; window < 4; window++) {
            deal.deal(new int[] {5, 4, 3, 2, 1, 0});
            for (int slot = 0; slot < 3; slot++) {
                List<Integer> hand = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    hand.add(deal.take(slot));
                }
                int own = slot;
                assertThat(hand).allMatch(p -> p % 3 == own);
            }
        }
    }

    @Test
    void everyPartitionIsTakenExactlyOnceByThreadsAtOnce() throws InterruptedException {
        int partitions = 64;
        int threads = 4;
        PartitionDeal deal = new PartitionDeal(partitions, threads);
        int[] order = new int[partitions];
        for (int p = 0; p < partitions; p++) {
            order[p] = (p * 37) % partitions;
        }
        for (int window = 0; window < 200; window++) {
            deal.deal(order);
            ConcurrentLinkedQueue<Integer> taken = new ConcurrentLinkedQueue<>();
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int slot = t;
                ts[t] = new Thread(() -> {
                    int p;
                    while ((p = deal.take(slot)) >= 0) {
                        taken.add(p);
                        if (slot == 0) {
                            Thread.onSpinWait(); // slot 0 slower: the others take from its hand
                        }
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            assertThat(taken).hasSize(partitions).doesNotHaveDuplicates();
        }
    }

    private static List<Integer> takeAll(PartitionDeal deal, int slot) {
        List<Integer> out = new ArrayList<>();
        for (int p = deal.take(slot); p >= 0; p = deal.take(slot)) {
            out.add(p);
        }
        return out;
    }
}
