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

import dev.busypoll.core.CoreContentionDetector.Reason;

/**
 * The verdict of {@link CoreContentionDetector} from scripted readings: two cores, 100 ticks per CPU per 100 ms
 * interval, so a CPU's busy ticks are its busy percentage.
 */
class CoreContentionDetectorTest {
    private static final long INTERVAL = 100_000_000L;
    private static final long TICKS = 100;

    private final CoreContentionDetector detector = new CoreContentionDetector();
    private long now = 1_000_000_000L;
    private long busy;
    private long total;
    private long ownTicks;
    private long throttled;

    /**
     * One interval on 2 CPUs: the CPUs were busy for {@code busyCores} in all, of which this process used
     * {@code ownCores}.
     */
    private Reason interval(double busyCores, double ownCores) {
        return interval(2, busyCores, ownCores);
    }

    private Reason interval(int cores, double busyCores, double ownCores) {
        now += INTERVAL;
        busy += Math.round(busyCores * TICKS);
        total += 2 * TICKS;
        ownTicks += Math.round(ownCores * TICKS);
        return detector.onReading(new CpuReading(now, cores, 2, busy, total, ownTicks, throttled));
    }

    @Test
    void shouldBeCalmWhenOnlyThisProcessUsesTheCoresEvenAtFullLoad() {
        assertEquals(Reason.CALM, interval(0.1, 0.1));
        for (int i = 0; i < 10; i++) {
            assertEquals(Reason.CALM, interval(2.0, 2.0), "our own spinning is not others' load");
        }
    }

    @Test
    void shouldBeContendedWhenOthersLeaveFewerThanOneAndAHalfCores() {
        interval(0, 0);
        interval(1.6, 0.6); // others 1.0, averaged with nothing before: first interval with load
        assertEquals(Reason.OTHERS_LOAD, detector.reason());
        assertEquals(1.0, detector.othersCores(), 1e-9);
    }

    @Test
    void shouldAverageTwoIntervalsSoThatOneTickOfNoiseDoesNotDecide() {
        interval(0, 0);
        assertEquals(Reason.CALM, interval(0.1, 0.1));
        assertEquals(Reason.CALM, interval(0.8, 0.1), "one interval of 0.7 cores averages to 0.35");
        assertEquals(Reason.OTHERS_LOAD, interval(0.8, 0.1), "two in a row: 0.7 cores");
    }

    @Test
    void shouldTurnCalmOnlyAfterSeveralQuietReadingsWithMarginBelowTheEntry() {
        interval(0, 0);
        interval(2.0, 1.0);
        interval(2.0, 1.0);
        assertEquals(Reason.OTHERS_LOAD, detector.reason());
        // others at 0.4 cores: spare 1.6, between entering (1.5) and leaving (1.75): stays contended
        for (int i = 0; i < 5; i++) {
            assertEquals(Reason.OTHERS_LOAD, interval(0.9, 0.5));
        }
        // others gone: averaged 0.2, then 0; each reading with at least 1.75 cores spare counts towards calm
        for (int i = 1; i < CoreContentionDetector.CALM_READINGS; i++) {
            assertEquals(Reason.OTHERS_LOAD, interval(0.5, 0.5), "reading " + i);
        }
        assertEquals(Reason.CALM, interval(0.5, 0.5));
    }

    @Test
    void shouldStartCalmingAgainWhenLoadReturnsBeforeTheCalmReadingsAreDone() {
        interval(0, 0);
        interval(2.0, 1.0);
        interval(2.0, 1.0);
        interval(0.2, 0.2);
        interval(0.2, 0.2); // calm readings counted: two of three
        assertEquals(Reason.OTHERS_LOAD, interval(2.0, 0.2), "back before the third: the count starts again");
        assertEquals(Reason.OTHERS_LOAD, interval(0.2, 0.2), "the average still holds the load");
        for (int i = 1; i < CoreContentionDetector.CALM_READINGS; i++) {
            assertEquals(Reason.OTHERS_LOAD, interval(0.2, 0.2), "reading " + i);
        }
        assertEquals(Reason.CALM, interval(0.2, 0.2));
    }

