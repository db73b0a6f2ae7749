package dev.busypoll.core;

import java.util.Arrays;

/**
 * The controller behind the AUTO busy-poll mode: chooses how long a waiting thread spins before it parks, from
 * what the thread has observed, and keeps choosing as the load changes. One instance per waiting thread's
 * {@link IdleLadder}; the ladder feeds it and applies its choice.
 *
 * <h2>The problem and the known answer</h2>
 * A thread that runs out of work either spins (burns CPU for as long as it spins, but sees the next message at
 * once) or parks (costs one block/wake-up, {@code B}: the system calls, the context switches and the wake-up
 * latency). This is the spin-block problem of Karlin, Manasse, McGeoch and Owicki, "Competitive randomized
 * algorithms for non-uniform problems" (SODA 1990; Algorithmica 1994): spinning for {@code B} and then blocking
 * never costs more than twice what the best choice made with hindsight costs, whatever the waits are; drawing the
 * spin limit at random from the right distribution improves that bound to {@code e/(e-1)} (about 1.58); and when
 * the distribution of waits is known, the spin limit that minimises the expected cost does better still. This
 * class does the last of these, with the first as its starting point:
 * <ol>
 *   <li><b>Measure {@code B}</b> on the running machine instead of assuming it: the ladder reports, for every park
 *       that a producer's {@link WakeSignal#signal()} ended, the time from the producer's unpark to the parked
 *       thread running again ({@link #onWakeLatency(long)}). {@code B} is a moving average of those samples,
 *       with outliers (queueing behind other runnable threads, see below) clipped to 4x the uncontended
 *       baseline. Until the first sample it is {@link #DEFAULT_WAKE_COST_NANOS}. The uncontended baseline is the
 *       lower of this thread's own low envelope of its samples and the machine's, as all the controllers of the
 *       JVM have learnt it together ({@link SharedWakeBaseline}): a thread that only ever waits while more
 *       threads are runnable than there are cores never sees a free core, and its own samples are queueing.</li>
 *   <li><b>Learn the distribution of waits</b> — the time from the thread running dry to its next input
 *       ({@link #onEpisode(long, boolean)}) — in {@value #BUCKETS} log2 buckets (128 ns, 256 ns, ... 8 ms and
 *       more) with exponential decay (every bucket halves every {@value #DECAY_EPISODES} episodes). The waits are
 *       observed whatever the current window: a park that a producer ends reports when the producer signalled
 *       ({@link WakeSignal#signalNanos()}), so a wait longer than the window is still measured, not censored.</li>
 *   <li><b>Choose the window</b> every {@value #RECOMPUTE_EPISODES} episodes: for each candidate window {@code T}
 *       (0 or the upper edge of a bucket, up to {@link #MAX_SPIN_NANOS}) the expected cost per episode is
 *       {@code E[wait; wait <= T] + (T + k*B) * P(wait > T)} — CPU spent spinning, plus a whole window and a
 *       weighted wake-up for every wait the window does not cover ({@code k} = {@value #LATENCY_WEIGHT}, below).
 *       The cheapest wins, and a window above 0 must beat "park at once" ({@code k*B} per episode) by
 *       {@code 1/16}, so that a wait just above break-even never buys a spin. Before the first decision the
 *       window is {@code B} itself (the 2-competitive choice without knowledge): {@link #DEFAULT_WAKE_COST_NANOS}
 *       until a wake-up is measured, then the measured {@code B} (up to {@link #MAX_SPIN_NANOS}). That matters for
 *       loops that are busy almost all the time: in hackbench over channels at 8 groups the loops idled a few times
 *       per 100 ms, never reached a decision, and spun the assumed 10 µs while their measured {@code B} was
 *       240-310 µs (the woken loop queued behind the other busy threads).</li>
 * </ol>
 *
 * <h2>Two kinds of wait</h2>
 * A thread that has sent something since it last took input (an event loop that wrote a request or a response to a
 * peer) may be waiting for a reply: a round trip. One that has only taken input waits for the next request, the next
 * tick of its own timer, a user: the gaps of the load. Those are two distributions, and one histogram of both chooses a
 * window that serves neither: a spin that pays for the reply is wasted on every gap. The ladder's caller says which
 * kind each episode is ({@link IdleLadder#afterOutput(boolean)}, {@link #select(boolean)}), and each kind has its own
 * histogram and window; everything else (the wake-up cost, contention and oversubscription, the nap) belongs to the
 * thread and is shared. Measured in the open loop at 5,000 msg/s, where the client loop sends each request from its own
 * timer and its waits alternate between the reply (mostly 4-32 µs) and the timer (64-256 µs): with one histogram the
 * client's window was 0 at the end of most instrumented sessions, so its replies waited in the yield and park rungs;
 * split, the after-output window came out at 16-65 µs and the after-input one at 0. At 10,000 msg/s AUTO's p50 was then
 * 2.5-4.0 µs in four sessions against busypoll50's 11-15 µs (scratch runs, 1 Dec 2026). At 5,000 msg/s the client's
 * window was often capped all the same, by the server's controller finding the machine oversubscribed (see below),
 * because its wake-ups after 200 µs asleep were sometimes slow enough to count as contention (they no longer count:
 * see "Oversubscription"). A caller that never says has one kind, as before.
 *
 * <h2>The margin</h2>
 * Once the cheapest window is above 0 (a spinning regime), the controller takes the <em>longest</em> candidate
 * whose expected cost is within 1/16 of the cheapest. Where the learnt waits all lie below the cheapest window, a
 * longer one costs nothing more by the estimate (a spin ends when the input comes), but it covers the wait the
 * decaying histogram has not seen yet: the jitter of a ping-pong, a burst's gap at a high fixed rate. Without the
 * margin AUTO spun just past its waits and parked on each wait a little longer, paying a wake-up there: in the
 * open-loop runs at 100k-500k msg/s, where every fixed setting spins both cores anyway, its p50 was 1.4-3.1x the
 * best fixed setting's at the same CPU (full run, 30 Nov 2026 09:59 UTC). Where long waits are common enough to
 * count, the longer windows cost more than 1/16 extra and the margin stays at the cheapest.
 *
 * <h2>The latency weight</h2>
 * The paper weighs a nanosecond spent spinning and a nanosecond of wake-up cost the same: it counts only CPU.
 * But a park that a message ends costs more than the waiter's {@code B} of CPU: the message waits those
 * {@code B} for its reader (latency, the figure a low-latency transport exists for), its producer pays the
 * unpark system call on its own path, and the woken thread starts on cold caches. So a block is weighed as
 * {@code k*B}, {@code k} = {@value #LATENCY_WEIGHT}: the controller spins through waits of up to about
 * {@code 8B} and parks for longer ones; and it never spins longer than {@link #MAX_SPIN_NANOS} (65 µs, just above
 * the longest fixed setting the benchmarks compare, 50 µs), so a wait the window cannot cover costs a park, not
 * a long spin and then a park. How {@code k} was chosen (open-loop scenario: fixed rates, so the waits are the
 * gaps between messages; {@code B} about 10 µs here; p50 of AUTO against the best fixed busy-poll time, with
 * their CPU per message): with {@code k = 1} AUTO parked through the gaps at 20k-100k msg/s (p50 5-33x the
 * best's); {@code k = 2} and {@code 3} fixed 100k and 200k but not 50k; {@code k = 4} held 50k-500k msg/s but
 * parked at 20k msg/s, whose 50 µs gaps lie just beyond {@code 4B} (p50 10-13 µs against busypoll50's 1.3-2.2,
 * 5.8-9.1x, at 0.6x its CPU, in four runs on 30 Nov 2026); {@code k = 8} spins there like busypoll50 (CPU
 * 0.98-1.00x of it) and still parks at once at 10k msg/s (gaps of 100 µs, beyond the longest window) and
 * slower, where every fixed setting parks too; there the nap (below) takes over. Ping-pong (waits below 1 µs) does
 * not depend on {@code k}.
 *
 * <h2>The nap</h2>
 * Where the waits are too long to spin through, the inputs may still be regular: a source at a fixed rate, a
 * heartbeat, a market-data tick. Then the next input is due at the last one's arrival plus the usual gap, and a
 * thread can sleep through most of the gap and be awake when it comes: a timed park (a <em>nap</em>) that ends
 * shortly before the input is due, then a short wait awake (the <em>catch</em>, by yielding, so that a thread on
 * the same core that must run for the input to come, such as its producer woken by its own timer, gets the core),
 * then a park until signalled if the input has not come. Every fixed setting parks through such gaps, and pays a
 * wake-up {@code B} of latency on every input; the nap pays a timed wake-up and a catch instead, and the input
 * finds its reader awake.
 * <ul>
 *   <li><b>When:</b> the ladder tells the controller when each input that ended an idle episode arrived
 *       ({@link #onArrival(long)}). At every decision, the median of the last period's gaps between arrivals is the
 *       expected gap: a late input makes one gap long and the next one short, and moves the median by neither.</li>
 *   <li><b>How long:</b> a timed park oversleeps: Linux adds the thread's timer slack (50 µs by default) unless
 *       another interrupt wakes the core earlier, plus the wake-up. The controller learns that overshoot from its
 *       own naps ({@link #onNapTimedOut(long)}) as its 10th and 90th percentiles, and asks the nap to end at the
 *       expected arrival less {@link #NAP_LEAD_NANOS} less the 90th percentile, so that nine naps in ten wake
 *       before the input; the catch lasts until the lead after the input is due.</li>
 *   <li><b>Whether:</b> a nap costs a timed wake-up (about {@code B}) and a catch of about the lead plus half the
 *       spread of the overshoot, against {@code k*B} for a block: it naps only where that is cheaper, not while
 *       oversubscribed or capped (the catch takes a core), and only where the nap ends after the thread parks. A
 *       period in which more naps missed their input (it came after the catch) than caught it pauses napping for
 *       one period, then two, four, up to {@value #MAX_NAP_BACKOFF_PERIODS}: inputs that come at random get few
 *       naps. The ladder does not nap past its caller's own deadline (a timer that would end the episode anyway).</li>
 * </ul>
 * Measured in the open loop at 10k msg/s (gaps of 100 µs; six paired sessions, 30 Nov 2026): AUTO's p50 was
 * 2.9-11.3 µs against busypoll50's 9.9-14.3 µs, at 0.75x its CPU. At 5k msg/s AUTO stays near busypoll50: only
 * 30-50% of the server's inputs came after a nap, and of those naps about 40% slept through their input, which came
 * on time (median 1 µs before it was due; six paired sessions, {@link IdleStats#naps()} and a trace). The timer
 * oversleeps more there than the percentiles learnt from the naps that woke in time (the others are censored).
 * Counting a nap that a signal ended after its deadline as a lower bound of the overshoot raised the percentile
 * so far at 5k msg/s that the same controller, moved on to 10k msg/s, no longer napped at all (nothing lowers the
 * percentile without naps), so it does not.
 *
 * <h2>Two threads that wait for each other</h2>
 * In a ping-pong where both sides park, each side's wait is the other side's wake-up plus its work, just above
 * {@code B}. Weighing CPU alone, each side would correctly decide not to spin, and both would stay parked although
 * both spinning would be far better. The latency weight (above) already makes such waits worth a spin; the
 * exploration remains for the edge of that rule: a machine whose wake-ups are slow (a {@code B} of 20 µs and more,
 * where two of them plus the work exceed the longest window). To leave that equilibrium, a controller whose waits
 * mostly lie between {@code B} and {@code 4B} <em>explores</em>: for 1/16 of the time (the first {@code 2^24} ns,
 * about 17 ms, of every {@code 2^28} ns, about 268 ms, of {@link System#nanoTime()}) it spins for at least
 * {@code 4B} (at most the longest window). The slots are aligned to the clock, which every thread of the JVM shares, so
 * both sides explore at the same moment; if their waits then shrink, the learnt distribution says so and the spin
 * stays. If not, the exploration cost at most 1/16 of the time at {@code 4B} per episode.
 *
 * <h2>Oversubscription</h2>
 * When more threads are runnable than there are cores, a spinning thread holds the core that the thread it waits
 * for needs, and the longer it spins the longer it waits. The ladder marks an episode <em>contended</em> when it
 * sees evidence that other threads want the core: a gap of more than {@link #PREEMPTED_SPIN_NANOS} between two
 * clock reads of one spin (the spinner was descheduled) or around one {@link Thread#yield()} (it returned late:
 * another thread ran). A slow wake-up is <em>not</em> such evidence, although under oversubscription the woken
 * thread does queue behind runnable ones: on a virtual machine a wake-up is also slow when the host is slow to
 * run the idle vCPU again, however few threads the guest has, and a thread that then spins less only parks more and
 * pays more such wake-ups (here a park/unpark hop between two threads on one vCPU took about 3 µs, one across vCPUs
 * 35-56 µs in many sessions: {@code benchmarks/tools/HandoffPlacement.java}, 1 Dec 2026). Until 1 Dec 2026 a wake-up
 * slower than 8x the uncontended baseline counted; on a day when this VM's wake-ups took 30-80 µs against a baseline
 * of a few µs that other scenarios of the JVM had learnt, the open-loop server at 20,000-100,000 msg/s, two threads
 * on two cores, was found oversubscribed, spun half a wake-up and parked through nearly every gap: AUTO's p50 was
 * 7.8-16.7x busypoll50's (full run, 1 Dec 2026 08:37 UTC); without the slow wake-ups as evidence, 1.15x and 1.03x at
 * 20,000 and 50,000 msg/s, where it had been 18.7x and 11.4x in the same hour (7 paired sessions each), and
 * thread-mode hackbench, whose oversubscription the late yields and descheduled spins show, took 0.75-1.18x spin 5
 * µs's best time at 1-8 groups, against 0.57-1.06x with them (one invocation each, 7 runs per cell).
 * A moving average of the contended fraction above 1/4 makes the controller <em>oversubscribed</em>; it leaves
 * that state when the fraction falls below 1/16 (hysteresis against flapping). Oversubscribed, the learnt waits
 * cannot be trusted: they are shaped by the scheduler and by our own parking (a parked reader makes every writer
 * pay an unpark and a context switch, a cost the reader's histogram never sees), and "park at once" measured 3-5x
 * slower than a short spin in hackbench with 40-160 threads on 2 cores. So the controller falls back to the rule
 * that needs no distribution, the competitive one, adjusted for what a spin costs here: every microsecond spun
 * is taken from a thread that needs the core (the one we wait for among them), so a spin costs twice its own
 * length and the break-even spin is half an uncontended wake-up (the baseline below). It spins that long, then
 * yields (below) and parks; it never spins longer while oversubscribed, and does not explore. (Measured in
 * thread-mode hackbench, 40-320 threads on 2 cores: a whole wake-up of spin behaves like spin 10 µs, 1.1-1.2x
 * spin 5 µs's time; half of one like spin 5 µs.)
 * The baseline is the low envelope of the wake-up samples: it follows lower samples at once and higher ones very
 * slowly, so a sustained overload does not become the new normal within a benchmark run; and it is shared across
 * the JVM ({@link SharedWakeBaseline}), because under overload most threads never see an uncontended wake-up at
 * all. Without the sharing, thread-mode hackbench (40-160 threads on 2 cores) ran with each thread's own baseline
 * at 47-340 µs (median thread) and a measured {@code B} of 68-750 µs, so its slow wake-ups were not clipped and
 * the cost rule saw blocks of {@code 4B}, about a millisecond, and chose windows of 10-130 µs, spinning on the cores
 * the writers needed (AUTO took 1.1-1.8x spin 5 µs's time there).
 * Oversubscription is a property of the machine too, and a waiter that waits only a few times never learns it on
 * its own (a hackbench sender waits for space in each receiver's pipe once or twice a run, with a ladder per
 * pipe): a controller that has not decided yet starts oversubscribed when another one of the JVM saw the machine
 * so within the last 10 s ({@link SharedOversubscription}), and leaves the state after a few dozen episodes of
 * its own without contention. With the shared baseline, the half-wake-up spin and the shared sighting, AUTO took
 * 0.71-1.21x spin 5 µs's best time in thread-mode hackbench, groups 1-8, 11 of 12 cells within 1.1x (three
 * interleaved rounds of 10 runs per cell, 30 Nov 2026); without them 1.00-1.43x, 1 of 12.
 * The converse holds too: a waiter whose waits mostly end inside its spin (a hackbench reader: its writers keep
 * its pipe busy) sees neither a descheduled spin nor a late yield, leaves the state within a few dozen episodes,
 * and then learns long windows from its short waits, spinning on the cores the threads that fill its pipe need.
 * Measured at 1 group (20 writers, 20 readers on 2 cores): the readers averaged 22-43 µs of spin per episode, and
 * a run's time followed it (24-28 ms at 1.7 µs, 43-64 ms at 25-29 µs); AUTO took 1.22-1.30x spin 5 µs's time
 * (paired medians). So while another controller's sighting is fresh ({@link SharedOversubscription#CURRENT_NANOS},
 * 5 ms; an oversubscribed controller refreshes it every millisecond), a controller that believes itself calm still
 * spins no longer than an oversubscribed one; its own window and decisions are kept, and {@link #spinNanos()}
 * reports them uncapped. With the cap the readers spun 3.0-3.6 µs per episode and AUTO took 0.96x spin 5 µs's time
 * at 1 group, 0.91x at 2 (paired medians over 45-90 runs, 30 Nov 2026). The cap leaves the waits after output alone
 * (see "Two kinds of wait"): a thread that waits for the reply to what it sent spins for one round trip of its own,
 * which its own episodes judge, not for a stream that other threads keep filling. Capped, the client loop of the open
 * loop at 5,000 msg/s, whose server's controller found the machine oversubscribed now and then (its wake-ups from an
 * idle core were slow enough to count then), caught 92-125 of its ~7,500 replies spinning; uncapped, 670-813, and
 * AUTO's p50 went from 1.28-1.33x busypoll50's (paired medians of 15 sessions) to 1.07-1.17x at the same CPU
 * (0.44-0.46x busypoll50's; scratch runs, 1 Dec 2026).
 *
 * <h2>The yield rung</h2>
 * Every AUTO episode that outlasts its spin window then <em>yields</em> for up to two uncontended wake-ups
 * ({@link #yieldNanos()}), handing the core to the threads it waits for as Gleixner asked of the RFC, and then
 * parks; but the ladder parks at once when a yield comes back within {@link #PROMPT_YIELD_NANOS}: no other thread
 * ran, so nothing else wants the core, and further yields would only spin through system calls. On a calm machine
 * the rung therefore costs one {@code sched_yield} (under 1 µs here) before a park that costs {@code B}; on a
 * loaded one it lets the thread that will end the wait run without anybody paying a park and an unpark. It is
 * always on, not only when oversubscribed, because the evidence of oversubscription comes mostly from yields
 * that return late: without the rung a thread parks at once, sees little contention and never learns it should
 * yield. Measured in thread-mode hackbench over MPSC pipes (20-160 writers and readers on 2 cores): with the rung
 * only while oversubscribed, AUTO took 2.4-4.4x spin5's time and CPU and its writers parked in almost every
 * wait (the state was rarely reached); with it always on, 1.0-1.4x, parking in 1-2% of the waits like spin5.
 *
 * <h2>Cost</h2>
 * Per idle episode: a few additions, a shift and two array stores; every {@value #RECOMPUTE_EPISODES} episodes a
 * pass over the {@value #BUCKETS} buckets of each kind of wait, and, only where more than half the period's gaps
 * are long enough that a nap could pay, an insertion sort of its {@value #RECOMPUTE_EPISODES} gaps (in random order
 * it mispredicts most of its branches: about 330 ns here, which every 16th reply of a ping-pong waited for when it
 * ran every period).
 * No allocation after construction, no locks, no clock reads (the caller passes the times in, which also makes
 * every decision testable without timing).
 *
 * <h2>Why hand-written</h2>
 * Agrona's, Disruptor's and Netty's idle strategies, Linux's {@code SO_BUSY_POLL} and the RFC's pipe busy wait
 * all take a fixed spin time from the user; none learns it. Adaptive mutexes (glibc's
 * {@code PTHREAD_MUTEX_ADAPTIVE_NP}, HotSpot's adaptive spinning) adapt to lock hold times, inside their locks,
 * and are not reusable for a wait on a queue.
 *
 * <h2>Threading</h2>
 * Single-threaded: owned by the waiting thread (the ladder's owner), which is the only caller of every method.
 * Other threads read what it chose through the ladder's published getters, never through this object.
 */
