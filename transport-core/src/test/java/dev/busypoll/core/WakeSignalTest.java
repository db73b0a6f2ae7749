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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link WakeSignal}: single-thread behaviour, and stress tests that try to lose a wake-up. A lost wake-up leaves
 * a thread parked with no deadline; the tests join with a bound and fail instead of hanging. The model-checked
 * counterpart is {@link WakeSignalModelCheckTest}.
 */
class WakeSignalTest {
    /** Time budget per stress run (2 shared cores: bounded, not a count). */
    private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

    @Test
    void shouldNotUnparkWhenNobodyParks() {
        WakeSignal signal = new WakeSignal();
        assertFalse(signal.signal());
        assertFalse(signal.isParking());
    }

    @Test
    @Timeout(5)
    void shouldReturnAtOnceFromParkWhenSignalledAfterPrepare() {
        WakeSignal signal = new WakeSignal();
        signal.prepareToPark();
        assertTrue(signal.isParking());
        assertTrue(signal.signal(), "a prepared consumer is woken");
        assertFalse(signal.signal(), "only once per park");
        assertTrue(signal.park(Long.MAX_VALUE), "the signal already came: no sleep, reported as signalled");
    }

    @Test
    void shouldDescribeItsState() {
        WakeSignal signal = new WakeSignal();
        assertEquals("WakeSignal{AWAKE}", signal.toString());
        signal.prepareToPark();
        assertEquals("WakeSignal{PARKING}", signal.toString());
        signal.cancelPark();
    }

    @Test
    void shouldClearTheFlagOnCancel() {
        WakeSignal signal = new WakeSignal();
        signal.prepareToPark();
        signal.cancelPark();
        assertFalse(signal.isParking());
        assertFalse(signal.signal());
    }

