package dev.busypoll.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link ParkTrial}: when it tries the other arm, and which arm it keeps, on synthetic idle times that depend on the
 * arm an episode ran. Deterministic: the clock is a counter.
 */
class ParkTrialTest {
    private static final long US = 1_000L;
    private static final long WINDOW = 64 * US;
    private static final long BASELINE = 4 * US;

    /** Runs episodes {@code gap} apart; the idle time of each comes from whether it parked. */
    private static final class World {
        final ParkTrial trial = new ParkTrial();
        long now;
        long parked;
        long spun;

        void run(int episodes, long gapNanos, LongUnaryOperator idleOfParked, long spinIdleNanos, long window) {
            for (int i = 0; i < episodes; i++) {
                boolean parks = trial.parks();
                if (parks) {
                    parked++;
                } else {
                    spun++;
                }
                now += gapNanos;
                trial.onEpisode(parks ? idleOfParked.applyAsLong(now) : spinIdleNanos, window, BASELINE, now);
            }
        }

        void run(int episodes, long gapNanos, long parkIdleNanos, long spinIdleNanos) {
            run(episodes, gapNanos, t -> parkIdleNanos, spinIdleNanos, WINDOW);
        }
    }

    @Test
    void shouldParkWhenParkingBringsTheRepliesSooner() {
        // The open loop's client at 5,000 msg/s on a VM whose wake-ups are slow while this core spins: a reply that
        // the client spins for takes 40 µs, one it parks for 8 µs plus its own wake-up of 8 µs.
        World w = new World();
        w.run(200, 200 * US, 16 * US, 40 * US);
        assertTrue(w.trial.parkUsual(), "parking won its trial: " + w.trial);
        assertEquals(1, w.trial.changes());
        w.run(10_000, 200 * US, 16 * US, 40 * US);
        assertTrue(w.trial.parkUsual(), "the spin keeps losing its trials: " + w.trial);
        assertTrue(w.spun < w.parked / 20, "trials of the spin are rare: spun " + w.spun + ", parked " + w.parked);
    }

    @Test
    void shouldKeepSpinningWhereParkingOnlyShiftsTheGaps() {
        // A server between requests at a fixed rate: a park returns a wake-up late and the next wait is as much
        // shorter, so the idle times stay near the gap; a small difference must not turn the spin off.
        World w = new World();
        w.run(20_000, 50 * US, 48 * US, 50 * US);
        assertFalse(w.trial.parkUsual(), "idle times within a quarter: keep spinning: " + w.trial);
        assertTrue(w.trial.trials() > 0, "it did try");
        assertTrue(w.parked <= w.trial.trials() * ParkTrial.SAMPLES);
    }

    @Test
    void shouldNotTryParkingWhenTheSpinIsFasterThanAnyWakeUp() {
        // A ping-pong's replies come in 0.5 µs: a park cannot resume before the uncontended wake-up (4 µs).
        World w = new World();
        w.run(100_000, 1 * US, 60 * US, US / 2);
        assertEquals(0, w.trial.trials());
        assertEquals(0, w.parked);
    }

    @Test
    void shouldGoBackToSpinningWhenTheSpinWinsItsTrial() {
        World w = new World();
        w.run(200, 200 * US, 16 * US, 40 * US);
        assertTrue(w.trial.parkUsual());
        // The machine recovers: a spin catches the reply in 5 µs, a park needs 13.
        w.run(200, 200 * US, 13 * US, 5 * US);
        assertFalse(w.trial.parkUsual(), "the spin won back: " + w.trial);
        assertEquals(2, w.trial.changes());
    }

    @Test
    void shouldSpaceItsTrialsFurtherApartWhileTheUsualArmWins() {
        World w = new World();
        // Parking is worse (60 µs against 20), so every trial is lost; with a 10 µs gap, 10 s of episodes.
        w.run(1_000_000, 10 * US, 60 * US, 20 * US);
        // Intervals 4, 8, 16, ... ms up to 1.07 s: 8 trials reach 1 s, then one per 1.07 s.
        assertTrue(w.trial.trials() >= 14 && w.trial.trials() <= 18, "trials in 10 s: " + w.trial.trials());
        assertEquals(w.trial.trials() * ParkTrial.SAMPLES, w.parked, "every trial parks its 16 episodes");
        assertFalse(w.trial.parkUsual());
    }

    @Test
    void shouldForgetWhenTheWindowIsZero() {
        World w = new World();
        w.run(200, 200 * US, 16 * US, 40 * US);
        assertTrue(w.trial.parks());
        w.run(1, 200 * US, t -> 16 * US, 40 * US, 0);
        assertFalse(w.trial.parks(), "window 0: the rule parks by itself, the trial starts over");
        assertFalse(w.trial.parkUsual());
    }

    @Test
    void shouldStartItsFirstTrialAFewMillisecondsAfterItHasSamples() {
        World w = new World();
        w.run(ParkTrial.SAMPLES + 1, 100 * US, 16 * US, 40 * US);
        assertFalse(w.trial.trialling(), "16 samples, then the first trial is scheduled");
        w.run((int) (ParkTrial.FIRST_INTERVAL_NANOS / (100 * US)) - 1, 100 * US, 16 * US, 40 * US);
        assertFalse(w.trial.trialling(), "not before 4 ms");
        w.run(1, 100 * US, 16 * US, 40 * US);
        assertTrue(w.trial.trialling());
        assertTrue(w.trial.parks(), "a trial of parking");
        assertEquals(0, w.parked);
        assertEquals(ParkTrial.FIRST_INTERVAL_NANOS + (ParkTrial.SAMPLES + 1) * 100 * US, w.now,
                "4 ms after the 17th episode, which scheduled it");
    }
}
