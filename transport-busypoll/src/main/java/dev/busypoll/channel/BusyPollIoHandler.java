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
package dev.busypoll.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import dev.busypoll.core.IdleLadder;
import dev.busypoll.core.SpinSetting;
import dev.busypoll.core.WakeSignal;
import io.netty.channel.EventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.IoOps;
import io.netty.channel.IoRegistration;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.ThreadAwareExecutor;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * The busypoll event loop: a Netty 4.2 {@link IoHandler} that polls the {@link BusyPollChannel}s that have input
 * and, when there is nothing to do, climbs transport-core's {@link IdleLadder} — spin for the loop's busy-poll
 * time, then yield, then park until a producer signals or the next scheduled task is due.
 *
 * <pre>{@code
 * EventLoopGroup group = new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory());
 * new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
 *     .childOption(BusyPollChannelOption.BUSY_POLL_MICROS, 50) ...
 * }</pre>
 *
 * <h2>The loop</h2>
 * Each loop owns an MPSC <em>ready list</em> of channels that have something to do (input to read, or a stalled
 * write that may now proceed): a loop never scans idle channels, it watches at most one (the last channel that
 * did work, while the loop spins; see hand-off 2). One {@link #run(IoHandlerContext)} takes every
 * channel that was on the list when it started and polls each once, at most the channel's
 * {@link BusyPollChannelOption#BUSY_POLL_BUDGET budget} of messages; a channel with more input goes back to the
 * tail. With no work and {@link IoHandlerContext#canBlock()}, the loop idles: it stops climbing the ladder the
 * moment the ready list is not empty, a task is submitted or {@link #wakeup()} is called.
 * <p>
 * The spin window is the largest {@code BUSY_POLL_MICROS} among the channels registered on the loop, else the
 * factory's default, where {@code 0 < AUTO < 1 < 2 < ...} (see {@link BusyPollChannelOption#BUSY_POLL_MICROS}).
 * Under {@link BusyPollChannelOption#AUTO} the ladder's {@link dev.busypoll.core.AdaptiveSpinPolicy} chooses the
 * window from the loop's own idle episodes (how long input took to arrive, what a wake-up costs, whether other
 * threads want the core), and its yield rung too (two uncontended wake-ups, left at the first yield that ran no
 * other thread). It learns the waits that follow a write to a peer (for a reply) apart from the others: the loop
 * counts an episode as after output when one of its channels wrote since the loop last polled input
 * ({@link dev.busypoll.core.IdleLadder#afterOutput(boolean)}). {@link BusyPollStats#getSpinWindowNanos()} shows the
 * choice (for the last episode's kind).
 * When the loops of the JVM that spin for a fixed time outnumber the cores, the first such loop logs a warning
 * once, saying what to do instead (fewer loops, AUTO, or 0).
 * Only time spent polling channels is reported as active I/O time
 * ({@link IoHandlerContext#reportActiveIoTime(long)}), never spinning, so auto-scaling groups see an idle loop as
 * idle.
 *
 * <h2>Defaults</h2>
 * {@link #DEFAULT_BUSY_POLL_MICROS} and {@link #DEFAULT_BUSY_POLL_BUDGET}; see their javadoc for why.
 *
 * <h2>Memory ordering (every lock-free hand-off of this package, argued in this one place)</h2>
 * Every hand-off between a producer thread and a loop is a Dekker pair: each side does <em>store; full fence;
 * load</em> ({@link VarHandle#fullFence()}), so the two stores cannot both be missed by the two loads. JCTools'
 * queues publish with release stores only, which alone do not order a later load; hence the explicit fences.
 * <ol>
 *   <li><b>Message → peer's inbound queue.</b> Writer (peer's loop): {@code SpscArrayQueue.offer} (release
 *       store of the element) for each message of a flush; then (2). Reader: acquire load in {@code poll}. FIFO
 *       per direction comes from the SPSC queue; there is one writer per direction (the peer channel's loop).</li>
 *   <li><b>Channel → its loop's ready list, once.</b> Producer: publish the work (1 or 4); full fence; CAS the
 *       channel's {@code queued} flag 0→1; if won, {@code MpscUnboundedArrayQueue.offer(channel)}. Consumer (the
 *       loop): poll the channel; store {@code queued}=0; full fence; then look at the work (poll the inbound
 *       queue / the stalled write). Either the consumer sees the work, or the producer sees 0 and queues the
 *       channel again: no lost input; and a channel is on the list at most once. The producer reads the channel's
 *       {@code handler} after its fence; (re)registration stores {@code handler}, fences, then looks at the inbound
 *       queue, so input that arrived while the channel had no loop is not lost either.
 *       <br><b>The watched channel.</b> After a pass, the loop may keep one channel that did work with its
 *       {@code queued} flag set (CAS 0→1 after the poll; if the CAS fails a producer queued it again and it is an
 *       ordinary ready-list channel) instead of putting it back on the list. A producer that finds the flag 1 does
 *       nothing more: no ready-list offer, no wake-up. In exchange the loop looks at the watched channel's work
 *       (acquire load of the inbound queue's next slot; the stalled-write flag) on every pass and every spin step,
 *       and once the spin window is over, before the ladder may park, it <em>unwatches</em>: store
 *       {@code queued}=0; full fence; look at the work (if any, the channel goes on the ready list). That is the
 *       consumer half above, at a later time: a producer that read 1 did so before the unwatching store, so its
 *       work is visible to the look after the fence; a producer that reads 0 queues the channel and signals as
 *       usual, and the loop parks only after unwatching. A channel that stops reading, closes or stalls a write is
 *       unwatched right after its poll; deregistration unwatches it before its next loop can attach it.
 *       <br><b>A peer on the writer's loop</b> is polled by the writer right after its flush instead
 *       ({@link #pollNested}), on the one thread, so program order stands for the fence; at most
 *       {@link #MAX_NESTED_POLLS} such polls deep, and never while the peer's own write or poll is on the stack:
 *       then it goes on the ready list as above.</li>
 *   <li><b>Waking the loop.</b> Producer: after (2) offered the channel (or a task was added to Netty's task
 *       queue, or a suspend was requested, followed by {@link #wakeup()}, which stores the {@code wakeupRequested}
 *       flag), {@link WakeSignal#signal()}: full fence, read the waiters flag, unpark only if it says PARKING.
 *       Consumer: in the park rung, {@link WakeSignal#prepareToPark()} (store PARKING; full fence) then re-check
 *       "ready list not empty (or the watched channel has work) || wakeup requested || tasks pending" and park
 *       only if all are false. The spin and yield rungs re-check the same condition on every step, so they stop as
 *       soon as the work is visible.</li>
 *   <li><b>Backpressure resume.</b> The writer offers while the messages it offered, less those the reader
 *       published as taken (a release store of one counter, once per burst; the writer reads it with an acquire
 *       load only when its cached copy says the queue, or its record of the sizes in flight, is full), and their
 *       bytes are below its limits. The bytes never cross threads: the writer records each message's size as it
 *       offers it and, for the messages the counter says were taken, subtracts the sizes it recorded. Writer,
 *       finding the queue full: store {@code writerWaiting}=1; full fence; re-read the taken counter and retry the
 *       offer; if still full, keep the rest in its {@code ChannelOutboundBuffer} (Netty's water marks make the
 *       channel unwritable) and remember "stalled". Reader, after a burst of polls: publish the taken counter; full
 *       fence; CAS {@code writerWaiting} 1→0; if won, put the writer channel on its loop's ready list (2, 3), where
 *       its loop flushes again. Either the writer's retry sees the room or the reader sees the flag: a stalled
 *       writer is always resumed by a signal, never by polling. A writer without a loop at that moment keeps "stalled"
 *       (loop-thread state, handed over by Netty's deregistration and registration tasks) and its next attach
 *       schedules it.</li>
 *   <li><b>Close.</b> Reader's loop: store inbound {@code closed}=1; full fence; release everything queued.
 *       Writer: after offering, full fence; load {@code closed}; if set, release what is queued itself (also when
 *       it sees the flag before offering: what it offered earlier in the same flush may not have been seen). The
 *       release drain is serialised by a CAS lock whose holder re-checks emptiness after unlocking (store; fence;
 *       load), so a message published before either side looked is released exactly once: nothing leaks.</li>
 *   <li><b>End of stream.</b> Writer's loop, closing or shutting its output down: volatile store of the inbound
 *       queue's {@code endOfStream}=1 (after the release stores of every message it offered); full fence; then
 *       (2) as after an offer. Reader: volatile load of {@code endOfStream}, then the emptiness check: seen set,
 *       the flag makes every earlier offer visible, so an empty queue is the end. A reset's cause is a plain store
 *       before the flag's, published by it. A reader without a loop sees the flag when it attaches (store
 *       {@code handler}; full fence; look at the queue and the flag).</li>
 * </ol>
 * Connecting and accepting take tasks, no lock-free hand-off: the client's loop creates the child and submits it
 * to the server's loop, which queues it in its backlog and submits "established" (or "refused") back to the
 * client's loop. Each channel's state (connected, shut down, closed) is written only by its own loop, or before
 * its first registration by the loop that holds it, and published by those tasks and by registration.
 *
 * <h2>Threading</h2>
 * {@link #run}, {@link #register}, {@link #prepareToDestroy()} and {@link #destroy()} are called by the loop's
 * thread (Netty's contract); {@link #wakeup()} and the package-private producer methods by any thread;
 * {@link #stats(EventExecutor)} from any thread.
 */
public final class BusyPollIoHandler implements IoHandler {
    /**
     * Default spin window when no channel on the loop sets {@code BUSY_POLL_MICROS}: 0 µs, as Linux's
     * {@code net.core.busy_read} and the pipe busy-wait RFC default to 0, and 0 means no busy waiting at all: the
     * loop neither spins nor yields, it parks at once (see {@link IdleLadder#busyPollYieldNanos(long)}). A loop
     * that nobody asked to spin does not burn a core; on a 2-core machine a spinning loop holds the core the
     * thread it waits for needs, and every hop then waits out the window. Users opt in per channel (the
     * ping-pong benchmark uses 50 µs), per group through {@link #newFactory(int)}, or let the loop choose with
     * {@link BusyPollChannelOption#AUTO}. The measured cost of each choice is in {@code benchmarks/RESULTS.md}.
     */
    public static final int DEFAULT_BUSY_POLL_MICROS = 0;

    /**
     * Default budget: 64 messages per poll of one channel, the NAPI weight Linux uses for one poll of one device
     * (and 8x {@code SO_BUSY_POLL_BUDGET}'s default of 8, since a message here costs no copy). Large enough that
     * a streaming channel drains in few passes, small enough that one busy channel does not starve the others or
     * the loop's tasks.
     */
    public static final int DEFAULT_BUSY_POLL_BUDGET = 64;

    /** The JDK's platform logger: Netty's own logging facade is internal API. */
    private static final System.Logger logger = System.getLogger(BusyPollIoHandler.class.getName());
    private static final VarHandle WAKEUP_REQUESTED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WAKEUP_REQUESTED = lookup.findVarHandle(BusyPollIoHandler.class, "wakeupRequested", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ThreadAwareExecutor executor;
    private final int defaultBusyPollMicros;
    private final int defaultBudget;
    private final IdleLadder ladder;
    private final WakeSignal signal = new WakeSignal();
    private final MpscUnboundedArrayQueue<BusyPollIoHandle> readyList = new MpscUnboundedArrayQueue<>(64);
    /** The registered channels, and the spin window they elect. */
    private final SpinWindowElection election;
    private final BusyPollStats stats;
    private final BusyPollStatsRegistration registration;
    private final BooleanSupplier wakeCondition = this::hasWork;

    @SuppressWarnings("unused") // accessed through WAKEUP_REQUESTED
    private volatile int wakeupRequested;

    /**
     * Loop-thread only: the channel the loop is <em>watching</em>, or null. Its {@code queued} flag stays 1 while
     * it is off the ready list, so producers skip the ready list and the wake-up for it; the loop looks at its
     * input on every pass and spin step instead, and takes the flag back before it may park (hand-off 2).
     */
    private BusyPollIoHandle watched;
    /**
     * A channel of this loop wrote to its peer since the loop last polled a channel (loop thread only): the loop
     * may be waiting for a reply.
     */
    private boolean sentSinceInput;

    /** Nested polls ({@link #pollNested}) at most on the loop's stack, as {@code LocalChannel}'s reader depth. */
    static final int MAX_NESTED_POLLS = 8;

    /** Loop-thread only: polls of {@link #pollNested} on the stack. */
    private int nestedPolls;

    /** Loop-thread only: stalled writes resumed in this pass, counted as work but not as messages. */
    private int resumedWrites;

    /** Loop-thread only: the context of the current {@link #run}. */
    private IoHandlerContext context;

    private BusyPollIoHandler(ThreadAwareExecutor executor, int defaultBusyPollMicros, int defaultBudget,
                              SpinningLoops spinningLoops) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.defaultBusyPollMicros = defaultBusyPollMicros;
        this.defaultBudget = defaultBudget;
        this.ladder = SpinWindowElection.newLadder(defaultBusyPollMicros);
        this.election = new SpinWindowElection(defaultBusyPollMicros, ladder, spinningLoops);
        this.stats = new BusyPollStats(this, ladder.stats());
        this.registration = new BusyPollStatsRegistration(executor, this, stats);
    }

    /** A factory of loops with the default spin window and budget. */
    public static IoHandlerFactory newFactory() {
        return newFactory(DEFAULT_BUSY_POLL_MICROS, DEFAULT_BUSY_POLL_BUDGET);
    }

    /**
     * A factory of loops that spin for {@code defaultBusyPollMicros} when none of their channels sets
     * {@link BusyPollChannelOption#BUSY_POLL_MICROS}.
     *
     * @param defaultBusyPollMicros {@code >= 0}; 0 = do not spin; {@link BusyPollChannelOption#AUTO} = the loop
     *                              chooses
     */
    public static IoHandlerFactory newFactory(int defaultBusyPollMicros) {
        return newFactory(defaultBusyPollMicros, DEFAULT_BUSY_POLL_BUDGET);
    }

    /**
     * A factory of loops with the given defaults.
     *
     * @param defaultBusyPollMicros spin window when no channel sets one; {@code >= 0} or
     *                              {@link BusyPollChannelOption#AUTO}
     * @param defaultBudget         messages one poll of one channel may take when the channel sets none; {@code > 0}
     * @throws IllegalArgumentException naming the argument out of range
     */
    public static IoHandlerFactory newFactory(int defaultBusyPollMicros, int defaultBudget) {
        return newFactory(defaultBusyPollMicros, defaultBudget, SpinningLoops.INSTANCE);
    }

    /** {@link #newFactory(int, int)} whose loops count themselves in {@code spinningLoops} (tests). */
    static IoHandlerFactory newFactory(int defaultBusyPollMicros, int defaultBudget, SpinningLoops spinningLoops) {
        SpinSetting.checkMicros(defaultBusyPollMicros, "defaultBusyPollMicros");
        BusyPollChannelConfig.checkBudget(defaultBudget, "defaultBudget");
        Objects.requireNonNull(spinningLoops, "spinningLoops");
        return new IoHandlerFactory() {
            @Override
            public IoHandler newHandler(ThreadAwareExecutor ioExecutor) {
                return new BusyPollIoHandler(ioExecutor, defaultBusyPollMicros, defaultBudget, spinningLoops);
            }

            @Override
            public boolean isChangingThreadSupported() {
                // Nothing here is bound to a thread: the wake signal records its owner at every park.
                return true;
            }

            @Override
            public String toString() {
                return "BusyPollIoHandler.newFactory(" + microsToString(defaultBusyPollMicros) + ", " + defaultBudget
                        + ')';
            }
        };
    }

    private static String microsToString(int micros) {
        return SpinSetting.ofMicros(micros).toString();
    }

    /**
     * Whether {@code group} (a group or one of its loops) runs busypoll loops, on which busypoll channels register:
     * what an adapter for a framework that takes the user's event-loop group checks before it creates channels.
     */
    public static boolean isBusyPoll(EventExecutorGroup group) {
        return group instanceof IoEventLoopGroup && ((IoEventLoopGroup) group).isCompatible(BusyPollIoHandle.class);
    }

    /**
     * The counters of a started busypoll event loop.
     *
     * @throws IllegalArgumentException if {@code loop} is not a started busypoll event loop
     */
    public static BusyPollStats stats(EventExecutor loop) {
        return of(loop).stats;
    }

    /** The handler of a started busypoll loop, or an exception that says how to make one. */
    static BusyPollIoHandler of(EventExecutor loop) {
        BusyPollIoHandler handler = BusyPollStatsRegistration.running(loop);
        if (handler == null) {
            throw new IllegalArgumentException(loop + " is not a started busypoll event loop (create it with "
                    + "new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory()))");
        }
        return handler;
    }

    /** This loop's counters. */
    BusyPollStats stats() {
        return stats;
    }

    int effectiveBusyPollMicros() {
        return election.effectiveMicros();
    }

    long spinWindowNanos() {
        return ladder.spinNanos();
    }

    long wakeCostNanos() {
        return ladder.wakeCostNanos();
    }

    boolean isOversubscribed() {
        return ladder.isOversubscribed();
    }

    boolean isParked() {
        return signal.isParking();
    }

    int registeredChannels() {
        return election.voterCount();
    }

    int defaultBusyPollMicros() {
        return defaultBusyPollMicros;
    }

    int defaultBudget() {
        return defaultBudget;
    }

    boolean inLoop() {
        return executor.isExecutorThread(Thread.currentThread());
    }

    @Override
    public void initialize() {
        registration.register();
    }

    @Override
    public int run(IoHandlerContext context) {
        this.context = context;
        int work = 0;
        long active = 0;
        if (hasReadyWork()) {
            long start = System.nanoTime();
            work = processReadyList();
            active = System.nanoTime() - start;
        }
        if (work == 0 && context.canBlock()) {
            boolean waited = idle(context);
            if (hasReadyWork()) {
                // The ladder's clock read that ended the wait is when the work was found: no second read on the
                // path from an input's arrival to its handling.
                long resumed = waited ? ladder.episodeEndNanos() : System.nanoTime();
                work = processReadyList();
                active = System.nanoTime() - resumed;
            }
        }
        if (work > 0) {
            ladder.ioHandled();
        }
        if (work > 0 && active > 0) {
            stats.recordPass(0, 0, active);
        } else {
            active = 0;
        }
        if (context.shouldReportActiveIoTime()) {
            context.reportActiveIoTime(active);
        }
        return work;
    }

    /** The ready list is not empty or the watched channel has something to do. */
    private boolean hasReadyWork() {
        BusyPollIoHandle w = watched;
        return (w != null && w.readyToPoll()) || !readyList.isEmpty();
    }

    /**
     * Polls the watched channel if it has something to do, then every channel that was on the ready list when the
     * pass started, once each. A ready-list channel that did work becomes the watched one if there is none.
     */
    private int processReadyList() {
        int work = 0;
        int polls = 0;
        BusyPollIoHandle w = watched;
        if (w != null && w.readyToPoll()) {
            polls++;
            work += pollOne(w);
            if (watched == w && !w.watchable()) {
                unwatch(true);
            }
        }
        int n = readyList.size();
        for (int i = 0; i < n; i++) {
            BusyPollIoHandle handle = readyList.poll();
            if (handle == null) {
                break;
            }
            handle.clearQueued();
            polls++;
            int done = pollOne(handle);
            work += done;
            // Keep the flag (taken back with a CAS: a producer may have queued it again meanwhile, then it is on
            // the list and stays an ordinary ready-list channel).
            if (done > 0 && watched == null && handle.watchable() && handle.tryMarkQueued()) {
                watched = handle;
            }
        }
        if (polls == 0) {
            return 0;
        }
        stats.recordPass(work - resumedWrites, polls, 0);
        resumedWrites = 0;
        return Math.max(work, 1);
    }

    /**
     * Loop thread, from a write of one of this loop's channels to {@code handle}, a channel of this loop: polls it
     * now, unless {@value #MAX_NESTED_POLLS} such polls are already on the stack (then false: schedule it).
     */
    boolean pollNested(BusyPollIoHandle handle) {
        if (nestedPolls >= MAX_NESTED_POLLS) {
            return false;
        }
        nestedPolls++;
        int resumedBefore = resumedWrites;
        try {
            int done = pollOne(handle);
            stats.recordPass(done - (resumedWrites - resumedBefore), 1, 0);
        } finally {
            resumedWrites = resumedBefore;
            nestedPolls--;
        }
        return true;
    }

    private int pollOne(BusyPollIoHandle handle) {
        // Input taken: no reply pending any more, unless handling it writes (an echo, a response) and sets it again.
        boolean sentBefore = sentSinceInput;
        sentSinceInput = false;
        int done;
        try {
            done = handle.poll(defaultBudget);
        } catch (Throwable t) {
            logger.log(System.Logger.Level.WARNING, () -> "Unexpected exception while polling " + handle, t);
            done = 0;
        }
        if (done == 0 && sentBefore) {
            sentSinceInput = true; // a poll that found nothing took no input
        }
        return done;
    }

    /**
     * Stops watching: the consumer half of hand-off 2 (store {@code queued}=0; full fence; look at the work). If
     * the look finds work and {@code reschedule}, the channel goes on the ready list.
     */
    private void unwatch(boolean reschedule) {
        BusyPollIoHandle w = watched;
        if (w == null) {
            return;
        }
        watched = null;
        w.clearQueued();
        if (reschedule && w.readyToPoll()) {
            schedule(w);
        }
    }

    private boolean hasWork() {
        return hasReadyWork() || (int) WAKEUP_REQUESTED.getVolatile(this) != 0 || !context.canBlock();
    }

    /**
     * Idles until there is work; returns whether it climbed the ladder (then {@link IdleLadder#episodeEndNanos()}
     * is when the work was found).
     */
    private boolean idle(IoHandlerContext context) {
        election.applyIfChanged();
        // The deadline (the next scheduled task) matters only to the park rung; while spinning, hasWork() sees a
        // task that fell due by itself. So the clock is not read for it until the ladder may park: a hop found
        // while spinning costs one clock read less.
        long deadline = Long.MAX_VALUE;
        boolean deadlineKnown = false;
        ladder.afterOutput(sentSinceInput);
        boolean waited = false;
        try {
            while (!hasWork()) {
                waited = true;
                if (!deadlineKnown && ladder.mayParkOnNextStep()) {
                    // Producers skip the wake-up for a watched channel: take its flag back before parking.
                    unwatch(true);
                    deadline = deadline(context);
                    deadlineKnown = true;
                }
                ladder.idle(signal, wakeCondition, deadline);
                if (ladder.phase() == IdleLadder.Phase.PARKING) {
                    if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline >= 0) {
                        break;
                    }
                    if (Thread.interrupted()) {
                        interruptCleared();
                    }
                }
            }
        } finally {
            ladder.reset();
            // Consumed: whatever the wake-up was for (a task, a suspend request, shutdown) is visible to Netty's
            // loop after we return; a wakeup() after this store sets the flag again and costs one extra pass.
            if ((int) WAKEUP_REQUESTED.getVolatile(this) != 0) {
                WAKEUP_REQUESTED.setVolatile(this, 0);
            }
        }
        return waited;
    }

    /**
     * Loop thread: something interrupted the loop's thread, and a park returns at once for an interrupted thread,
     * so the flag was cleared (as Netty's {@code NioIoHandler} does): the loop goes on idling. Nothing in Netty or
     * busypoll interrupts a loop to stop or wake it ({@link #wakeup()} and shutdown do); logged at {@code DEBUG},
     * once per interrupt.
     */
    private static void interruptCleared() {
        logger.log(System.Logger.Level.DEBUG, () -> "The thread " + Thread.currentThread().getName() + " of a busypoll "
                + "event loop was interrupted while idle; the interrupt was cleared. To stop the loop, shut its group "
                + "down (EventLoopGroup.shutdownGracefully()) instead of interrupting its thread.");
    }

    /**
     * Loop thread: a channel of this loop offered output to its peer. Under AUTO the waits after output (for a
     * reply) are learnt apart from the others ({@link IdleLadder#afterOutput(boolean)}).
     */
    void outputSent() {
        sentSinceInput = true;
    }

    /** Loop thread: a poll flushed a write that had stalled on a full peer (work, not a message). */
    void writeResumed() {
        resumedWrites++;
    }

    /** Whether the next idle episode counts as after output; loop thread only (tests). */
    boolean sentSinceInput() {
        return sentSinceInput;
    }

    /** Whether the ladder was told that its current or last episode follows output; loop thread only (tests). */
    boolean ladderAfterOutput() {
        return ladder.isAfterOutput();
    }

    private static long deadline(IoHandlerContext context) {
        long now = System.nanoTime();
        return deadline(now, context.delayNanos(now));
    }

    /**
     * The park's deadline on the {@link System#nanoTime()} clock for the next scheduled task, {@code delay} after
     * {@code now}: {@code now + delay}, which may wrap (the clock's origin is arbitrary, so {@code now} may be
     * negative or near {@link Long#MAX_VALUE}; the ladder compares deadlines by subtraction), or
     * {@link Long#MAX_VALUE}, "none", when the task is further away than half the clock's range. A deadline that
     * lands on {@link Long#MAX_VALUE} is moved a nanosecond earlier, so it is never taken for "none".
     */
    static long deadline(long now, long delay) {
        if (delay > Long.MAX_VALUE >> 1) {
            return Long.MAX_VALUE;
        }
        long deadline = now + Math.max(delay, 0);
        return deadline == Long.MAX_VALUE ? Long.MAX_VALUE - 1 : deadline;
    }

    /**
     * Any thread: the {@code BUSY_POLL_MICROS} of {@code handle}, a channel registered here (or being moved
     * away), changed; the loop recounts it and recomputes its spin window at its next idle episode
     * ({@link SpinWindowElection} has the ordering argument).
     */
    void busyPollMicrosChanged(BusyPollIoHandle handle) {
        election.settingChanged(handle);
    }

    /**
     * Any thread, after publishing work for {@code handle} and a full fence (hand-off 2): puts it on the ready
     * list unless it is already there, and wakes the loop if parked (hand-off 3).
     */
    void schedule(BusyPollIoHandle handle) {
        schedule(handle, inLoop());
    }

    /**
     * A handle's {@code poll}: whether it runs on the loop of {@code current}, the handle's handler now. If not (the
     * channel was deregistered, or re-registered on another loop, since this loop queued it), hands it on to its
     * current loop's ready list, if any; its next loop also looks at its work when it attaches.
     */
    static boolean pollsOnItsLoop(BusyPollIoHandler current, BusyPollIoHandle handle) {
        if (current != null && current.inLoop()) {
            return true;
        }
        if (current != null) {
            current.schedule(handle);
        }
        return false;
    }

    /**
     * As {@link #schedule(BusyPollIoHandle)}, where the caller knows whether it runs on this loop
     * ({@code onThisLoop}). A producer on another loop that finds the channel watched (its flag already set) then
     * returns having read only the channel's flag: it reads no field of this handler, whose cache line the loop
     * writes on every pass, so a hop to a spinning loop costs the loop no cache miss besides the message's own.
     */
    void schedule(BusyPollIoHandle handle, boolean onThisLoop) {
        if (handle.tryMarkQueued()) {
            readyList.offer(handle);
            if (!onThisLoop) {
                stats.recordSignal(signal.signal());
            }
        } else if (onThisLoop && handle == watched) {
            // A write from this loop to its watched channel: the watched channel is polled before the ready list,
            // so it would read this before input that earlier writes of this loop queued (the input a reply
            // answers, say). Demote it to the end of the ready list, keeping its flag (now that of a ready-list
            // entry). This keeps a reply behind its cause; it does not order input across channels in general
            // (see BusyPollChannel, "Order").
            watched = null;
            readyList.offer(handle);
        }
    }

    @Override
    public void wakeup() {
        if (!inLoop()) {
            WAKEUP_REQUESTED.setVolatile(this, 1);
            stats.recordSignal(signal.signal());
        }
    }

    @Override
    public void prepareToDestroy() {
        closeAll();
    }

    @Override
    public void destroy() {
        closeAll();
        election.close();
        registration.unregister();
    }

    private void closeAll() {
        for (BusyPollIoHandle handle : election.voters()) {
            try {
                handle.close();
            } catch (Throwable t) {
                logger.log(System.Logger.Level.WARNING, () -> "Failed to close " + handle, t);
            }
        }
    }

    @Override
    public IoRegistration register(IoHandle handle) {
        if (!(handle instanceof BusyPollIoHandle)) {
            throw new IllegalArgumentException("IoHandle of type " + handle.getClass().getName()
                    + " not supported by BusyPollIoHandler (only BusyPollChannel and BusyPollServerChannel)");
        }
        BusyPollIoHandle busyPollHandle = (BusyPollIoHandle) handle;
        if (election.contains(busyPollHandle)) {
            throw new IllegalStateException(handle + " is already registered");
        }
        Registration registration = new Registration(busyPollHandle);
        busyPollHandle.attach(this);
        // After attach stored this handler (volatile): a change of the setting from now on reaches this loop.
        election.add(busyPollHandle);
        return registration;
    }

    @Override
    public boolean isCompatible(Class<? extends IoHandle> handleType) {
        return BusyPollIoHandle.class.isAssignableFrom(handleType);
    }

    @Override
    public String toString() {
        return "BusyPollIoHandler{defaultBusyPollMicros=" + microsToString(defaultBusyPollMicros) + ", defaultBudget="
                + defaultBudget + ", effectiveBusyPollMicros=" + microsToString(election.effectiveMicros()) + ", " + ladder
                + '}';
    }

    private final class Registration implements IoRegistration {
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final BusyPollIoHandle handle;

        Registration(BusyPollIoHandle handle) {
            this.handle = handle;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T attachment() {
            return (T) BusyPollIoHandler.this;
        }

        @Override
        public long submit(IoOps ops) {
            throw new UnsupportedOperationException("busypoll channels take no IoOps");
        }

        @Override
        public boolean isValid() {
            return !cancelled.get();
        }

        @Override
        public boolean cancel() {
            if (!cancelled.compareAndSet(false, true)) {
                return false;
            }
            if (inLoop()) {
                cancel0();
            } else {
                executor.execute(this::cancel0);
            }
            return true;
        }

        private void cancel0() {
            if (election.remove(handle)) {
                if (watched == handle) {
                    unwatch(false); // its next loop looks at its input when it attaches
                }
                handle.detach(BusyPollIoHandler.this);
            }
        }
    }
}