public final class AdaptiveSpinPolicy {
    /** The wake-up cost assumed until the first one is measured: 10 µs, a park/unpark round trip here. */
    public static final long DEFAULT_WAKE_COST_NANOS = 10_000L;
    /**
     * The longest window the controller chooses: 2^16 ns, about 65 µs (6.5 default wake-ups), just above the longest
     * fixed busy-poll time users set (50 µs); see "The latency weight" in the class javadoc.
     */
    public static final long MAX_SPIN_NANOS = 1L << 16;
    /**
     * A gap between two clock reads of one spin longer than this (20 µs) means the spinning thread was
     * descheduled: sixteen {@link Thread#onSpinWait()} take well under a microsecond on any CPU.
     */
    public static final long PREEMPTED_SPIN_NANOS = 20_000L;
    /**
     * A {@link Thread#yield()} that returns within this (2 µs) ran no other thread: nothing else wanted the core,
     * so further yielding would only spin through system calls, and an AUTO ladder parks at once (see the class
     * javadoc). A bare yield took 0.7-0.9 µs on average here (over 99% below 1 µs); a yield that hands the core
     * to another thread and gets it back costs two context switches plus that thread's run.
     */
    public static final long PROMPT_YIELD_NANOS = 2_000L;

    /**
     * The jitter a nap allows the arrivals (5 µs): it aims to end this long before the next input is due, and its
     * catch lasts until this long after (class javadoc, "The nap"). The catch is CPU spent on every nap: with 10 µs
     * AUTO took 1.12x busypoll0's CPU per message at 10k msg/s (full run, 30 Nov 2026 17:51 UTC).
     */
    public static final long NAP_LEAD_NANOS = 5_000L;
    /**
     * What a timed park oversleeps by, assumed until a nap measures it: Linux's default timer slack of a thread
     * (50 µs) plus a wake-up. Measured here: {@code parkNanos(x)} slept {@code x} + 59-63 µs (p10-p90) for any
     * {@code x} from 1 to 80 µs on an otherwise idle machine; less when another interrupt wakes the core within the
     * slack (15-35 µs at the 10th percentile in the open loop at 5,000 msg/s).
     */
    static final long DEFAULT_NAP_OVERSHOOT_NANOS = 60_000L;
    /** Naps cannot oversleep more than this (1 ms) as far as the controller is concerned: beyond, a stall. */
    private static final long MAX_NAP_OVERSHOOT_NANOS = 1_000_000L;
    /** The step of the overshoot's percentile tracking (see {@link #onNapTimedOut(long)}); 0.5 µs. */
    private static final long OVERSHOOT_STEP_NANOS = 500L;
    /** The longest pause from napping, in decision periods, after periods whose naps missed more than they caught. */
    static final int MAX_NAP_BACKOFF_PERIODS = 64;

