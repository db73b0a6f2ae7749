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

import org.junit.jupiter.api.Test;

/** {@link AutoEpisodes}: what the ladder's adaptive parts publish, stepped by hand on a manual clock. */
class AutoEpisodesTest {
    private static final long FIXED = 5_000L;

    private final ManualClock clock = new ManualClock();
    private final AdaptiveSpinPolicy policy =
            new AdaptiveSpinPolicy(new SharedWakeBaseline(), new SharedOversubscription());
    private final AutoEpisodes episodes =
            new AutoEpisodes(policy, clock, CoreContention.manual(), new IdleStats(), policy.spinNanos());

    @Test
    void shouldGiveTheOwnerTheLastWordOnTheWindowAfterALateReportRacedAReconfiguration() {
        long start = clock.now();
        episodes.startAutoEpisode(start, false);
        episodes.endEpisode(start + 1_000, false, false);
        episodes.publishWindow(FIXED); // another thread configures a fixed window ...
        episodes.feedPendingEpisode(true); // ... after the owner read AUTO: the late report publishes AUTO's window
        assertEquals(policy.spinNanos(), episodes.windowInEffect(), "overwritten by the late report");
        episodes.startFixedEpisode(start + 2_000, false, FIXED);
        assertEquals(FIXED, episodes.windowInEffect(), "the episode with the fixed window publishes it again");
    }

    @Test
    void shouldNotPublishAutosWindowOnceAFixedOneIsConfigured() {
        long start = clock.now();
        episodes.startAutoEpisode(start, false);
        episodes.endEpisode(start + 1_000, false, false);
        episodes.publishWindow(FIXED);
        episodes.feedPendingEpisode(false);
        assertEquals(FIXED, episodes.windowInEffect());
    }
}
