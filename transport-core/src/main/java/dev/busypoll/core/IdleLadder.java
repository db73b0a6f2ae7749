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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.IdleStrategy;

/**
 * The idle ladder: when a thread runs out of work it spins for a time, then yields for a time, then parks —
 * the waiting discipline of the Linux "pipe busy wait" RFC (2018) and of
 * {@code SO_BUSY_POLL}. Spinning pays off because the next message usually arrives sooner than a
 * sleep/wake-up round trip takes; parking bounds what an idle thread burns.
 *
 * <pre>
 *   NOT_IDLE --idle()--&gt; SPINNING --spin window spent--&gt; YIELDING --yield window spent--&gt; PARKING
 *      ^                      |                               |                                |
 *      +------------------ reset(): work found, the episode is accounted in stats() ----------+
 * </pre>
 *
 * <h2>Time, not counts</h2>
 * The windows are nanoseconds, not iterations (a {@code PAUSE} costs very different cycles on different CPUs). The
 * clock is read once per {@value #CLOCK_CHECK_INTERVAL} spins, once per yield and once when an episode ends.
 *
 * <h2>Two ways to park</h2>
 * As an Agrona {@link IdleStrategy} ({@link #idle()}, {@link #idle(int)}) the ladder parks for a period that
 * doubles from {@code minParkNanos} to {@code maxParkNanos}, as Agrona's {@code BackoffIdleStrategy} does: a
 * caller that cannot be signalled polls its work at that period. With a {@link WakeSignal}
 * ({@link #idle(WakeSignal, BooleanSupplier, long)}) the park phase sleeps until a producer signals or the
 * caller's deadline passes, with no polling; the signal's protocol makes that safe. Linux rounds short parks
 * up by the timer slack (50 µs by default), which is another reason the signalled form is preferred.
 * <p>
 * The yield rung hands the core to whoever is runnable before the ladder parks: on a machine with few cores a
 * spinner may hold the core that the thread it waits for needs.
 *
 * <h2>AUTO: a window that tunes itself</h2>
 * Given {@link #AUTO} as its spin window, the ladder leaves the windows to its {@link AdaptiveSpinPolicy} and adds a
 * timer lead, a nap before inputs that come at a regular gap, and a stand-down while the cores are contended; the
 * contract of those parts is {@link AutoEpisodes}'. {@link #spinNanos()} reports the window in effect, so
 * monitoring can sample what AUTO chose over time. Every signalled park measures the wake-up cost, in every mode
 * ({@link #wakeCostNanos()}). In {@link #stats()} a timer lead's yields and a nap count as parked time, a nap's
 * catch as yielded.
 *
 * <h2>Threading</h2>
 * One owner thread calls {@code idle*} and {@link #reset()}. {@link #spinNanos(long)} and
 * {@link #yieldNanos(long)} may be called from any thread and take effect at the owner's next episode.
 * {@link #stats()}, {@link #spinNanos()}, {@link #wakeCostNanos()} and {@link #isOversubscribed()} may be read
 * from any thread (opaque loads of values the owner publishes). Nothing allocates after construction, but for the
 * JVM's one {@link CoreContention} sampling thread, started at the first AUTO episode.
 *
 * <h2>Why hand-written</h2>
 * Neither Agrona's nor the Disruptor's idle strategies park until signalled on a caller's condition with a deadline,
 * keep time per rung, learn their windows or step down when the cores are contended (docs/design.md).
 */
public final class IdleLadder implements IdleStrategy {
    /** The alias reported through {@link IdleStrategy#alias()}. */
    public static final String ALIAS = "ladder";
    /** The spin window meaning "choose it yourself" ({@link AutoEpisodes}): {@link SpinSetting#AUTO}'s nanos. */
    public static final long AUTO = SpinSetting.AUTO_MICROS;
    /**
     * Default yield window: 10 µs, the order of one park/unpark round trip, so that on an oversubscribed machine
     * the thread we wait for gets the core at least once before we pay for a sleep.
     */
    public static final long DEFAULT_YIELD_NANOS = 10_000L;
    /**
     * The yield window that goes with a busy-poll spin window: none when the spin window is 0, else
     * {@link #DEFAULT_YIELD_NANOS}. A busy-poll time of 0 means "do not busy-wait at all" — park at once — as
     * {@code SO_BUSY_POLL=0} and the RFC's default {@code pipe-busy-poll=0} do; yielding is a form of busy
     * waiting (it burns the core when nobody else is runnable), so it only follows a spin.
     *
     * @param spinNanos the spin window, {@code >= 0}, or {@link #AUTO} (then 0: the controller sets the yield rung
     *                  per episode, and a configured one would keep yielding after it decided not to busy-wait)
     * @return the yield window to use with it
     */
    public static long busyPollYieldNanos(long spinNanos) {
        return requireSpinNanos(spinNanos, "spinNanos") == 0 || spinNanos == AUTO ? 0 : DEFAULT_YIELD_NANOS;
    }