    /**
     * How many wake-up costs {@code B} a block counts for when it is weighed against spinning: its CPU, plus the
     * latency it adds to the message that ends it (see the class javadoc).
     */
    static final int LATENCY_WEIGHT = 8;

    /** Number of log2 buckets of the wait histogram. */
    static final int BUCKETS = 18;
    /** Bucket 0 holds waits below {@code 2^(MIN_SHIFT+1)} = 128 ns; bucket k >= 1 holds [2^(k+6), 2^(k+7)). */
    private static final int MIN_SHIFT = 6;
    /** Episodes between two decisions. */
    static final int RECOMPUTE_EPISODES = 16;
    /** Gaps between arrivals a decision period needs before it may choose a nap: half the period. */
    private static final int MIN_NAP_GAPS = RECOMPUTE_EPISODES / 2;
    /** Episodes between two halvings of the histogram (the half-life of an observation). */
    static final int DECAY_EPISODES = 64;
    /** Weight of one observation (fixed point, so that halving keeps resolution). */
    private static final long ONE = 1L << 10;
    /** Contended fraction (of {@link #ONE}) above which the controller becomes oversubscribed: 1/4. */
    private static final long ENTER_OVERSUBSCRIBED = ONE / 4;
    /** Contended fraction below which it stops being oversubscribed: 1/16. */
    private static final long LEAVE_OVERSUBSCRIBED = ONE / 16;
    /** Exploration slots: the first 2^24 ns of every 2^28 ns of the shared clock. */
    private static final int EXPLORE_SLOT_SHIFT = 24;
    private static final long EXPLORE_PERIOD_MASK = 15;
    /**
     * Wake-up samples are clipped to 1 ms: a longer one is a stall (a GC pause, a descheduled thread), not what a
     * wake-up costs, and must not make the first estimate absurd.
     */
    private static final long MAX_WAKE_SAMPLE_NANOS = 1_000_000L;
    /** Wake-up samples below this are parks that a signal beat to sleep; they say nothing about the baseline. */
    private static final long MIN_BASELINE_SAMPLE_NANOS = 500L;