    @Test
    void shouldBeContendedOnOneCoreFromTheFirstReading() {
        now += INTERVAL;
        assertEquals(Reason.ONE_CORE, detector.onReading(new CpuReading(now, 1, 0,
                CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN)));
        assertEquals(Reason.ONE_CORE, interval(1, 0.1, 0.1));
        assertEquals(Reason.CALM, interval(2, 0.1, 0.1), "a second core given back");
    }

    @Test
    void shouldHoldAThrottledVerdictForTheHoldTimeThenTurnCalm() {
        interval(0.5, 0.5);
        throttled += 3;
        assertEquals(Reason.THROTTLED, interval(1.0, 1.0));
        long until = now + CoreContentionDetector.THROTTLE_HOLD_NANOS;
        while (now + INTERVAL < until) {
            assertEquals(Reason.THROTTLED, interval(0.3, 0.3));
        }
        assertEquals(Reason.CALM, interval(0.3, 0.3));
    }

    @Test
    void shouldRestartTheHoldAtEveryThrottledInterval() {
        interval(0.5, 0.5);
        throttled++;
        interval(1.0, 1.0);
        now += CoreContentionDetector.THROTTLE_HOLD_NANOS - 2 * INTERVAL;
        throttled++;
        assertEquals(Reason.THROTTLED, interval(1.0, 1.0));
        assertEquals(Reason.THROTTLED, interval(0.3, 0.3), "the hold counts from the latest throttled interval");
    }

    @Test
    void shouldKeepItsVerdictThroughReadingsWithoutLoadCounters() {
        interval(0, 0);
        interval(2.0, 0.5);
        assertEquals(Reason.OTHERS_LOAD, detector.reason());
        for (int i = 0; i < 5; i++) {
            now += INTERVAL;
            assertEquals(Reason.OTHERS_LOAD, detector.onReading(new CpuReading(now, 2, 0, CpuReading.UNKNOWN,
                    CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN)), "no /proc: nothing learnt");
        }
    }

    @Test
    void shouldStayCalmWhereNothingButTheCoreCountCanBeRead() {
        for (int i = 0; i < 5; i++) {
            now += INTERVAL;
            assertEquals(Reason.CALM, detector.onReading(new CpuReading(now, 4, 0, CpuReading.UNKNOWN,
                    CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN)));
        }
    }

    @Test
    void shouldIgnoreAnIntervalOverWhichTheAllowedCpusChanged() {
        interval(0, 0);
        now += INTERVAL;
        busy += 300;
        total += 300;
        assertEquals(Reason.CALM, detector.onReading(new CpuReading(now, 2, 3, busy, total, ownTicks, throttled)),
                "three CPUs' ticks against two CPUs' before: no figure");
    }

    @Test
    void shouldBeContendedInEachIntervalInWhichMoreEventLoopsWereActiveThanCores() {
        assertEquals(Reason.CALM, detector.onReading(reading(), 2), "two loops on two cores");
        assertEquals(Reason.MORE_LOOPS_THAN_CORES, detector.onReading(reading(), 5));
        assertEquals(Reason.CALM, detector.onReading(reading(), 2), "no hysteresis: the count does not follow AUTO");
        assertEquals(Reason.MORE_LOOPS_THAN_CORES, detector.onReading(reading(), 3));
        assertEquals(Reason.CALM, detector.onReading(reading(), 0));
    }

    /** A reading of two cores with no load counters. */
    private CpuReading reading() {
        now += INTERVAL;
        return new CpuReading(now, 2, 0, CpuReading.UNKNOWN, CpuReading.UNKNOWN, CpuReading.UNKNOWN,
                CpuReading.UNKNOWN);
    }
}