    /** Default first park period of the unsignalled form (Agrona's default). */
    public static final long DEFAULT_MIN_PARK_NANOS = 1_000L;
    /** Default longest park period of the unsignalled form (Agrona's default). */
    public static final long DEFAULT_MAX_PARK_NANOS = 1_000_000L;
    /** Spins between two reads of the clock (a power of two). */
    public static final int CLOCK_CHECK_INTERVAL = 16;

    /** Where the ladder is in the current idle episode. */
    public enum Phase {
        /** Not idle: the last call found work (or the ladder was just reset). */
        NOT_IDLE,
        /** Spinning with {@link Thread#onSpinWait()}. */
        SPINNING,
        /** Calling {@link Thread#yield()}. */
        YIELDING,
        /** Parking. */
        PARKING
    }

    private static final VarHandle SPIN_NANOS;
    private static final VarHandle YIELD_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SPIN_NANOS = lookup.findVarHandle(IdleLadder.class, "spinNanos", long.class);
            YIELD_NANOS = lookup.findVarHandle(IdleLadder.class, "yieldNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long minParkNanos;
    private final long maxParkNanos;
    private final IdleStats stats = new IdleStats();
    private final Clock clock;
    /** The controller and AUTO's parts; also measures the wake-up cost, and publishes the window, in every mode. */
    private final AutoEpisodes adaptive;

    // Configuration, written by any thread (opaque), read by the owner once per episode. spinNanos may be AUTO.
    private long spinNanos;
    private long yieldNanos;

    // Owner-only episode state.
    private Phase phase = Phase.NOT_IDLE;
    private long episodeSpinNanos;
    private long episodeYieldNanos;
    private long episodeStart;
    /** The clock read of the last {@link #reset()} that ended an episode. */
    private long episodeEnd;
    private long spinEnd;
    /** When the current rung began, and the time spent on each rung so far this episode (for the stats). */
    private long rungStart;
    private long spunNanos;
    private long yieldedNanos;
    private long parkedNanos;
    private int spins;
    private long parkPeriodNanos;
    /** The last clock read of the spin or yield phase: a long gap since means another thread had the core. */
    private long lastClockRead;
    /** The episode saw other threads wanting the core. */
    private boolean contended;
    /** Whether the owner sent output since it last took input ({@link #afterOutput(boolean)}). */
    private boolean afterOutput;

    /**
     * A ladder with the default yield window and park periods.
     *
     * @param spinNanos how long to spin before yielding, in nanoseconds; 0 = do not spin; {@link #AUTO} = let the
     *                  ladder choose (its controller then sets the yield rung too)
     */
    public IdleLadder(long spinNanos) {
        this(spinNanos, spinNanos == AUTO ? 0 : DEFAULT_YIELD_NANOS, DEFAULT_MIN_PARK_NANOS, DEFAULT_MAX_PARK_NANOS);
    }

    /**
     * A ladder with every window given.
     *
     * @param spinNanos    how long to spin before yielding; 0 = do not spin; {@link #AUTO} = let the ladder choose
     * @param yieldNanos   how long to yield before parking; 0 = do not yield
     * @param minParkNanos first park period of the unsignalled form; at least 1
     * @param maxParkNanos longest park period of the unsignalled form; at least {@code minParkNanos}
     * @throws IllegalArgumentException naming the argument that is out of range
     */
    public IdleLadder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos) {
        this(spinNanos, yieldNanos, minParkNanos, maxParkNanos, new AdaptiveSpinPolicy(), Clock.SYSTEM,
                CoreContention.JVM);
    }