    /** The waits that follow input alone, and the window learnt from them (see "Two kinds of wait"). */
    private final Waits afterInput = new Waits();
    /** The waits that follow output (for a reply), and their window. */
    private final Waits afterOutput = new Waits();
    /** The kind of the current episode ({@link #select(boolean)}). */
    private Waits current = afterInput;
    /** Scratch for {@link #decide()}: the expected cost of each candidate window (no allocation per decision). */
    private final long[] costs = new long[BUCKETS];
    private int episodes;
    /** Set at the first regular decision: from then on the controller trusts its own episodes only. */
    private boolean trained;

    /** Wake-up samples a controller takes before it offers its own low envelope to the shared baseline. */
    private static final int SETTLED_WAKE_SAMPLES = 8;

    private final SharedWakeBaseline shared;
    private final SharedOversubscription machineOversubscribed;

    private long wakeCostNanos = DEFAULT_WAKE_COST_NANOS;
    /** This thread's own low envelope of its wake-up samples; see {@link #baselineWakeNanos()} for the one in use. */
    private long baselineWakeNanos = DEFAULT_WAKE_COST_NANOS;
    private boolean wakeMeasured;
    private int wakeSamples;

    /** Moving average of the contended fraction of episodes, in units of {@link #ONE}. */
    private long contention;
    private boolean oversubscribed;

