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
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SharedOversubscription}: what a sighting means to a controller that starts, and the stamp under concurrent
 * writers (deterministic times in the unit tests; the stress test is bounded in time and asserts no timing).
 */
class SharedOversubscriptionTest {
    private static final long MS = 1_000_000L;
    private static final long T0 = 5_000_000_000L;

    /** A controller that shares {@code machine}'s sightings and has measured 64 wake-ups of {@code nanos}. */
    private static AdaptiveSpinPolicy wokenIn(long nanos, SharedOversubscription machine) {
        AdaptiveSpinPolicy p = new AdaptiveSpinPolicy(new SharedWakeBaseline(), machine);
        for (int i = 0; i < 64; i++) {
            p.onWakeLatency(nanos);
        }
        return p;
    }

    @Test
    void shouldSayNothingUntilSomebodySawIt() {
        SharedOversubscription machine = new SharedOversubscription();
        assertFalse(machine.seenRecently(T0));
        assertFalse(machine.seenRecently(Long.MIN_VALUE), "whatever the clock reads");
    }

    @Test
    void shouldCountASightingForTenSeconds() {
        SharedOversubscription machine = new SharedOversubscription();
        machine.markSeen(T0);
        assertTrue(machine.seenRecently(T0 + 9_999 * MS));
        assertFalse(machine.seenRecently(T0 + 10_000 * MS), "older than ten seconds: forgotten");
        machine.markSeen(T0 + 20_000 * MS);
        assertTrue(machine.seenRecently(T0 + 20_500 * MS), "a fresh sighting counts again");
    }

    @Test
    void shouldStartAnUntrainedControllerOversubscribedAfterARecentSighting() {
        SharedOversubscription machine = new SharedOversubscription();
        AdaptiveSpinPolicy witness = wokenIn(8_000, machine);
        for (int i = 0; i < 32; i++) {
            witness.onEpisode(6_000, true);
        }
        assertTrue(witness.isOversubscribed());
        witness.spinNanos(T0); // an oversubscribed controller reports what it sees when an episode starts
        assertTrue(machine.seenRecently(T0));

        AdaptiveSpinPolicy newcomer = new AdaptiveSpinPolicy(new SharedWakeBaseline(), machine);
        assertFalse(newcomer.isOversubscribed(), "nothing observed yet");
        long window = newcomer.spinNanos(T0 + 10 * MS);
        assertTrue(newcomer.isOversubscribed(), "believes the sighting before its first decision");
        assertEquals(newcomer.baselineWakeNanos() / 2, window, "so its first episodes spin half a wake-up, not 10 µs");

        int calm = 0;
        while (newcomer.isOversubscribed() && calm < 100) {
            newcomer.onEpisode(6_000, false);
            calm++;
        }
        assertFalse(newcomer.isOversubscribed(), "its own uncontended episodes take over");
        assertTrue(calm <= 32, "within a few dozen episodes: " + calm);
    }

    @Test
    void shouldNotMoveAControllerThatOldSightingsOrItsOwnEpisodesContradict() {
        SharedOversubscription machine = new SharedOversubscription();
        machine.markSeen(T0);
        AdaptiveSpinPolicy late = new AdaptiveSpinPolicy(new SharedWakeBaseline(), machine);
        late.spinNanos(T0 + 20_000 * MS);
        assertFalse(late.isOversubscribed(), "a sighting twenty seconds old says nothing about now");

        AdaptiveSpinPolicy trained = new AdaptiveSpinPolicy(new SharedWakeBaseline(), machine);
        for (int i = 0; i < 64; i++) {
            trained.onEpisode(700, false);
        }
        machine.markSeen(T0 + 30_000 * MS);
        trained.spinNanos(T0 + 30_000 * MS);
        assertFalse(trained.isOversubscribed(), "a controller that has decided trusts its own episodes");
    }

