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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
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

/**
 * The busypoll event loop: a Netty 4.2 {@link IoHandler} that polls the {@link BusyPollChannel}s that have input
 * (its {@link ReadyList}) and, when there is nothing to do, climbs transport-core's {@link IdleLadder} — spin for the
 * loop's busy-poll time, then yield, then park until a producer signals or the next scheduled task is due.
 *
 * <pre>{@code
 * EventLoopGroup group = new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory());
 * new ServerBootstrap().group(group).channel(BusyPollServerChannel.class)
 *     .childOption(BusyPollChannelOption.BUSY_POLL_MICROS, 50) ...
 * }</pre>
 *
 * <h2>The loop</h2>
 * Each loop owns an MPSC {@link ReadyList} of channels that have something to do (input to read, or a stalled
 * write that may now proceed): a loop never scans idle channels, it watches at most one (the last channel that
 * did work, while the loop spins). One {@link #run(IoHandlerContext)} takes every
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
 * <h2>Memory ordering</h2>
 * Every lock-free hand-off between a producer thread and a loop is argued in the class that implements it:
 * {@link PeerLink} (1, a message into the peer's queue; 4, back-pressure; 5, close; 6, the end of the stream),
 * {@link ReadyList} (2, a channel onto its loop's ready list, once; 3, waking the loop) and
 * {@link WakeSignal} (the park). {@link #wakeup()} stores {@code wakeupRequested}, then signals as the wake-up
 * hand-off of ReadyList does; the loop re-checks the flag after announcing its park. Connecting and accepting take
 * tasks ({@link Handshake}), no lock-free hand-off.
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

    /** The running busypoll loops of the JVM, by executor: {@link #of}. */
    private static final ConcurrentMap<ThreadAwareExecutor, BusyPollIoHandler> RUNNING = new ConcurrentHashMap<>();

    private final ThreadAwareExecutor executor;
    private final int defaultBusyPollMicros;
    private final IdleLadder ladder;
    private final WakeSignal signal = new WakeSignal();
    /** The registered channels, and the spin window they elect. */
    private final SpinWindowElection election;
    private final BusyPollStats stats;
    private final ReadyList readyList;
    /** What a channel registered here sees of this loop. */
    private final ChannelLoop channelLoop;
    private final BusyPollStatsRegistration registration;
    private final BooleanSupplier wakeCondition = this::hasWork;

    @SuppressWarnings("unused") // accessed through WAKEUP_REQUESTED
    private volatile int wakeupRequested;

    /** Loop-thread only: the context of the current {@link #run}. */
    private IoHandlerContext context;

    private BusyPollIoHandler(ThreadAwareExecutor executor, int defaultBusyPollMicros, int defaultBudget,
                              SpinningLoops spinningLoops) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.defaultBusyPollMicros = defaultBusyPollMicros;
        this.ladder = SpinWindowElection.newLadder(defaultBusyPollMicros);
        this.election = new SpinWindowElection(defaultBusyPollMicros, ladder, spinningLoops);
        this.stats = new BusyPollStats(ladder, election, signal);
        this.readyList = new ReadyList(executor, signal, stats, defaultBudget);
        this.channelLoop = new ChannelLoop(readyList, election, defaultBusyPollMicros, defaultBudget);
        this.registration = new BusyPollStatsRegistration(stats);
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
        BusyPollIoHandler handler = running(loop);
        if (handler == null) {
            throw new IllegalArgumentException(loop + " is not a started busypoll event loop (create it with "
                    + "new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory()))");
        }
        return handler;
    }

    /** The handler of a started busypoll loop, or null if {@code loop} is not one. Any thread. */
    static BusyPollIoHandler running(Executor loop) {
        return loop instanceof ThreadAwareExecutor ? RUNNING.get(loop) : null;
    }

    /** This loop's counters. */
    BusyPollStats stats() {
        return stats;
    }

    /** This loop's ready list (tests drive it). */
    ReadyList readyList() {
        return readyList;
    }

    /** This loop's MBean registration (tests). */
    BusyPollStatsRegistration statsRegistration() {
        return registration;
    }

    /** What a channel registered here sees of this loop (tests drive it). */
    ChannelLoop channelLoop() {
        return channelLoop;
    }

    /** Whether the ladder was told that its current or last episode follows output; loop thread only (tests). */
    boolean ladderAfterOutput() {
        return ladder.isAfterOutput();
    }

    /** The loop starts: found by its executor ({@link #of}) and its MBean registered until {@link #destroy()}. */
    @Override
    public void initialize() {
        RUNNING.put(executor, this);
        registration.register();
    }

    @Override
    public int run(IoHandlerContext context) {
        this.context = context;
        int work = 0;
        long active = 0;
        if (readyList.hasWork()) {
            long start = System.nanoTime();
            work = readyList.pass();
            active = System.nanoTime() - start;
        }
        if (work == 0 && context.canBlock()) {
            boolean waited = idle(context);
            if (readyList.hasWork()) {
                // The ladder's clock read that ended the wait is when the work was found: no second read on the
                // path from an input's arrival to its handling.
                long resumed = waited ? ladder.episodeEndNanos() : System.nanoTime();
                work = readyList.pass();
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

    private boolean hasWork() {
        return readyList.hasWork() || (int) WAKEUP_REQUESTED.getVolatile(this) != 0 || !context.canBlock();
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
        ladder.afterOutput(readyList.sentSinceInput());
        boolean waited = false;
        try {
            while (!hasWork()) {
                waited = true;
                if (!deadlineKnown && ladder.mayParkOnNextStep()) {
                    readyList.unwatchBeforePark();
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

    @Override
    public void wakeup() {
        if (!readyList.inLoop()) {
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
        RUNNING.remove(executor, this);
        registration.unregister();
    }

    private void closeAll() {
        for (SpinWindowElection.Voter voter : election.voters()) {
            BusyPollIoHandle handle = (BusyPollIoHandle) voter; // every voter is a registered handle
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
        busyPollHandle.attach(channelLoop);
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
                + channelLoop.defaultBudget() + ", effectiveBusyPollMicros="
                + microsToString(election.effectiveMicros()) + ", " + ladder + '}';
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
            if (readyList.inLoop()) {
                cancel0();
            } else {
                executor.execute(this::cancel0);
            }
            return true;
        }

        private void cancel0() {
            if (election.remove(handle)) {
                handle.detach(channelLoop); // which takes its entry off the ready list's watch
            }
        }
    }
}