    /** When the last input that ended an idle episode arrived ({@link #onArrival(long)}), if {@link #arrived}. */
    private long lastArrivalNanos;
    private boolean arrived;
    /**
     * The gaps between two such arrivals since the last regular decision (at most one per episode), of which the
     * nap takes the median: the period of a periodic source, which inputs that come late or early do not move.
     */
    private final long[] periodGaps = new long[RECOMPUTE_EPISODES];
    private int periodGapCount;
    /**
     * How many of the period's gaps exceed {@link #NAP_LEAD_NANOS}. Unless more than half do, the median cannot
     * buy a nap, and the decision skips sorting the gaps: a sort of 16 gaps in random order mispredicts most of its
     * branches and took about 330 ns here, which in a ping-pong (waits of 0.2 µs) delayed every 16th reply.
     */
    private int periodLongGaps;

    /** After the last arrival, when a nap should end; 0 = no nap (class javadoc, "The nap"). */
    private long napNanos;
    /** After the last arrival, when the catch after a nap ends: the expected gap plus the lead. */
    private long catchNanos;
    /** What a timed park oversleeps by: the 90th and the 10th percentile of the naps' overshoots. */
    private long napOvershootHigh = DEFAULT_NAP_OVERSHOOT_NANOS;
    private long napOvershootLow = DEFAULT_NAP_OVERSHOOT_NANOS;
    /** Naps since the last regular decision whose input arrived in the catch, and those it did not. */
    private int napsCaught;
    private int napsMissed;
    /** Decision periods without naps after a period whose naps missed more than they caught, and how many left. */
    private int napBackoffPeriods;
    private int napBackoffLeft;
    /** The current episode's window was capped by another controller's fresh sighting of oversubscription. */
    private boolean capped;

    /**
     * A controller that has observed nothing yet: its window is {@link #DEFAULT_WAKE_COST_NANOS}. It shares the
     * machine's uncontended wake-up cost ({@link SharedWakeBaseline}) and sightings of oversubscription
     * ({@link SharedOversubscription}) with every other controller of this JVM.
     */
    public AdaptiveSpinPolicy() {
        this(SharedWakeBaseline.JVM, SharedOversubscription.JVM);
    }