    @Test
    void shouldCapTheSpinOfACalmControllerWhileAnotherOnesSightingIsFresh() {
        SharedOversubscription machine = new SharedOversubscription();
        AdaptiveSpinPolicy reader = wokenIn(6_000, machine);
        for (int i = 0; i < 256; i++) {
            reader.onEpisode(700, false); // its waits end inside its spin: calm, by its own episodes
        }
        long learnt = reader.spinNanos();
        assertTrue(learnt > reader.baselineWakeNanos(), "a long window learnt from short waits: " + learnt);
        assertEquals(learnt, reader.spinNanos(T0), "nobody has seen oversubscription");

        machine.markSeen(T0);
        assertEquals(reader.baselineWakeNanos() / 2, reader.spinNanos(T0 + MS),
                "a sighting of the moment caps the spin at what an oversubscribed controller spins");
        assertEquals(reader.baselineWakeNanos() / 2, reader.spinNanos(T0 + SharedOversubscription.CURRENT_NANOS - 1));
        assertFalse(reader.isOversubscribed(), "its own state and decisions are kept");
        assertEquals(learnt, reader.spinNanos(), "and reported uncapped");
        assertEquals(learnt, reader.spinNanos(T0 + SharedOversubscription.CURRENT_NANOS),
                "once the sighting is 5 ms old the learnt window is back");
    }

    @Test
    void shouldLeaveTheWindowForAReplyUncappedWhileAnotherControllersSightingIsFresh() {
        // A client loop: after it sends a request it waits about 10 µs for the reply; between requests it waits
        // 700 ns for its own next input. Calm by its own episodes.
        SharedOversubscription machine = new SharedOversubscription();
        AdaptiveSpinPolicy client = wokenIn(6_000, machine);
        for (int i = 0; i < 256; i++) {
            client.select(i % 2 == 0);
            client.onEpisode(i % 2 == 0 ? 10_000 : 700, false);
        }
        long forTheReply = client.spinNanos(true);
        assertTrue(forTheReply >= 10_000, "a window that covers the reply: " + forTheReply);

        machine.markSeen(T0);
        client.select(true);
        assertEquals(forTheReply, client.spinNanos(T0 + MS),
                "waiting for the reply to what it sent, it spins for its own round trip, as its episodes judge it");
        client.select(false);
        assertEquals(client.baselineWakeNanos() / 2, client.spinNanos(T0 + MS),
                "waiting for input alone, it spins no longer than an oversubscribed controller");
    }

    @Test
    void shouldRefreshASightingOnlyOncePerMillisecond() {
        SharedOversubscription machine = new SharedOversubscription();
        assertEquals("SharedOversubscription{never seen}", machine.toString());
        machine.markSeen(T0);
        machine.markSeen(T0 + SharedOversubscription.REFRESH_NANOS - 1); // too soon: still seen at T0
        assertEquals("SharedOversubscription{seen at " + T0 + "}", machine.toString());
        assertFalse(machine.seenJustNow(T0 + SharedOversubscription.CURRENT_NANOS));
        machine.markSeen(T0 + SharedOversubscription.REFRESH_NANOS);
        assertTrue(machine.seenJustNow(T0 + SharedOversubscription.CURRENT_NANOS), "refreshed after 1 ms");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldShowEveryReaderASightingOnceOneIsMadeWhateverTheInterleaving() throws Exception {
        int threads = 8;
        for (int round = 0; round < 300; round++) {
            SharedOversubscription machine = new SharedOversubscription();
            AtomicLong marked = new AtomicLong(); // writers that finished a markSeen
            AtomicLong misses = new AtomicLong();
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Worker<Void>> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                boolean writer = t % 2 == 0;
                all.add(Worker.run(writer ? "marker-" + t : "reader-" + t, () -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < 500; i++) {
                        if (writer) {
                            machine.markSeen(System.nanoTime());
                            marked.incrementAndGet();
                        } else {
                            boolean before = marked.get() > 0; // a mark completed before this read
                            if (before && !machine.seenRecently(System.nanoTime())) {
                                misses.incrementAndGet();
                            }
                        }
                    }
                }));
            }
            Worker.joinAll(20, "round " + round, all);
            assertEquals(0, misses.get(), "round " + round + ": a reader missed a sighting made before its read");
            assertTrue(machine.seenRecently(System.nanoTime()));
        }
    }
}