    /**
     * A ladder with its own controller, clock and view of the cores: tests give a controller that shares nothing
     * with the rest of the JVM, a manual clock ({@link Clock}) and cores whose contention only they move.
     */
    IdleLadder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos, AdaptiveSpinPolicy policy,
               Clock clock, CoreContention cores) {
        this.clock = clock;
        this.spinNanos = requireSpinNanos(spinNanos, "spinNanos");
        this.adaptive = new AutoEpisodes(policy, clock, cores, stats,
                spinNanos == AUTO ? policy.spinNanos() : spinNanos);
        this.yieldNanos = requireNonNegative(yieldNanos, "yieldNanos");
        if (minParkNanos < 1) {
            throw new IllegalArgumentException("minParkNanos must be at least 1, was " + minParkNanos);
        }
        if (maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException(
                    "maxParkNanos must be at least minParkNanos (" + minParkNanos + "), was " + maxParkNanos);
        }
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
    }

    /**
     * A ladder that spins for the given microseconds, the unit of {@code SO_BUSY_POLL} and of the RFC's
     * {@code pipe_ll_usec}.
     *
     * @param spinMicros a {@link SpinSetting}'s microseconds: 0 = do not spin; {@link SpinSetting#AUTO_MICROS} = let
     *                   the ladder choose
     * @return a new ladder with default yield window and park periods
     * @throws IllegalArgumentException out of {@link SpinSetting}'s range
     */
    public static IdleLadder ofMicros(long spinMicros) {
        return new IdleLadder(SpinSetting.ofMicros(spinMicros, "spinMicros").nanos());
    }

    /** Accepts a spin window: {@code >= 0} or {@link #AUTO}. */
    static long requireSpinNanos(long value, String name) {
        if (value < 0 && value != AUTO) {
            throw new IllegalArgumentException(
                    name + " must be >= 0 or AUTO (" + AUTO + ", choose it from what is observed), was " + value);
        }
        return value;
    }

    static long requireNonNegative(long value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, was " + value);
        }
        return value;
    }

    /** Sets the spin window ({@code >= 0}, or {@link #AUTO}) from the owner's next idle episode on. Any thread. */
    public void spinNanos(long nanos) {
        SPIN_NANOS.setOpaque(this, requireSpinNanos(nanos, "spinNanos"));
        if (nanos != AUTO) {
            adaptive.publishWindow(nanos);
        }
    }

    /**
     * The spin window in effect, ns: the one configured, or under {@link #AUTO} the last one chosen (without
     * exploration; 0 while standing down). Any thread.
     */
    public long spinNanos() {
        return adaptive.windowInEffect();
    }

    /** Whether the spin window is {@link #AUTO}. Any thread. */
    public boolean isAuto() {
        return (long) SPIN_NANOS.getOpaque(this) == AUTO;
    }

    /**
     * The wake-up cost that this ladder's signalled parks measured, ns (in every mode), or
     * {@link AdaptiveSpinPolicy#DEFAULT_WAKE_COST_NANOS} before the first. Any thread.
     */
    public long wakeCostNanos() {
        return adaptive.wakeCostNanos();
    }

    /** The lead of AUTO's parks that the caller's deadline ends; owner thread only (tests). */
    TimerLead timerLead() {
        return adaptive.timerLead();
    }

    /** Under {@link #AUTO}: whether the controller believes the machine oversubscribed. Any thread. */
    public boolean isOversubscribed() {
        return adaptive.isOversubscribed();
    }

    /** Sets the yield window; takes effect at the owner's next idle episode. Any thread. */
    public void yieldNanos(long nanos) {
        YIELD_NANOS.setOpaque(this, requireNonNegative(nanos, "yieldNanos"));
    }

    /** The yield window in nanoseconds. */
    public long yieldNanos() {
        return (long) YIELD_NANOS.getOpaque(this);
    }

    /**
     * Whether the next {@code idle*} step may park, for a caller that must prepare before a park but not earlier
     * (take back a flag that lets producers skip the wake-up). Early, never late: under {@link #AUTO} an exploration
     * slot may still start the episode with a spin. Owner thread only, while nobody reconfigures the windows.
     */
    public boolean mayParkOnNextStep() {
        if (phase == Phase.NOT_IDLE) {
            long configured = (long) SPIN_NANOS.getOpaque(this);
            return configured == AUTO ? adaptive.mayParkAtStart(afterOutput)
                    : configured == 0 && (long) YIELD_NANOS.getOpaque(this) == 0;
        }
        return phase != Phase.SPINNING; // the step that ends the spin does not park (see step())
    }

    /** The controller, told of every episode so far; owner thread only (tests). */
    AdaptiveSpinPolicy policy() {
        adaptive.feedPendingEpisode(isAuto());
        return adaptive.policy();
    }

    /**
     * Owner thread, before an episode's first step: whether the owner sent output since it last took input, so that
     * it may wait for a reply. The controller learns the two kinds of wait apart ({@link AdaptiveSpinPolicy}); a
     * caller that never says has one kind. Stays as set until set again.
     */
    public void afterOutput(boolean afterOutput) {
        this.afterOutput = afterOutput;
    }

    /** What {@link #afterOutput(boolean)} was last told; owner thread only. */
    public boolean isAfterOutput() {
        return afterOutput;
    }

    /** The phase of the current idle episode; owner thread only. */
    public Phase phase() {
        return phase;
    }

    /** What this ladder has done so far; readable from any thread. */
    public IdleStats stats() {
        return stats;
    }

    /** {@inheritDoc} Resets on work, otherwise takes one step of the ladder. */
    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** One step of the ladder; the park phase parks for a doubling period (no signal). */
    @Override
    public void idle() {
        switch (step()) {
            case SPINNING -> Thread.onSpinWait();
            case YIELDING -> yieldOnce();
            default -> {
                clock.parkNanos(this, parkPeriodNanos);
                stats.recordPark(false);
                // Double without overflow: past 2^62 a shift would turn negative and parkNanos would not sleep.
                parkPeriodNanos = parkPeriodNanos > maxParkNanos >> 1 ? maxParkNanos : parkPeriodNanos << 1;
            }
        }
    }

    /**
     * One step of the ladder whose park phase sleeps until {@code signal} is signalled or the deadline passes.
     * In the park phase it announces the park, re-checks {@code wakeCondition} (the Dekker re-check documented
     * on {@link WakeSignal}) and parks only if that still says there is nothing to do.
     *
     * @param signal        the signal producers use to wake this thread
     * @param wakeCondition true when there is work (or another reason to return, e.g. close); must be cheap and
     *                      must read what producers publish before they call {@link WakeSignal#signal()}
     * @param deadlineNanos a {@link System#nanoTime()} deadline for the park, or {@link Long#MAX_VALUE}
     */
    public void idle(WakeSignal signal, BooleanSupplier wakeCondition, long deadlineNanos) {
        switch (step()) {
            case SPINNING -> Thread.onSpinWait();
            case YIELDING -> yieldOnce();
            default -> {
                // Under AUTO a park that the caller's deadline ends wakes early by the timer's learnt lateness,
                // then yields up to the deadline: the caller's task runs when due, not a timer slack late.
                if (adaptive.yieldsToDeadline(deadlineNanos)) {
                    yieldOnce(); // within the lead: the caller returns at its deadline
                    return;
                }
                signal.prepareToPark();
                if (wakeCondition.getAsBoolean()) {
                    signal.cancelPark();
                } else {
                    long until = adaptive.beginPark(deadlineNanos);
                    boolean signalled = signal.park(until);
                    stats.recordPark(signalled);
                    if (signalled) {
                        adaptive.signalledWakeup(signal.signalNanos());
                    } else if (adaptive.parkIsNap()) {
                        onNapTimedOut();
                    } else {
                        adaptive.parkTimedOut(until);
                    }
                }
            }
        }
    }

    /**
     * Ends the idle episode (work was found): the episode's time per rung goes into {@link #stats()}. The clock
     * read that ended it is {@link #episodeEndNanos()}.
     */
    @Override
    public void reset() {
        if (phase == Phase.NOT_IDLE) {
            return;
        }
        long now = clock.nanoTime();
        episodeEnd = now;
        int endedIn;
        switch (phase) {
            case SPINNING -> {
                spunNanos += now - rungStart;
                endedIn = IdleStats.endedInSpinning();
            }
            case YIELDING -> {
                yieldedNanos += now - rungStart;
                endedIn = IdleStats.endedInYielding();
            }
            default -> {
                parkedNanos += now - rungStart;
                endedIn = IdleStats.endedInParking();
            }
        }
        stats.recordEpisode(endedIn, spunNanos, yieldedNanos, parkedNanos);
        // An AUTO episode is told to the controller when the next one starts, when the thread has nothing else to do.
        adaptive.endEpisode(now, phase == Phase.YIELDING, contended);
        phase = Phase.NOT_IDLE;
    }

    /**
     * The {@link System#nanoTime()} (the ladder's clock) at which the last {@link #reset()} that ended an episode
     * ended it: a caller that resumes work right after the reset can use it instead of reading the clock again.
     * Owner thread only; meaningless before the first episode ended.
     */
    public long episodeEndNanos() {
        return episodeEnd;
    }

    /** A nap timed out: yield for the catch, then park until signalled (interrupted: stay parked for the caller). */
    private void onNapTimedOut() {
        if (Thread.currentThread().isInterrupted()) {
            return;
        }
        long now = clock.nanoTime();
        adaptive.napTimedOut(now);
        parkedNanos += now - rungStart;
        rungStart = now;
        lastClockRead = now;
        phase = Phase.YIELDING;
    }

    /** Advances the state machine by one step and returns the rung to act on. */
    private Phase step() {
        switch (phase) {
            case NOT_IDLE -> {
                adaptive.feedPendingEpisode(isAuto());
                long now = clock.nanoTime();
                episodeStart = now;
                long configured = (long) SPIN_NANOS.getOpaque(this);
                if (configured == AUTO) {
                    // The controller sets the yield rung too (two uncontended wake-ups, cut short below).
                    episodeSpinNanos = adaptive.startAutoEpisode(now, afterOutput);
                    episodeYieldNanos = adaptive.yieldNanos();
                } else {
                    adaptive.startFixedEpisode(now, afterOutput, configured);
                    episodeSpinNanos = configured;
                    episodeYieldNanos = (long) YIELD_NANOS.getOpaque(this);
                }
                lastClockRead = now;
                rungStart = now;
                spunNanos = 0;
                yieldedNanos = 0;
                parkedNanos = 0;
                contended = false;
                spins = 0;
                parkPeriodNanos = minParkNanos;
                if (episodeSpinNanos > 0) {
                    phase = Phase.SPINNING;
                } else {
                    enterYielding(now);
                }
            }
            case SPINNING -> {
                if ((++spins & (CLOCK_CHECK_INTERVAL - 1)) == 0) {
                    long now = clock.nanoTime();
                    if (now - lastClockRead > OversubscriptionDetector.PREEMPTED_SPIN_NANOS) {
                        contended = true; // descheduled mid-spin: another thread wanted this core
                    }
                    lastClockRead = now;
                    if (now - episodeStart >= episodeSpinNanos) {
                        enterYielding(now);
                        if (phase == Phase.PARKING) {
                            // No yield rung: spin once more instead of parking in this same step, so that a caller
                            // asking mayParkOnNextStep() between steps learns of the park before it happens.
                            return Phase.SPINNING;
                        }
                    }
                }
            }
            case YIELDING -> {
                long now = clock.nanoTime();
                if (adaptive.isCatching()) {
                    // After a nap: yield until the input comes or the catch deadline passes, then park until
                    // signalled. Yields, not spins: a thread that must run for the input to come (its producer, woken
                    // by its own timer) may be waiting for this very core.
                    lastClockRead = now;
                    if (adaptive.catchEnds(now)) {
                        enterParking(now);
                    }
                    return phase;
                }
                long gap = now - lastClockRead; // how long the last yield took
                if (gap > OversubscriptionDetector.PREEMPTED_SPIN_NANOS) {
                    contended = true; // the last yield returned late: another thread ran on this core meanwhile
                }
                lastClockRead = now;
                // AUTO: a yield that came back at once ran nobody else (nothing else wants the core): park now.
                if (now - spinEnd >= episodeYieldNanos || adaptive.yieldWasPrompt(gap)) {
                    enterParking(now);
                }
            }
            default -> {
                // PARKING is the last rung: stay there until reset().
            }
        }
        return phase;
    }

    /**
     * Owner thread, for an event loop: it handled I/O (input, or a write it resumed) since its last episode began, so
     * that under {@link #AUTO} it counts as an active loop ({@link CoreContention}). A loop woken only by its timers,
     * and a thread that never calls this (a pipe's reader or writer), does not count. One plain store.
     */
    public void ioHandled() {
        adaptive.ioHandled();
    }

    private void enterYielding(long now) {
        spinEnd = now;
        spunNanos += now - rungStart;
        rungStart = now;
        phase = episodeYieldNanos > 0 ? Phase.YIELDING : Phase.PARKING;
    }

    private void enterParking(long now) {
        yieldedNanos += now - rungStart;
        rungStart = now;
        phase = Phase.PARKING;
    }

    private void yieldOnce() {
        Thread.yield();
        stats.recordYield();
    }

    @Override
    public String alias() {
        return ALIAS;
    }

    @Override
    public String toString() {
        return "IdleLadder{spinNanos=" + (isAuto() ? "AUTO(" + spinNanos() + ")" : spinNanos()) + ", yieldNanos="
                + yieldNanos() + ", minParkNanos=" + minParkNanos + ", maxParkNanos=" + maxParkNanos + '}';
    }
}