    /** A controller that shares the uncontended wake-up cost through {@code shared} (tests pass their own). */
    AdaptiveSpinPolicy(SharedWakeBaseline shared) {
        this(shared, new SharedOversubscription());
    }

    /**
     * A controller that shares the uncontended wake-up cost through {@code shared} and sightings of oversubscription
     * through {@code machineOversubscribed} (tests pass their own).
     */
    AdaptiveSpinPolicy(SharedWakeBaseline shared, SharedOversubscription machineOversubscribed) {
        this.shared = shared;
        this.machineOversubscribed = machineOversubscribed;
    }

    /**
     * The window for an idle episode that starts at {@code nowNanos}: the chosen window, capped at half an
     * uncontended wake-up while another controller's sighting of oversubscription is fresh, or the exploration
     * window during an exploration slot (see the class javadoc).
     *
     * @param nowNanos the episode's start, a {@link System#nanoTime()} value
     * @return nanoseconds to spin, {@code >= 0}
     */
    public long spinNanos(long nowNanos) {
        if (oversubscribed) {
            if ((episodes & (RECOMPUTE_EPISODES - 1)) == 0) {
                machineOversubscribed.markSeen(nowNanos); // rate-limited inside
            }
        } else if (!trained && machineOversubscribed.seenRecently(nowNanos)) {
            // Untrained: believe another controller's recent sighting (SharedOversubscription) until our own
            // episodes say otherwise.
            oversubscribed = true;
            contention = ENTER_OVERSUBSCRIBED;
            decide();
        }
        capped = !oversubscribed && current != afterOutput && machineOversubscribed.seenJustNow(nowNanos);
        if (capped) {
            // Our episodes look calm, but another controller found the machine oversubscribed just now: spin no
            // longer than it does (class javadoc, "Oversubscription"), unless waiting for a reply.
            return Math.min(current.spinNanos, oversubscribedSpinNanos());
        }
        if (current.explore && ((nowNanos >>> EXPLORE_SLOT_SHIFT) & EXPLORE_PERIOD_MASK) == 0) {
            return Math.max(current.spinNanos, Math.min(4 * wakeCostNanos, MAX_SPIN_NANOS));
        }
        return current.spinNanos;
    }

    /**
     * For the episode that {@link #spinNanos(long)} started: whether its park should time out at
     * {@link #napDeadlineNanos()}, so that the thread spins again just before the next input is due (class javadoc,
     * "The nap"). The ladder naps only in a park that a producer can end, and only if the deadline is still ahead.
     */
    public boolean shouldNap() {
        return napNanos > 0 && arrived && !capped && !oversubscribed;
    }

    /** When the nap that {@link #shouldNap()} asks for should end: a {@link System#nanoTime()} value. */
    public long napDeadlineNanos() {
        return lastArrivalNanos + napNanos;
    }

    /**
     * When the catch after a nap that timed out ends, if no input came: a {@link System#nanoTime()} value, the
     * next input's expected arrival plus {@link #NAP_LEAD_NANOS}.
     */
    public long catchDeadlineNanos() {
        return lastArrivalNanos + catchNanos;
    }

    /**
     * The input that ended an idle episode arrived at {@code arrivalNanos} (when it was published, as well as the
     * ladder can tell); told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param arrivalNanos a {@link System#nanoTime()} value
     */
    public void onArrival(long arrivalNanos) {
        long gap = arrivalNanos - lastArrivalNanos;
        if (arrived && gap >= 0 && periodGapCount < periodGaps.length) {
            periodGaps[periodGapCount++] = gap;
            if (gap > NAP_LEAD_NANOS) {
                periodLongGaps++;
            }
        }
        lastArrivalNanos = arrivalNanos;
        arrived = true;
    }

    /**
     * A nap timed out ({@link #napDeadlineNanos()}): how much later than asked the thread ran again.
     *
     * @param overshootNanos the time from the nap's deadline to the thread running; negative values are ignored
     */
    public void onNapTimedOut(long overshootNanos) {
        if (overshootNanos >= 0) {
            // Percentiles tracked by steps (a sample above moves the 90th up by nine steps, one below moves it down by
            // one; the 10th the other way round): a nap descheduled for long moves them one step, not far.
            long sample = Math.min(overshootNanos, MAX_NAP_OVERSHOOT_NANOS);
            long high = napOvershootHigh + (sample > napOvershootHigh ? 9 : -1) * OVERSHOOT_STEP_NANOS;
            long low = napOvershootLow + (sample > napOvershootLow ? 1 : -9) * OVERSHOOT_STEP_NANOS;
            napOvershootHigh = Math.max(high, 0);
            napOvershootLow = Math.max(low, 0);
        }
    }

    /**
     * How the catch after a nap ended; told before the episode's {@link #onEpisode(long, boolean)}.
     *
     * @param caught whether the input arrived during the catch (otherwise the thread parked after it)
     */
    public void onNapEnded(boolean caught) {
        if (caught) {
            napsCaught++;
        } else {
            napsMissed++;
        }
    }

    /** The window while oversubscribed: half an uncontended wake-up (class javadoc, "Oversubscription"). */
    private long oversubscribedSpinNanos() {
        return Math.min(baselineWakeNanos() / 2, MAX_SPIN_NANOS);
    }

    /**
     * The window chosen at the last decision for the kind of wait of the current episode, without exploration or
     * the cap of a fresh sighting of oversubscription ({@link #spinNanos(long)}); nanoseconds, {@code >= 0}.
     */
    public long spinNanos() {
        return current.spinNanos;
    }

    /** As {@link #spinNanos()}, for the given kind of wait (see {@link #select(boolean)}). */
    public long spinNanos(boolean afterOutput) {
        return waits(afterOutput).spinNanos;
    }

    /** The weight of one kind's histogram (decayed episode count, fixed point); for tests. */
    long observedWeight(boolean afterOutput) {
        return waits(afterOutput).totalWeight;
    }

