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
 * The windows are measured in nanoseconds, not iterations: one {@link Thread#onSpinWait()} ({@code PAUSE})
 * costs 10 to 140 cycles depending on the CPU, so a count would mean ten times different times on different
 * machines. The clock is read once per {@value #CLOCK_CHECK_INTERVAL} spins, once per yield (a yield is a
 * system call, the clock read is noise beside it), and once when an episode ends.
 *
 * <h2>Two ways to park</h2>
 * As an Agrona {@link IdleStrategy} ({@link #idle()}, {@link #idle(int)}) the ladder parks for a period that
 * doubles from {@code minParkNanos} to {@code maxParkNanos}, as Agrona's {@code BackoffIdleStrategy} does: a
 * caller that cannot be signalled polls its work at that period. With a {@link WakeSignal}
 * ({@link #idle(WakeSignal, BooleanSupplier, long)}) the park phase sleeps until a producer signals or the
 * caller's deadline passes, with no polling; the signal's protocol makes that safe. Linux rounds short parks
 * up by the timer slack (about 50 µs), which is another reason the signalled form is preferred.
 *
 * <h2>On a machine with few cores</h2>
 * A spinning thread on a 2-core machine may be stealing the core that the thread it waits for needs. The
 * windows are bounded in time, so the worst a spinner costs is one spin window per idle episode; the yield
 * rung then hands the core to whoever is runnable before the ladder parks.
 *
 * <h2>AUTO: a window that tunes itself</h2>
 * Given {@link #AUTO} as its spin window, the ladder asks its {@link AdaptiveSpinPolicy} for the window at the start of
 * every episode and tells it, then, about the episode before: how long the wait was and whether it saw other threads
 * wanting the core (a spin descheduled, or a yield that returned, more than 20 µs after the previous clock read); under
 * AUTO the controller also sets the yield rung, and the ladder leaves it for the park rung as soon as one yield returns
 * within 2 µs (no other thread ran: nothing else wants the core, so more yields would only spin). A wait slept through
 * is measured to the producer's signal ({@link WakeSignal#signalNanos()}), not to the end of the park; every signalled
 * park also measures the wake-up cost (in every mode: {@link #wakeCostNanos()}). {@link #spinNanos()} reports the
 * window in effect, so monitoring can sample what AUTO chose over time. The controller hears of an episode when the
 * next one starts, not when it ends: its bookkeeping (and a decision every few episodes) then spends time the thread
 * has nothing else to do with, never time between an input's arrival and its processing; what it chose shows one
 * episode later. The caller may say whether an episode follows output ({@link #afterOutput(boolean)}): the controller
 * learns a window for each kind, and {@link #spinNanos()} shows the one of the last episode's kind.
 * <p>
 * Under AUTO a park of the signalled form that only the caller's deadline can end (its next scheduled task) ends
 * early by the lateness such parks have shown ({@link TimerLead}), and the ladder yields for the rest, so the task
 * runs when due instead of a timer slack late; the yields count as parked time in {@link #stats()}.
 * <p>
 * Under AUTO the park rung of the signalled form may begin with a <em>nap</em>: when the controller expects the
 * next input at a regular gap ({@link AdaptiveSpinPolicy}, "The nap"), the park times out shortly before the
 * input is due, the ladder goes back to the yield rung until the lead after it is due (the <em>catch</em>), and
 * only then parks until signalled. Each park is announced and re-checked as {@link WakeSignal} requires, the nap
 * as any other; a nap that a producer's signal ends counts as a signalled park. The time napped counts as parked
 * in {@link #stats()}, the catch as yielded, and the naps and how they ended have counters of their own
 * ({@link IdleStats#naps()}).
 *
 * <p>
 * Under AUTO the ladder does not busy-wait at all while the cores of its process are contended ({@link CoreContention}:
 * one core, a throttled CPU quota, other processes' load, or more active event loops than cores, see
 * {@link #ioHandled()}): no spin, no yield rung, no timer lead, no nap; it parks
 * at once, as a window of 0 does, and spins again once the contention ends. Such episodes count as
 * {@link IdleStats#standDowns()}. The controller still hears of them.
 *
 * <h2>Threading</h2>
 * One owner thread calls {@code idle*} and {@link #reset()}. {@link #spinNanos(long)} and
 * {@link #yieldNanos(long)} may be called from any thread and take effect at the owner's next episode.
 * {@link #stats()}, {@link #spinNanos()}, {@link #wakeCostNanos()} and {@link #isOversubscribed()} may be read
 * from any thread (opaque loads of values the owner publishes). Nothing allocates after construction, but for the
 * JVM's one {@link CoreContention} sampling thread, started at the first AUTO episode.
 *
 * <h2>Why hand-written</h2>
 * Agrona's {@code BackoffIdleStrategy} counts spins and parks for a period, never until signalled. The Disruptor's
 * {@code PhasedBackoffWaitStrategy} spins and yields by time and then hands over to a fallback, whose lock-based
 * kinds do wait until signalled ({@code LiteBlockingWaitStrategy} with a waiters flag, {@code signalNeeded}); but
 * its phases are bounded by spin counts between clock reads and one fixed time, it keeps no time per rung, and it
 * waits on one sequence, not on a caller's condition with a deadline. Neither learns its windows or steps down
 * when the cores are contended.
 */
public final class IdleLadder implements IdleStrategy {
    /** The alias reported through {@link IdleStrategy#alias()}. */
    public static final String ALIAS = "ladder";
    /**
     * The spin window meaning "choose it yourself": the ladder's {@link AdaptiveSpinPolicy} picks the window from
     * the waits and wake-ups it observes, and keeps picking as the load changes. {@link SpinSetting#AUTO}'s
     * sentinel in nanoseconds ({@link SpinSetting#nanos()}).
     */
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
     * @param spinNanos the spin window, {@code >= 0}, or {@link #AUTO} (then 0: the controller decides)
     * @return the yield window to use with it
     */
    public static long busyPollYieldNanos(long spinNanos) {
        // AUTO: the ladder's controller chooses the yield rung per episode (AdaptiveSpinPolicy.yieldNanos()); a
        // configured one would keep yielding after the controller decided that busy waiting does not pay.
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
    private static final VarHandle CURRENT_SPIN_NANOS;
    private static final VarHandle WAKE_COST_NANOS;
    private static final VarHandle OVERSUBSCRIBED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SPIN_NANOS = lookup.findVarHandle(IdleLadder.class, "spinNanos", long.class);
            YIELD_NANOS = lookup.findVarHandle(IdleLadder.class, "yieldNanos", long.class);
            CURRENT_SPIN_NANOS = lookup.findVarHandle(IdleLadder.class, "currentSpinNanos", long.class);
            WAKE_COST_NANOS = lookup.findVarHandle(IdleLadder.class, "wakeCostNanos", long.class);
            OVERSUBSCRIBED = lookup.findVarHandle(IdleLadder.class, "oversubscribed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long minParkNanos;
    private final long maxParkNanos;
    private final IdleStats stats = new IdleStats();
    /** Owner-only: the AUTO controller; also measures the wake-up cost in every mode. */
    private final AdaptiveSpinPolicy policy;
    private final Clock clock;
    /** Owner-only: AUTO's nap of the current episode and the catch after it. */
    private final NapCatch nap;
    /** Under AUTO: how early a park that only the caller's deadline ends should end. */
    private final TimerLead timerLead = new TimerLead();
    /** Owner-only: the last AUTO episode, until the controller is told of it (see reset()). */
    private final PendingEpisode pendingEpisode;
    /** Under AUTO: whether the cores are contended, so that the ladder must not busy-wait at all. */
    private final StandDownVerdict standDown;

    // Configuration, written by any thread (opaque), read by the owner once per episode. spinNanos may be AUTO.
    private long spinNanos;
    private long yieldNanos;

    // Published by the owner (opaque) for monitoring: what AUTO chose, the measured wake-up cost.
    private long currentSpinNanos;
    private long wakeCostNanos = AdaptiveSpinPolicy.DEFAULT_WAKE_COST_NANOS;
    private boolean oversubscribed;

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
    private boolean episodeAuto;
    /** This AUTO episode does not busy-wait: the cores are contended ({@link CoreContention}). */
    private boolean episodeStandsDown;
    /** This episode has given {@link #timerLead} its sample: a timed park's lateness, or a park the lead prevented. */
    private boolean leadSampled;
    /** The last clock read of the spin or yield phase: a long gap since means another thread had the core. */
    private long lastClockRead;
    /** The episode saw other threads wanting the core. */
    private boolean contended;
    /** When the input that ended a signalled park was published, or {@link Long#MIN_VALUE} if not known. */
    private long arrivalNanos;
    /** Whether the owner sent output since it last took input ({@link #afterOutput(boolean)}). */
    private boolean afterOutput;

    /**
     * A ladder with the default yield window and park periods.
     *
     * @param spinNanos how long to spin before yielding, in nanoseconds; 0 = do not spin; {@link #AUTO} = let the
     *                  ladder choose (its controller then sets the yield rung too: see
     *                  {@link AdaptiveSpinPolicy}, "The yield rung")
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
     * A ladder with its own controller and calm cores (tests give a controller that shares nothing with the rest of
     * the JVM, and cores whose contention only they move).
     */
    IdleLadder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos, AdaptiveSpinPolicy policy) {
        this(spinNanos, yieldNanos, minParkNanos, maxParkNanos, policy, Clock.SYSTEM);
    }

    /** A ladder with its own controller, a clock, and calm cores (tests give a manual clock: see {@link Clock}). */
    IdleLadder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos, AdaptiveSpinPolicy policy,
               Clock clock) {
        this(spinNanos, yieldNanos, minParkNanos, maxParkNanos, policy, clock, CoreContention.manual());
    }

    /** A ladder with its own controller, clock and view of the cores (tests script the last). */
    IdleLadder(long spinNanos, long yieldNanos, long minParkNanos, long maxParkNanos, AdaptiveSpinPolicy policy,
               Clock clock, CoreContention cores) {
        this.policy = policy;
        this.standDown = new StandDownVerdict(cores);
        this.clock = clock;
        this.nap = new NapCatch(policy, clock);
        this.pendingEpisode = new PendingEpisode(policy);
        this.spinNanos = requireSpinNanos(spinNanos, "spinNanos");
        this.currentSpinNanos = spinNanos == AUTO ? policy.spinNanos() : spinNanos;
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

    /**
     * Sets the spin window ({@code >= 0}, or {@link #AUTO}); takes effect at the owner's next idle episode. Any
     * thread.
     */
    public void spinNanos(long nanos) {
        SPIN_NANOS.setOpaque(this, requireSpinNanos(nanos, "spinNanos"));
        if (nanos != AUTO) {
            CURRENT_SPIN_NANOS.setOpaque(this, nanos);
        }
    }

    /**
     * The spin window in effect, in nanoseconds: the one configured, or under {@link #AUTO} the one the ladder
     * chose last (without its short exploration slots, see {@link AdaptiveSpinPolicy}; 0 while it stands down for
     * contended cores, see {@link CoreContention}). Any thread.
     */
    public long spinNanos() {
        return (long) CURRENT_SPIN_NANOS.getOpaque(this);
    }

    /** Whether the spin window is {@link #AUTO}. Any thread. */
    public boolean isAuto() {
        return (long) SPIN_NANOS.getOpaque(this) == AUTO;
    }

    /**
     * The block/wake-up cost in nanoseconds as measured by this ladder's signalled parks (producer's unpark to
     * this thread running again, averaged), or {@link AdaptiveSpinPolicy#DEFAULT_WAKE_COST_NANOS} before the first.
     * Any thread.
     */
    public long wakeCostNanos() {
        return (long) WAKE_COST_NANOS.getOpaque(this);
    }

    /** The lead of AUTO's parks that the caller's deadline ends; owner thread only (tests). */
    TimerLead timerLead() {
        return timerLead;
    }

    /**
     * Under {@link #AUTO}: whether the ladder believes the machine is oversubscribed, and therefore spins for no
     * more than half an uncontended wake-up, then yields, then parks. Any thread.
     */
    public boolean isOversubscribed() {
        return (boolean) OVERSUBSCRIBED.getOpaque(this);
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
     * Whether the next {@code idle*} step may park, for a caller that must prepare before the ladder parks (take
     * back a flag that lets producers skip the wake-up, compute the park deadline) but not earlier, since that
     * costs it while spinning. Exact except that under {@link #AUTO} it may say {@code true} for an episode that
     * an exploration slot will start with a spin (see {@link AdaptiveSpinPolicy}): early, never late. Owner
     * thread only, and only while no other thread reconfigures the windows.
     */
    public boolean mayParkOnNextStep() {
        switch (phase) {
            case NOT_IDLE -> {
                long configured = (long) SPIN_NANOS.getOpaque(this);
                if (configured == AUTO) {
                    return standDown.peekNextEpisode() // latched: the episode acts on it, never a park unannounced
                            || (policy.spinNanos(afterOutput) == 0 && policy.yieldNanos() == 0);
                }
                return configured == 0 && (long) YIELD_NANOS.getOpaque(this) == 0;
            }
            case SPINNING -> {
                return false; // the step that ends the spin does not park (see step())
            }
            default -> {
                return true;
            }
        }
    }

    /**
     * The AUTO controller, told of every episode so far; owner thread only (tests inspect its state after the
     * owner's episodes).
     */
    AdaptiveSpinPolicy policy() {
        feedPendingEpisode();
        return policy;
    }

    /**
     * Owner thread, before the first idle step of an episode: whether the owner sent output since it last took
     * input (an event loop that wrote to a peer and has read nothing since), so that it may be waiting for a reply.
     * Under {@link #AUTO} the controller learns the waits after output and those after input alone apart
     * ({@link AdaptiveSpinPolicy}, "Two kinds of wait"). A caller that never says (a pipe's reader) has one kind.
     * Stays as set until set again.
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
                boolean timed = episodeAuto && !episodeStandsDown && deadlineNanos != Long.MAX_VALUE;
                long parkUntil = deadlineNanos;
                if (timed) {
                    long lead = timerLead.nanos();
                    parkUntil = deadlineNanos - lead;
                    if (lead > 0 && parkUntil - clock.nanoTime() <= 0) {
                        if (!leadSampled) {
                            leadSampled = true;
                            timerLead.onParkPrevented(); // the lead kept this episode from parking: let it shrink
                        }
                        yieldOnce(); // within the lead: the caller returns at its deadline
                        return;
                    }
                }
                signal.prepareToPark();
                if (wakeCondition.getAsBoolean()) {
                    signal.cancelPark();
                } else {
                    boolean napping = nap.beginNap(deadlineNanos);
                    if (napping) {
                        stats.recordNap();
                    }
                    long until = napping ? nap.napDeadlineNanos() : parkUntil;
                    boolean signalled = signal.park(until);
                    stats.recordPark(signalled);
                    if (signalled) {
                        onSignalledWakeup(signal.signalNanos());
                    } else if (napping) {
                        onNapTimedOut();
                    } else if (timed && !Thread.currentThread().isInterrupted()) {
                        timerLead.onTimedOut(clock.nanoTime() - until);
                        leadSampled = true;
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
                nap.workFoundWhileYielding();
            }
            default -> {
                parkedNanos += now - rungStart;
                endedIn = IdleStats.endedInParking();
            }
        }
        stats.recordEpisode(endedIn, spunNanos, yieldedNanos, parkedNanos);
        if (nap.outcome() != NapCatch.NO_NAP) {
            stats.recordNapOutcome(nap.outcome() == NapCatch.CAUGHT);
        }
        phase = Phase.NOT_IDLE;
        if (episodeAuto) {
            // Told to the controller when the next episode starts (feedPendingEpisode()), when the thread has
            // nothing else to do (see PendingEpisode).
            long arrival = arrivalNanos != Long.MIN_VALUE ? arrivalNanos : now;
            pendingEpisode.record(arrival - episodeStart, arrival, contended, nap.outcome());
        }
    }

    /**
     * The {@link System#nanoTime()} (the ladder's clock) at which the last {@link #reset()} that ended an episode
     * ended it: a caller that resumes work right after the reset can use it instead of reading the clock again.
     * Owner thread only; meaningless before the first episode ended.
     */
    public long episodeEndNanos() {
        return episodeEnd;
    }

    /** Tells the controller about the last AUTO episode, if it has not heard of it yet; owner thread only. */
    private void feedPendingEpisode() {
        if (pendingEpisode.feed()) {
            OVERSUBSCRIBED.setOpaque(this, policy.isOversubscribed());
            if ((long) SPIN_NANOS.getOpaque(this) == AUTO) {
                // Not when a fixed window was configured since: that is the window in effect (spinNanos(long)).
                CURRENT_SPIN_NANOS.setOpaque(this, policy.spinNanos());
            }
        }
    }

    /** A producer's signal ended a park: measure the wake-up and remember when the input arrived. */
    private void onSignalledWakeup(long signalledAt) {
        long now = clock.nanoTime();
        if (signalledAt - episodeStart < 0) {
            return; // a stale timestamp (a producer racing an earlier park): no sample
        }
        policy.onWakeLatency(now - signalledAt);
        WAKE_COST_NANOS.setOpaque(this, policy.wakeCostNanos());
        arrivalNanos = signalledAt;
    }

    /**
     * A nap timed out: spin again for the catch window, then park until signalled (unless the thread was
     * interrupted: then stay on the park rung for the caller to act on).
     */
    private void onNapTimedOut() {
        if (Thread.currentThread().isInterrupted()) {
            return;
        }
        long now = clock.nanoTime();
        nap.timedOut(now);
        parkedNanos += now - rungStart;
        rungStart = now;
        lastClockRead = now;
        phase = Phase.YIELDING;
    }

    /** Advances the state machine by one step and returns the rung to act on. */
    private Phase step() {
        switch (phase) {
            case NOT_IDLE -> {
                feedPendingEpisode();
                long now = clock.nanoTime();
                episodeStart = now;
                long configured = (long) SPIN_NANOS.getOpaque(this);
                episodeAuto = configured == AUTO;
                episodeStandsDown = episodeAuto && standDown.forEpisode();
                leadSampled = false;
                policy.select(afterOutput);
                episodeSpinNanos = episodeAuto ? policy.spinNanos(now) : configured;
                if (episodeStandsDown) {
                    episodeSpinNanos = 0; // the controller still hears of the episode, but nobody busy-waits
                    stats.recordStandDown();
                    CURRENT_SPIN_NANOS.setOpaque(this, 0L); // the window in effect
                }
                if (!episodeAuto && (long) CURRENT_SPIN_NANOS.getOpaque(this) != configured) {
                    // The owner has the last word on the published window: an AUTO episode told to the controller
                    // late (feedPendingEpisode()) may have raced a reconfiguration.
                    CURRENT_SPIN_NANOS.setOpaque(this, configured);
                }
                lastClockRead = now;
                rungStart = now;
                spunNanos = 0;
                yieldedNanos = 0;
                parkedNanos = 0;
                nap.start(episodeAuto && !episodeStandsDown);
                contended = false;
                arrivalNanos = Long.MIN_VALUE;
                // AUTO: the controller also sets the yield rung (two uncontended wake-ups, cut short below).
                episodeYieldNanos = episodeStandsDown ? 0
                        : episodeAuto ? policy.yieldNanos() : (long) YIELD_NANOS.getOpaque(this);
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
                if (nap.isCatching()) {
                    // After a nap: yield until the input comes or the catch deadline passes, then park until
                    // signalled. Yields, not spins: a thread that must run for the input to come (its producer, woken
                    // by its own timer) may be waiting for this very core.
                    lastClockRead = now;
                    if (nap.catchEnds(now)) {
                        yieldedNanos += now - rungStart;
                        rungStart = now;
                        phase = Phase.PARKING;
                    }
                    return phase;
                }
                long gap = now - lastClockRead; // how long the last yield took
                if (gap > OversubscriptionDetector.PREEMPTED_SPIN_NANOS) {
                    contended = true; // the last yield returned late: another thread ran on this core meanwhile
                }
                lastClockRead = now;
                // AUTO: a yield that came back at once ran nobody else (nothing else wants the core): park now.
                if (now - spinEnd >= episodeYieldNanos
                        || (episodeAuto && gap < AdaptiveSpinPolicy.PROMPT_YIELD_NANOS)) {
                    yieldedNanos += now - rungStart;
                    rungStart = now;
                    phase = Phase.PARKING;
                }
            }
            default -> {
                // PARKING is the last rung: stay there until reset().
            }
        }
        return phase;
    }

    /**
     * Owner thread, for an event loop (a thread that serves many channels for the life of its group): it handled I/O
     * (input, or a write it resumed) since its last idle episode began. Under {@link #AUTO} such a ladder counts as
     * an active loop at its next episode, and while more loops of the JVM are active than the process has cores,
     * none of them busy-waits ({@link CoreContention}). A loop woken only by its timers, and a thread that never
     * calls this (a pipe's reader or writer), does not count. One plain store.
     */
    public void ioHandled() {
        standDown.ioHandled();
    }

    private void enterYielding(long now) {
        spinEnd = now;
        spunNanos += now - rungStart;
        rungStart = now;
        phase = episodeYieldNanos > 0 ? Phase.YIELDING : Phase.PARKING;
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
