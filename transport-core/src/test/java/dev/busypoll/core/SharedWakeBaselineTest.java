/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SharedWakeBaseline}: the lowest offer of the current and the previous period, forgotten after that; and
 * under concurrent offers within a period, the compare-and-set loop must keep the lowest offer whatever the
 * interleaving, and a reader must never see the value rise. Bounded in time; the threads outnumber the cores on
 * purpose, so that offers interleave with preemption.
 */
class SharedWakeBaselineTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 200;
    private static final int OFFERS_PER_THREAD = 2_000;

    /** A clock the test moves. */
    private final AtomicLong now = new AtomicLong(-3 * SharedWakeBaseline.PERIOD_NANOS); // nanoTime() may be < 0

    @Test
    void shouldKeepTheLowestOfferOfAtLeastTwoMicroseconds() {
        SharedWakeBaseline shared = new SharedWakeBaseline(now::get);
        assertEquals(0, shared.nanos(), "nothing offered yet");
        shared.offer(5_000);
        shared.offer(7_000);
        assertEquals(5_000, shared.nanos(), "a higher offer is ignored");
        shared.offer(3_000);
        assertEquals(3_000, shared.nanos());
        shared.offer(SharedWakeBaseline.MIN_NANOS - 1);
        assertEquals(3_000, shared.nanos(), "below 2 µs: a park that a signal beat to sleep, ignored");
        shared.offer(SharedWakeBaseline.MIN_NANOS);
        assertEquals(SharedWakeBaseline.MIN_NANOS, shared.nanos());
        assertEquals("SharedWakeBaseline{2000 ns}", shared.toString());
    }

    /**
     * One calm measurement does not hold every loop's thresholds down for the life of the JVM: once nobody has
     * offered it for a period, the value rises to what the controllers offer now, and with no offer at all it is
     * forgotten.
     */
    @Test
    void shouldForgetALowOfferThatIsNotRepeatedWithinTwoPeriods() {
        long period = SharedWakeBaseline.PERIOD_NANOS;
        SharedWakeBaseline shared = new SharedWakeBaseline(now::get);
        shared.offer(3_000); // a calm moment
        now.addAndGet(period / 2);
        shared.offer(50_000); // the machine got slower
        assertEquals(3_000, shared.nanos(), "the same period: still the lowest");
        now.addAndGet(period);
        shared.offer(50_000);
        assertEquals(3_000, shared.nanos(), "the next period still counts the previous one's lowest");
        now.addAndGet(period);
        shared.offer(60_000);
        assertEquals(50_000, shared.nanos(), "two periods on: the calm offer is forgotten");
        shared.offer(3_000);
        assertEquals(3_000, shared.nanos(), "a fast wake-up seen again counts again at once");

        now.addAndGet(period);
        assertEquals(3_000, shared.nanos(), "a period without offers: the previous period's lowest");
        now.addAndGet(period);
        assertEquals(0, shared.nanos(), "two periods without offers: none");
        now.addAndGet(5 * period);
        shared.offer(8_000);
        assertEquals(8_000, shared.nanos(), "after a long silence the first offer is the value");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldKeepTheLowestOfConcurrentOffersAndNeverRise() throws Exception {
        SplittableRandom seeds = new SplittableRandom(42);
        for (int round = 0; round < ROUNDS; round++) {
            SharedWakeBaseline shared = new SharedWakeBaseline(now::get); // one period: the value never rises
            AtomicLong lowest = new AtomicLong(Long.MAX_VALUE);
            AtomicLong rises = new AtomicLong();
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Worker<Void>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                SplittableRandom random = seeds.split();
                workers.add(Worker.run("offerer-" + t, () -> {
                    long seen = 0;
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < OFFERS_PER_THREAD; i++) {
                        long offer = random.nextLong(1_000, 1_000_000);
                        shared.offer(offer);
                        if (offer >= SharedWakeBaseline.MIN_NANOS) {
                            lowest.accumulateAndGet(offer, Math::min);
                        }
                        long now = shared.nanos();
                        if (seen != 0 && now > seen) {
                            rises.incrementAndGet();
                        }
                        assertTrue(now != 0 || offer < SharedWakeBaseline.MIN_NANOS, "an accepted offer is visible");
                        seen = now;
                    }
                }));
            }
            Worker.joinAll(20, "round " + round, workers);
            assertEquals(lowest.get(), shared.nanos(), "round " + round + ": the lowest accepted offer wins");
            assertEquals(0, rises.get(), "round " + round + ": a reader saw the value rise");
        }
    }
}
