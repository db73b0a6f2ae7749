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

/** {@link TimerLead} follows the late side of the timed parks' lateness, within {@code 0..MAX_LEAD_NANOS}. */
class TimerLeadTest {
    @Test
    void shouldStartWithNoLead() {
        assertEquals(0, new TimerLead().nanos());
    }

    @Test
    void shouldMoveHalfWayTowardsALaterWakeUp() {
        TimerLead lead = new TimerLead();
        lead.onTimedOut(80_000);
        assertEquals(40_000, lead.nanos());
        lead.onTimedOut(80_000);
        assertEquals(60_000, lead.nanos());
    }

    @Test
    void shouldMoveASixteenthOfTheWayTowardsAnEarlierWakeUp() {
        TimerLead lead = new TimerLead();
        lead.onTimedOut(64_000);
        lead.onTimedOut(0);
        assertEquals(32_000 - 2_000, lead.nanos());
    }

    @Test
    void shouldCountAWakeUpBeforeTheDeadlineAsOnTime() {
        TimerLead lead = new TimerLead();
        lead.onTimedOut(32_000);
        lead.onTimedOut(-1_000_000);
        assertEquals(16_000 - 1_000, lead.nanos(), "as a sample of 0, not of -1 ms");
    }

    @Test
    void shouldNeverLeadByMoreThanItsBound() {
        TimerLead lead = new TimerLead();
        for (int i = 0; i < 64; i++) {
            lead.onTimedOut(Long.MAX_VALUE);
        }
        assertEquals(TimerLead.MAX_LEAD_NANOS, lead.nanos());
    }

    @Test
    void shouldSettleOnTheLateSideOfAlternatingWakeUps() {
        TimerLead lead = new TimerLead();
        for (int i = 0; i < 200; i++) {
            lead.onTimedOut(i % 2 == 0 ? 40_000 : 80_000);
        }
        long settled = lead.nanos();
        assertEquals(true, settled > 60_000 && settled < 80_000, "between the mean and the late side: " + settled);
    }

    @Test
    void shouldCountAPreventedParkAsAPromptWakeUp() {
        TimerLead lead = new TimerLead();
        lead.onTimedOut(64_000);
        lead.onParkPrevented();
        assertEquals(32_000 - 2_000, lead.nanos());
    }
}