    @Test
    @Timeout(5)
    void shouldReturnUnsignalledAtTheDeadline() {
        WakeSignal signal = new WakeSignal();
        signal.prepareToPark();
        assertFalse(signal.park(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1)));
        assertFalse(signal.isParking());
        signal.prepareToPark();
        assertFalse(signal.park(System.nanoTime() - 1), "a past deadline does not sleep");
    }

    @Test
    @Timeout(5)
    void shouldReturnWhenInterruptedAndLeaveTheStatusSet() {
        WakeSignal signal = new WakeSignal();
        signal.prepareToPark();
        Thread.currentThread().interrupt();
        try {
            assertFalse(signal.park(Long.MAX_VALUE));
            assertTrue(Thread.currentThread().isInterrupted());
            assertFalse(signal.isParking());
        } finally {
            Thread.interrupted();
        }
    }

    /**
     * Ping-pong between two threads, each waiting for the other's counter through the signalled ladder, as
     * often as the time budget allows. Both sides go straight to parking (spin 0, yield 0) or spin briefly, so
     * the announce/re-check/signal race is hit on most rounds.
     */
    @ParameterizedTest
    @ValueSource(longs = {0, 2_000})
    @Timeout(30)
    void shouldNotLoseAWakeUpInAPingPong(long spinNanos) throws Exception {
        WakeSignal toPong = new WakeSignal();
        WakeSignal toPing = new WakeSignal();
        AtomicLong pings = new AtomicLong();
        AtomicLong pongs = new AtomicLong();
        AtomicLong stop = new AtomicLong(Long.MAX_VALUE);
        Worker<Void> ponger = Worker.run("ponger", () -> {
            IdleLadder ladder = new IdleLadder(spinNanos, 0, 1, 1);
            for (long i = 1; i <= stop.get(); i++) {
                long expected = i;
                while (pings.get() < expected && expected <= stop.get()) {
                    ladder.idle(toPong, () -> pings.get() >= expected || expected > stop.get(), Long.MAX_VALUE);
                }
                ladder.reset();
                if (pings.get() < expected) {
                    return;
                }
                pongs.set(i);
                toPing.signal();
            }
        });
        IdleLadder ladder = new IdleLadder(spinNanos, 0, 1, 1);
        long deadline = System.nanoTime() + RUN_NANOS;
        long round = 0;
        long waitLimit = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() - deadline < 0) {
            long expected = ++round;
            pings.set(expected);
            toPong.signal();
            while (pongs.get() < expected) {
                // a bounded park: a lost wake-up of this side shows up as a failure, not a hang
                ladder.idle(toPing, () -> pongs.get() >= expected, System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
                if (pongs.get() < expected && System.nanoTime() - waitLimit > 0) {
                    throw new AssertionError("lost wake-up: round " + expected + " never answered");
                }
            }
            ladder.reset();
        }
        stop.set(round);
        toPong.signal();
        ponger.join(10, "round " + round);
        assertEquals(round, pongs.get());
        assertEquals(ladder.stats().parks(), ladder.stats().signalledWakeups(),
                "every park of the pinger ended by a signal, none at its deadline");
        System.out.printf("ping-pong spin=%d ns: %,d rounds; pinger %s%n", spinNanos, round, ladder.stats());
    }

    /**
     * Several producers publish work items and signal; one consumer waits for each next item. Producers publish
     * whenever the consumer has caught up, until the consumer stops them, so a consumer that waits for 5 s has
     * lost a wake-up. Every park of the consumer must end by a signal, and at the end at most one item per producer
     * (those that saw the consumer caught up at the same moment) is left unconsumed.
     */
    @Test
    @Timeout(30)
    void shouldNotLoseAWakeUpWithSeveralProducers() throws Exception {
        int producers = 3;
        WakeSignal signal = new WakeSignal();
        AtomicLong published = new AtomicLong();
        AtomicLong consumed = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Worker<Void>> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            threads.add(Worker.run("producer-" + p, () -> {
                while (!stop.get()) {
                    // publish only when the consumer caught up, so it parks between items
                    if (published.get() == consumed.get()) {
                        published.incrementAndGet();
                        signal.signal();
                    } else {
                        Thread.yield(); // let the consumer have the core (2 shared cores)
                    }
                }
            }));
        }
        IdleLadder ladder = new IdleLadder(0, 0, 1, 1);
        long lostLimit = TimeUnit.SECONDS.toNanos(5);
        long deadline = System.nanoTime() + RUN_NANOS;
        long waits = 0;
        try {
            while (System.nanoTime() - deadline < 0) {
                long seen = consumed.get();
                long waitStart = System.nanoTime();
                while (published.get() <= seen) {
                    ladder.idle(signal, () -> published.get() > seen, System.nanoTime() + lostLimit);
                    if (published.get() <= seen && System.nanoTime() - waitStart > lostLimit) {
                        throw new AssertionError("lost wake-up after item " + seen);
                    }
                }
                ladder.reset();
                waits++;
                consumed.set(published.get());
            }
        } finally {
            stop.set(true);
        }
        Worker.joinAll(10, signal, threads);
        IdleStats stats = ladder.stats();
        assertTrue(consumed.get() >= waits && waits > 0, consumed + " items in " + waits + " waits");
        long left = published.get() - consumed.get();
        assertTrue(left >= 0 && left <= producers, left + " items published after the consumer stopped");
        assertEquals(stats.parks(), stats.signalledWakeups(), "every park ended by a signal, none at its deadline");
        assertEquals(stats.wokeWhileParking(), stats.episodes(), "no windows: every wait that idled parked");
        assertFalse(signal.isParking());
    }

    @Test
    void shouldRecordWhenAProducerWokeTheConsumer() throws Exception {
        WakeSignal signal = new WakeSignal();
        Worker.run("consumer", signal::prepareToPark).join(5, signal); // announces the park, then ends
        long before = System.nanoTime();
        assertTrue(signal.signal(), "the consumer announced a park: this signal wakes it");
        long after = System.nanoTime();
        long at = signal.signalNanos();
        assertTrue(at - before >= 0 && after - at >= 0, "recorded during the signal: " + at);
    }
}