    /**
     * The kind of wait of the episode that starts now: after output (the thread sent something since it last took
     * input, and may wait for a reply) or after input alone. Each kind has its own histogram and window (class
     * javadoc, "Two kinds of wait"); {@link #spinNanos(long)} and {@link #spinNanos()} answer for the selected kind.
     */
    public void select(boolean afterOutput) {
        current = waits(afterOutput);
    }

    private Waits waits(boolean afterOutput) {
        return afterOutput ? this.afterOutput : afterInput;
    }

    /**
     * The yield window that follows the spin: two uncontended wake-ups, which the ladder cuts short at the first
     * yield that ran no other thread (see the class javadoc).
     */
    public long yieldNanos() {
        return Math.min(2 * baselineWakeNanos(), MAX_SPIN_NANOS);
    }

    /** The uncontended wake-up cost: the low envelope of the samples (see the class javadoc). */
    public long baselineWakeNanos() {
        long machine = shared.nanos();
        return machine > 0 && machine < baselineWakeNanos ? machine : baselineWakeNanos;
    }

    /** The block/wake-up cost {@code B} in use: measured, or {@link #DEFAULT_WAKE_COST_NANOS} before any sample. */
    public long wakeCostNanos() {
        return wakeCostNanos;
    }

    /** Whether a wake-up cost has been measured yet. */
    public boolean isWakeCostMeasured() {
        return wakeMeasured;
    }

    /** Whether the controller believes the machine is oversubscribed (and therefore does not spin). */
    public boolean isOversubscribed() {
        return oversubscribed;
    }

    /**
     * One measured wake-up: from a producer's unpark to the parked thread running again.
     *
     * <p>A slow one is not evidence of oversubscription (class javadoc, "Oversubscription"); it only teaches
     * {@code B} and the baseline.
     *
     * @param latencyNanos the measured time; negative values (clock skew) are ignored
     */
    public void onWakeLatency(long latencyNanos) {
        if (latencyNanos < 0) {
            return;
        }
        latencyNanos = Math.min(latencyNanos, MAX_WAKE_SAMPLE_NANOS);
        if (!wakeMeasured) {
            wakeMeasured = true;
            baselineWakeNanos = Math.max(latencyNanos, MIN_BASELINE_SAMPLE_NANOS);
            long uncontended = baselineWakeNanos();
            // Another thread of this JVM may already know the machine's uncontended wake-up (SharedWakeBaseline).
            wakeCostNanos = Math.max(Math.min(latencyNanos, 4 * uncontended), 1);
            followMeasuredWakeCost();
            return;
        }
        if (latencyNanos >= MIN_BASELINE_SAMPLE_NANOS) {
            // The low envelope: down at once (halfway), up by 1/4096 of the difference per sample.
            baselineWakeNanos = latencyNanos < baselineWakeNanos
                    ? (baselineWakeNanos + latencyNanos) >> 1
                    : baselineWakeNanos + ((latencyNanos - baselineWakeNanos) >> 12);
            if (++wakeSamples >= SETTLED_WAKE_SAMPLES) {
                shared.offer(baselineWakeNanos); // ignored unless lower than the machine's so far
            }
        }
        // B: what a wake-up costs here when the machine is not overloaded. Queueing behind other threads is clipped
        // out: spinning does not avoid it (it causes it).
        long sample = Math.max(Math.min(latencyNanos, 4 * baselineWakeNanos()), 1);
        wakeCostNanos += (sample - wakeCostNanos) >> 3;
        wakeCostNanos = Math.max(wakeCostNanos, 1);
        followMeasuredWakeCost();
    }

    /** Before any decision from learnt waits the window is B, the 2-competitive choice: the measured B, once known. */
    private void followMeasuredWakeCost() {
        if (!oversubscribed) {
            afterInput.followMeasuredWakeCost(wakeCostNanos);
            afterOutput.followMeasuredWakeCost(wakeCostNanos);
        }
    }

    /**
     * One idle episode of the selected kind of wait ({@link #select(boolean)}) ended.
     *
     * @param waitNanos how long the thread waited for its next input (from running dry to the input being
     *                  published, as well as the ladder can tell); negative values count as 0
     * @param contended whether the episode saw evidence that other threads wanted the core (a spin descheduled,
     *                  a yield that returned late)
     */
    public void onEpisode(long waitNanos, boolean contended) {
        current.weights[bucket(waitNanos)] += ONE;
        current.totalWeight += ONE;
        contention += ((contended ? ONE : 0) - contention) >> 4;
        if (oversubscribed ? contention < LEAVE_OVERSUBSCRIBED : contention > ENTER_OVERSUBSCRIBED) {
            oversubscribed = !oversubscribed;
            decide(); // react at once: every further spin steals from the thread we wait for
        }
        int n = ++episodes;
        if ((n & (DECAY_EPISODES - 1)) == 0) {
            decay();
        }
        if ((n & (RECOMPUTE_EPISODES - 1)) == 0) {
            trained = true; // not episodes >= 16: the counter wraps after 2^31 episodes (35 min at 1M/s)
            decide();
            decideNap();
        }
    }

    /** The histogram bucket of a wait. */
    static int bucket(long waitNanos) {
        if (waitNanos < (1L << (MIN_SHIFT + 1))) {
            return 0;
        }
        int b = 63 - Long.numberOfLeadingZeros(waitNanos) - MIN_SHIFT;
        return Math.min(b, BUCKETS - 1);
    }

    /** The upper edge of bucket {@code k}: the window that covers every wait in it. */
    static long upperEdge(int k) {
        return 1L << (k + MIN_SHIFT + 1);
    }

    /** What spinning through a wait of bucket {@code k} costs on average: its midpoint. */
    private static long midpoint(int k) {
        return k == 0 ? 1L << MIN_SHIFT : 3L << (k + MIN_SHIFT - 1);
    }

    private void decay() {
        afterInput.decay();
        afterOutput.decay();
    }

    /** Chooses each kind's window (class javadoc, "Choose the window"). */
    private void decide() {
        decide(afterInput);
        decide(afterOutput);
    }

    /** Chooses the window that minimises the expected cost per episode over one kind's learnt distribution. */
    private void decide(Waits waits) {
        long[] weights = waits.weights;
        long total = waits.totalWeight;
        if (oversubscribed) {
            waits.spinNanos = oversubscribedSpinNanos();
            waits.explore = false;
            return;
        }
        if (total == 0) {
            waits.followMeasuredWakeCost(wakeCostNanos); // never observed (yet): B, also after oversubscription
            return;
        }
        long b = wakeCostNanos;
        long block = LATENCY_WEIGHT * b; // what one block is weighed as: its CPU and its latency
        // Costs in units of weight x ns; with at most ~2^18 of weight and 2^23 ns per term, no overflow.
        long parkAtOnce = block * total;
        long best = parkAtOnce - (parkAtOnce >> 4); // a spin must beat parking at once by 1/16
        long bestWindow = 0;
        long spun = 0;
        long beyond = total;
        int candidates = 0;
        for (int k = 0; k < BUCKETS - 1; k++) {
            long window = upperEdge(k);
            if (window > MAX_SPIN_NANOS) {
                break;
            }
            spun += weights[k] * midpoint(k);
            beyond -= weights[k];
            long cost = spun + (window + block) * beyond;
            costs[k] = cost;
            candidates = k + 1;
            if (cost < best) {
                best = cost;
                bestWindow = window;
            }
        }
        if (bestWindow > 0) {
            // Margin: the longest window that costs within 1/16 of the best (class javadoc, "The margin").
            long limit = best + (best >> 4);
            for (int k = candidates - 1; upperEdge(k) > bestWindow; k--) {
                if (costs[k] <= limit) {
                    bestWindow = upperEdge(k);
                    break;
                }
            }
        }
        waits.spinNanos = bestWindow;
        waits.decidedFromWaits = true;
        // Explore only from "park at once" when the waits sit between one and four wake-ups: the shape of two
        // threads that wait for each other's wake-up (class javadoc).
        long between = 0;
        for (int k = bucket(b); k <= bucket(4 * b); k++) {
            between += weights[k];
        }
        waits.explore = bestWindow == 0 && 2 * between > total;
    }

    /**
     * Chooses the nap for the next decision period from the median gap between arrivals in the last one (class
     * javadoc, "The nap"); called after every regular decision.
     */
    private void decideNap() {
        int gaps = periodGapCount;
        int longGaps = periodLongGaps;
        periodGapCount = 0;
        periodLongGaps = 0;
        int caught = napsCaught;
        int missed = napsMissed;
        napsCaught = 0;
        napsMissed = 0;
        if (missed > caught) {
            // The inputs came later than the gaps promised: not regular enough. Pause, longer each time.
            napBackoffPeriods = Math.min(Math.max(1, 2 * napBackoffPeriods), MAX_NAP_BACKOFF_PERIODS);
            napBackoffLeft = napBackoffPeriods;
        } else if (caught > 0) {
            napBackoffPeriods = 0;
        }
        napNanos = 0;
        if (napBackoffLeft > 0) {
            napBackoffLeft--;
            return;
        }
        // The median (index gaps/2 of the sorted gaps) exceeds the lead only if at least gaps - gaps/2 gaps do; a nap
        // needs it to exceed the lead and the overshoot.
        if (oversubscribed || gaps < MIN_NAP_GAPS || longGaps < gaps - (gaps >> 1)) {
            return;
        }
        Arrays.sort(periodGaps, 0, gaps); // an insertion sort at this size: no allocation
        long expected = periodGaps[gaps >> 1];
        // A nap replaces a block (k*B) by a timed wake-up (about B) and a catch of about the lead plus half the
        // spread of the overshoot, when it catches its input; it pays while at least half the naps do (see the
        // class javadoc).
        long catchSpin = NAP_LEAD_NANOS + ((napOvershootHigh - napOvershootLow) >> 1);
        if (wakeCostNanos + catchSpin >= LATENCY_WEIGHT * wakeCostNanos) {
            return;
        }
        // Asked to end so early that even a nap that oversleeps by the 90th percentile wakes before the input.
        long nap = expected - NAP_LEAD_NANOS - napOvershootHigh;
        if (nap > 0) {
            napNanos = nap;
            catchNanos = expected + NAP_LEAD_NANOS;
        }
    }

    @Override
    public String toString() {
        return "AdaptiveSpinPolicy{spinNanos=" + afterInput.spinNanos + (afterOutput.totalWeight > 0
                ? ", afterOutputSpinNanos=" + afterOutput.spinNanos : "") + ", wakeCostNanos=" + wakeCostNanos
                + (napNanos > 0 ? ", napNanos=" + napNanos : "") + (oversubscribed ? ", oversubscribed" : "")
                + (current.explore ? ", exploring" : "") + '}';
    }

    /** One kind of wait: its decaying histogram and the window chosen from it. Owner thread only. */
    private static final class Waits {
        final long[] weights = new long[BUCKETS];
        long totalWeight;
        long spinNanos = DEFAULT_WAKE_COST_NANOS;
        /** Whether a window has been chosen from learnt waits; until then the window follows the measured B. */
        boolean decidedFromWaits;
        boolean explore;

        /** Before any decision from learnt waits the window is B, the 2-competitive choice. */
        void followMeasuredWakeCost(long wakeCostNanos) {
            if (!decidedFromWaits) {
                spinNanos = Math.min(wakeCostNanos, MAX_SPIN_NANOS);
            }
        }

        void decay() {
            long total = 0;
            for (int i = 0; i < BUCKETS; i++) {
                long w = weights[i] >> 1;
                weights[i] = w;
                total += w;
            }
            totalWeight = total;
        }
    }
}
