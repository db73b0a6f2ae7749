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

import dev.busypoll.core.Worker;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoRegistration;
import io.netty.channel.ManualIoEventLoop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop's ready list and registrations, driven on the test thread ({@link ManualIoEventLoop}, whose
 * {@code runNow()} never idles) with scripted channels: which channels a pass polls, with what budget, in what
 * order, what the counters say, and what registering, cancelling and destroying do.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyPollReadyListTest {
    private static final int BUDGET = 7;

    /** The loops of this test that spin for a fixed time: the test's own count, not the JVM's. */
    private final SpinningLoops spinning = new SpinningLoops(2, System.getLogger(BusyPollReadyListTest.class.getName()));
    private ManualIoEventLoop loop;
    private BusyPollIoHandler handler;
    private BusyPollStats stats;
    private final List<String> polled = new ArrayList<>();

    /** A channel whose polls return scripted amounts of work and are recorded in {@link #polled}. */
    final class Scripted implements BusyPollIoHandle, ReadyList.Entry {
        final String name;
        final AtomicInteger queued = new AtomicInteger();
        final Deque<Integer> work = new ArrayDeque<>();
        final List<Integer> budgets = new ArrayList<>();
        int micros = BusyPollChannelConfig.NOT_SET;
        /** Counts the loop's reads of {@link #micros}, if set. */
        AtomicInteger settingReads = new AtomicInteger();
        boolean failPoll;
        boolean failClose;
        boolean ready;
        boolean watchable;
        Runnable duringPoll = () -> { };
        ChannelLoop attachedTo;
        int detaches;
        int closes;

        Scripted(String name, Integer... work) {
            this.name = name;
            this.work.addAll(List.of(work));
        }

        @Override
        public void attach(ChannelLoop h) {
            attachedTo = h;
        }

        @Override
        public void detach(ChannelLoop h) {
            detaches++;
            h.readyList().forget(this); // as a channel's data path does when it leaves its loop
        }

        /** Input arrives as the loop takes the flag back (a producer that saw the channel watched). */
        boolean readyOnceLetGo;

        @Override
        public void clearQueued() {
            queued.set(0);
            if (readyOnceLetGo) {
                ready = true;
            }
        }

        @Override
        public boolean tryMarkQueued() {
            return queued.compareAndSet(0, 1);
        }

        @Override
        public int poll(int defaultBudget) {
            polled.add(name);
            budgets.add(defaultBudget);
            duringPoll.run();
            if (failPoll) {
                throw new IllegalStateException("scripted failure of " + name);
            }
            Integer w = work.poll();
            return w == null ? 0 : w;
        }

        @Override
        public boolean readyToPoll() {
            return ready;
        }

        @Override
        public boolean watchable() {
            return watchable;
        }

        @Override
        public int busyPollMicros() {
            settingReads.incrementAndGet();
            return micros;
        }

        @Override
        public void close() {
            closes++;
            if (failClose) {
                throw new IllegalStateException("scripted close failure of " + name);
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** What the loop logs (the JDK's platform logger, java.util.logging here). */
    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            synchronized (logged) {
                logged.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private LogRecord loggedOnly() {
        synchronized (logged) {
            assertEquals(1, logged.size(), logged.toString());
            LogRecord record = logged.get(0);
            logged.clear();
            return record;
        }
    }

    @BeforeEach
    void start() {
        Logger.getLogger(BusyPollIoHandler.class.getName()).addHandler(capture);
        startLoop(0);
    }

    /** A started loop whose channels spin {@code micros} by default, with the test's budget. */
    private void startLoop(int micros) {
        loop = new ManualIoEventLoop(Thread.currentThread(), BusyPollIoHandler.newFactory(micros, BUDGET, spinning));
        loop.runNow();
        handler = BusyPollIoHandler.of(loop);
        stats = handler.stats();
    }

    @AfterEach
    void stop() {
        loop.shutdown();
        while (!loop.isTerminated()) {
            loop.runNow();
        }
        Logger.getLogger(BusyPollIoHandler.class.getName()).removeHandler(capture);
    }

    private IoRegistration register(IoHandle handle) throws Exception {
        return loop.register(handle).get(10, TimeUnit.SECONDS);
    }

    @Test
    void shouldPollEachQueuedChannelOncePerPassInOrderWithTheLoopsBudget() throws Exception {
        Scripted a = new Scripted("a", 3, 2);
        Scripted b = new Scripted("b", 1);
        Scripted c = new Scripted("c");
        register(a);
        register(b);
        register(c);
        assertEquals(3, stats.getRegisteredChannels());
        assertSame(handler.channelLoop(), a.attachedTo);
        assertEquals(0, loop.runNow(), "nothing queued: nothing polled");
        assertEquals(0, stats.getPolls());

        handler.readyList().schedule(b);
        handler.readyList().schedule(a);
        handler.readyList().schedule(b); // already queued: once on the list
        handler.readyList().schedule(c);
        assertEquals(4, loop.runNow(), "work done in the pass (3 + 1 + 0)");
        assertEquals(List.of("b", "a", "c"), polled);
        assertEquals(List.of(BUDGET), a.budgets);
        assertEquals(3, stats.getPolls());
        assertEquals(4, stats.getMessages());
        assertEquals(0, a.queued.get(), "off the list: the flag is taken back");

        polled.clear();
        handler.readyList().schedule(c);
        assertEquals(1, loop.runNow(), "a pass that polled but found nothing still counts as one");
        assertEquals(List.of("c"), polled);
        assertEquals(4, stats.getPolls());
        assertEquals(4, stats.getMessages());
        assertEquals(0, stats.getUnparksIssued() + stats.getUnparksAvoided(), "the loop's own schedules signal nobody");
    }

    @Test
    void shouldPollAChannelQueuedDuringAPassInTheNextPass() throws Exception {
        Scripted a = new Scripted("a", 1, 1);
        Scripted b = new Scripted("b", 1);
        register(a);
        register(b);
        a.duringPoll = () -> {
            a.duringPoll = () -> { };
            handler.readyList().schedule(a); // more input: back to the tail
            handler.readyList().schedule(b);
        };
        handler.readyList().schedule(a);
        assertEquals(1, loop.runNow());
        assertEquals(List.of("a"), polled);
        assertEquals(2, loop.runNow());
        assertEquals(List.of("a", "a", "b"), polled);
    }

    @Test
    void shouldKeepPollingTheOthersWhenAPollThrows() throws Exception {
        Scripted bad = new Scripted("bad", 5);
        Scripted good = new Scripted("good", 2);
        bad.failPoll = true;
        register(bad);
        register(good);
        handler.readyList().schedule(bad);
        handler.readyList().schedule(good);
        assertEquals(2, loop.runNow());
        assertEquals(List.of("bad", "good"), polled);
        assertEquals(2, stats.getMessages(), "the failed poll counts no work");
        assertEquals(2, stats.getPolls());
        LogRecord warning = loggedOnly();
        assertEquals(Level.WARNING, warning.getLevel());
        assertEquals("Unexpected exception while polling bad", warning.getMessage());
        assertEquals("scripted failure of bad", warning.getThrown().getMessage());
    }

    @Test
    void shouldCountAResumedWriteAsWorkButNotAsAMessage() throws Exception {
        Scripted a = new Scripted("a", 3);
        register(a);
        a.duringPoll = handler.readyList()::writeResumed;
        handler.readyList().schedule(a);
        assertEquals(3, loop.runNow());
        assertEquals(2, stats.getMessages());
        a.duringPoll = () -> { };
        a.work.add(4);
        handler.readyList().schedule(a);
        loop.runNow();
        assertEquals(6, stats.getMessages(), "the next pass counts from 0 again");
    }

    /**
     * At most {@value ReadyList#MAX_NESTED_POLLS} nested polls (a same-loop write reading its peer within the flush)
     * are on the stack at once, and each ends its own nesting. A nested poll counts as one poll and its messages,
     * less the writes it resumed; a write resumed around it is still the outer pass's to take.
     */
    @Test
    void shouldNestAtMostTheBoundAndCountANestedPollApart() throws Exception {
        ReadyList list = handler.readyList();
        int[] depth = {0};
        List<Boolean> answers = new ArrayList<>();
        Scripted deep = new Scripted("deep");
        deep.duringPoll = () -> {
            depth[0]++;
            answers.add(list.pollNested(deep));
        };
        register(deep);
        list.schedule(deep);
        loop.runNow();
        assertEquals(ReadyList.MAX_NESTED_POLLS + 1, depth[0], "the pass's poll and as many nested as allowed");
        assertEquals(Boolean.FALSE, answers.get(0), "the deepest: refused, to be scheduled instead");
        assertTrue(answers.subList(1, answers.size()).stream().allMatch(Boolean::booleanValue), answers::toString);
        long pollsBefore = stats.getPolls();
        long messagesBefore = stats.getMessages();

        Scripted outer = new Scripted("outer", 5);
        Scripted inner = new Scripted("inner", 3);
        register(outer);
        register(inner);
        inner.duringPoll = list::writeResumed; // of the inner poll's 3: 2 messages and a resumed write
        List<Boolean> nested = new ArrayList<>();
        outer.duringPoll = () -> {
            list.writeResumed(); // of the outer poll's 5: 4 messages and a resumed write
            nested.add(list.pollNested(inner));
        };
        polled.clear();
        list.schedule(outer);
        assertEquals(5, loop.runNow());
        assertEquals(List.of(true), nested, "every nesting ended: a new one is allowed");
        assertEquals(List.of("outer", "inner"), polled);
        assertEquals(2, stats.getPolls() - pollsBefore, "the pass's poll and the nested one");
        assertEquals(2 + 4, stats.getMessages() - messagesBefore, "each poll less its own resumed write");
    }

    /** A poll that finds its channel moved on hands it to the loop the channel is on now, and polls nothing. */
    @Test
    void shouldPollOnlyOnTheListsOwnLoop() throws Exception {
        ReadyList list = handler.readyList();
        Scripted a = new Scripted("a", 1);
        register(a);
        assertTrue(ReadyList.pollsOnItsLoop(list, a), "on the list's own loop");
        assertFalse(ReadyList.pollsOnItsLoop(null, a), "on no loop: nobody polls it");
        assertEquals(0, a.queued.get(), "nothing to hand on to");
        boolean[] fromElsewhere = new boolean[1];
        Worker.run("another loop", () -> fromElsewhere[0] = ReadyList.pollsOnItsLoop(list, a)).join(10, "poll");
        assertFalse(fromElsewhere[0], "not on the list's loop");
        assertEquals(1, a.queued.get(), "handed on to the list it is on now");
        assertEquals(1, loop.runNow());
        assertEquals(List.of("a"), polled, "and polled there");
    }

    @Test
    void shouldSignalFromAnotherThreadOnlyWhenTheChannelWasNotQueued() throws Exception {
        Scripted a = new Scripted("a", 1);
        register(a);
        Worker.run("producer", () -> {
            handler.readyList().schedule(a);
            handler.readyList().schedule(a);
        }).join(10, stats);
        assertEquals(0, stats.getUnparksIssued(), "not parked: no unpark");
        assertEquals(1, stats.getUnparksAvoided(), "one offer, one signal");
        assertEquals(1, loop.runNow());
        assertEquals(List.of("a"), polled);
    }

    @Test
    void shouldCountAnEpisodeAsAfterOutputUntilAPollTakesInput() throws Exception {
        Scripted a = new Scripted("a", 0, 1);
        register(a);
        handler.readyList().outputSent();
        assertTrue(handler.readyList().sentSinceInput());
        handler.readyList().schedule(a);
        loop.runNow(); // found nothing: still waiting for the reply
        assertTrue(handler.readyList().sentSinceInput());
        idleOnce();
        assertTrue(handler.ladderAfterOutput(), "the episode told the ladder it follows output");
        handler.readyList().schedule(a);
        loop.runNow(); // took input
        assertFalse(handler.readyList().sentSinceInput());
        idleOnce();
        assertFalse(handler.ladderAfterOutput(), "and the next one that it follows input");
        a.work.add(1);
        a.duringPoll = handler.readyList()::outputSent; // the input's handling replied
        handler.readyList().schedule(a);
        loop.runNow();
        assertTrue(handler.readyList().sentSinceInput());
    }

    @Test
    void shouldRefuseOtherHandlesAndSecondRegistrations() throws Exception {
        Scripted a = new Scripted("a");
        IoRegistration registration = register(a);
        assertSame(handler, registration.attachment());
        assertTrue(registration.isValid());
        assertThrows(UnsupportedOperationException.class, () -> registration.submit(null));
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> handler.register(a));
        assertTrue(twice.getMessage().contains("a is already registered"), twice.getMessage());
        IoHandle other = new IoHandle() {
            @Override
            public void handle(IoRegistration registration, io.netty.channel.IoEvent ioEvent) {
            }

            @Override
            public void close() {
            }
        };
        IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class, () -> handler.register(other));
        assertTrue(foreign.getMessage().contains("only BusyPollChannel and BusyPollServerChannel"),
                foreign.getMessage());
        assertTrue(handler.isCompatible(BusyPollIoHandle.class));
        assertFalse(handler.isCompatible(IoHandle.class));
        assertEquals(1, stats.getRegisteredChannels());
    }

    @Test
    void shouldDetachOnceOnCancelAndStopPollingTheChannel() throws Exception {
        Scripted a = new Scripted("a");
        Scripted b = new Scripted("b");
        IoRegistration ra = register(a);
        register(b);
        assertTrue(ra.cancel());
        assertFalse(ra.cancel(), "cancelled once");
        assertFalse(ra.isValid());
        assertEquals(1, a.detaches);
        assertEquals(1, stats.getRegisteredChannels());
        register(a); // may register again once cancelled
        assertEquals(2, stats.getRegisteredChannels());
    }

    @Test
    void shouldCancelFromAnotherThreadOnTheLoop() throws Exception {
        Scripted a = new Scripted("a");
        IoRegistration ra = register(a);
        assertTrue(Worker.call("canceller", ra::cancel).join(10, stats));
        assertEquals(0, a.detaches, "not yet: the loop runs it");
        loop.runNow();
        assertEquals(1, a.detaches);
        assertEquals(0, stats.getRegisteredChannels());
    }

    @Test
    void shouldSpinForTheLargestSettingAmongItsChannels() throws Exception {
        Scripted a = new Scripted("a");
        Scripted b = new Scripted("b");
        Scripted c = new Scripted("c");
        a.micros = 0;
        b.micros = 30;
        c.micros = BusyPollChannelOption.AUTO;
        register(a);
        register(c);
        IoRegistration rb = register(b);
        idleOnce();
        assertEquals(30, handler.stats().getEffectiveBusyPollMicros());
        assertEquals(30_000, handler.stats().getSpinWindowNanos());
        rb.cancel();
        idleOnce();
        assertEquals(BusyPollChannelOption.AUTO, handler.stats().getEffectiveBusyPollMicros());
        b.micros = 5;
        register(b);
        idleOnce();
        assertEquals(5, handler.stats().getEffectiveBusyPollMicros());
        b.micros = 0;
        handler.channelLoop().election().settingChanged(b);
        idleOnce();
        assertEquals(BusyPollChannelOption.AUTO, handler.stats().getEffectiveBusyPollMicros());
    }

    /**
     * The spin window follows registrations, cancels and changes without re-reading every channel's setting: each
     * registration reads the new channel's once, a change reads that channel's, a cancel none.
     */
    @Test
    void shouldReadOnlyTheSettingOfTheChannelThatCameWentOrChanged() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        List<Scripted> channels = new ArrayList<>();
        List<IoRegistration> registrations = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            Scripted channel = new Scripted("c" + i);
            channel.settingReads = reads;
            channel.micros = i % 10;
            channels.add(channel);
            registrations.add(register(channel));
            idleOnce();
        }
        assertEquals(1_000, reads.get(), "one read per registration");
        assertEquals(9, handler.stats().getEffectiveBusyPollMicros());

        Scripted changed = channels.get(123);
        changed.micros = 40;
        handler.channelLoop().election().settingChanged(changed);
        idleOnce();
        assertEquals(1_001, reads.get(), "a change reads the channel that changed");
        assertEquals(40, handler.stats().getEffectiveBusyPollMicros());

        registrations.get(123).cancel();
        loop.runNow();
        idleOnce();
        assertEquals(1_001, reads.get(), "a cancel reads nothing");
        assertEquals(9, handler.stats().getEffectiveBusyPollMicros());
        handler.channelLoop().election().settingChanged(changed); // late news of a cancelled channel: ignored
        idleOnce();
        assertEquals(1_001, reads.get());
        for (int i = 0; i < 1_000; i++) {
            if (i % 10 == 9 && i != 123) {
                registrations.get(i).cancel();
            }
        }
        loop.runNow();
        idleOnce();
        assertEquals(8, handler.stats().getEffectiveBusyPollMicros(), "the next largest once no channel sets 9");
        assertEquals(1_001, reads.get());
    }

    /**
     * One idle episode, ended by its deadline a millisecond on: the loop recomputes its spin window at the start
     * of each.
     */
    private void idleOnce() {
        loop.run(TimeUnit.MILLISECONDS.toNanos(1));
    }

    @Test
    void shouldCloseEveryChannelOnDestroyEvenIfOneThrows() throws Exception {
        Scripted a = new Scripted("a");
        Scripted b = new Scripted("b");
        a.failClose = true;
        register(a);
        register(b);
        stop();
        // Neither deregisters when closed: prepareToDestroy() closes both, and destroy() those still registered.
        assertEquals(2, a.closes);
        assertEquals(2, b.closes);
        synchronized (logged) {
            assertEquals(2, logged.size(), logged.toString());
            for (LogRecord record : logged) {
                assertEquals(Level.WARNING, record.getLevel());
                assertEquals("Failed to close a", record.getMessage());
                assertEquals("scripted close failure of a", record.getThrown().getMessage());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> BusyPollIoHandler.stats(loop));
    }

    /**
     * With a spin window, a channel that did work stays watched (its queued flag kept): polled on every pass while
     * it has something to do, without going on the ready list, until it stops being watchable; cancelling its
     * registration takes the flag back.
     */
    @Test
    void shouldWatchAChannelThatDidWorkUntilItCannotBeWatchedOrIsCancelled() throws Exception {
        stop();
        startLoop(50);
        Scripted a = new Scripted("a", 2, 1, 1);
        a.watchable = true;
        IoRegistration ra = register(a);
        handler.readyList().schedule(a);
        assertEquals(2, loop.runNow());
        assertEquals(1, a.queued.get(), "watched: the flag kept, producers skip the list and the wake-up");
        Worker.run("producer on another loop", () -> handler.readyList().schedule(a)).join(10, "schedule");
        assertEquals(0, loop.runNow(), "not on the list (the schedule was skipped), and not ready");
        a.ready = true;
        assertEquals(1, loop.runNow(), "watched and ready: polled without being queued");
        assertEquals(List.of("a", "a"), polled);
        assertEquals(1, a.queued.get());
        assertFalse(handler.stats().isOversubscribed(), "a fixed window: never counted oversubscribed");

        ra.cancel();
        assertEquals(0, a.queued.get(), "cancelled: the flag taken back for its next loop");
        assertEquals(0, loop.runNow(), "no longer watched");
        assertEquals(List.of("a", "a"), polled);
        assertEquals(1, a.detaches);
    }

    @Test
    void shouldQueueTheWatchedChannelBehindEarlierInputWhenItsOwnLoopWritesToIt() throws Exception {
        stop();
        startLoop(50);
        Scripted a = new Scripted("a", 1, 1, 1);
        a.watchable = true;
        Scripted b = new Scripted("b", 1);
        register(a);
        register(b);
        handler.readyList().schedule(a);
        loop.runNow();
        assertEquals(List.of("a"), polled);
        assertEquals(1, a.queued.get(), "a did work: watched");

        a.ready = true;
        b.ready = true;
        handler.readyList().schedule(b); // this loop wrote to b, then to a
        handler.readyList().schedule(a);
        loop.runNow();
        assertEquals(List.of("a", "b", "a"), polled, "b's input, written first, is read first");
        assertEquals(1, a.queued.get(), "a watched again after its poll from the list");
    }

    @Test
    void shouldStopWatchingAChannelThatCannotBeWatchedAfterItsPoll() throws Exception {
        stop();
        startLoop(50);
        Scripted a = new Scripted("a", 1, 1);
        a.watchable = true;
        register(a);
        handler.readyList().schedule(a);
        loop.runNow();
        assertEquals(1, a.queued.get());
        a.ready = true;
        a.duringPoll = () -> {
            a.watchable = false; // it stopped reading: nothing more to do either
            a.ready = false;
        };
        loop.runNow();
        assertEquals(List.of("a", "a"), polled);
        assertEquals(0, a.queued.get(), "let go after its poll: the flag taken back");
        a.duringPoll = () -> { };
        a.ready = true;
        assertEquals(0, loop.runNow(), "neither watched nor queued: not polled");
        assertEquals(List.of("a", "a"), polled);
    }

    /** Netty's side of one {@link BusyPollIoHandler#run} call, scripted. */
    static final class Context implements IoHandlerContext {
        final boolean canBlock;
        boolean reportActiveIoTime = true;
        final List<Long> reported = new ArrayList<>();

        /** @param canBlock whether Netty lets the pass wait (no task queued) */
        Context(boolean canBlock) {
            this.canBlock = canBlock;
        }

        @Override
        public boolean canBlock() {
            return canBlock;
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return Long.MAX_VALUE; // no scheduled task: only a signal ends a park
        }

        @Override
        public long deadlineNanos() {
            return -1;
        }

        @Override
        public boolean shouldReportActiveIoTime() {
            return reportActiveIoTime;
        }

        @Override
        public void reportActiveIoTime(long activeNanos) {
            reported.add(activeNanos);
        }
    }

    /**
     * A producer on another thread that, once the loop is parked, queues {@code channel} (which wakes the loop) and
     * returns when it did, by {@link System#nanoTime()}.
     */
    private Worker<Long> offerOnceParked(Scripted channel) {
        return Worker.call("producer on another loop", () -> {
            while (!handler.stats().isParked()) {
                Thread.onSpinWait();
            }
            long offeredAt = System.nanoTime();
            handler.readyList().schedule(channel);
            return offeredAt;
        });
    }

    private static void busyFor(long nanos) {
        long start = System.nanoTime();
        while (System.nanoTime() - start < nanos) {
            Thread.onSpinWait();
        }
    }

    @Test
    void shouldReportThePassActiveTimeWhenNettyAsksAndNoneForAPassWithoutWork() throws Exception {
        Scripted a = new Scripted("a", 3, 1);
        register(a);
        a.duringPoll = () -> busyFor(2_000);
        Context context = new Context(false);

        handler.readyList().schedule(a);
        long before = System.nanoTime();
        assertEquals(3, handler.run(context));
        long took = System.nanoTime() - before;
        assertEquals(1, context.reported.size());
        long active = context.reported.get(0);
        assertTrue(active >= 2_000 && active <= took, active + " ns active in a call of " + took + " ns");
        assertEquals(active, stats.getActiveIoNanos(), "the loop's figures say the same");

        assertEquals(0, handler.run(context), "nothing queued");
        assertEquals(List.of(active, 0L), context.reported, "a pass that polled nothing was not active");
        assertEquals(active, stats.getActiveIoNanos());

        context.reportActiveIoTime = false;
        handler.readyList().schedule(a);
        assertEquals(1, handler.run(context));
        assertEquals(2, context.reported.size(), "not asked: not reported");
        assertTrue(stats.getActiveIoNanos() >= active + 2_000, "but counted in the loop's figures");
    }

    @Test
    @Timeout(30)
    void shouldNotWaitAfterAPassThatDidWork() throws Exception {
        Scripted a = new Scripted("a", 2);
        register(a);
        Context context = new Context(true); // and no deadline: a loop that waited here would park until a signal
        handler.readyList().schedule(a);
        assertEquals(2, handler.run(context));
        assertEquals(0, stats.getParks() + stats.getYields());
    }

    @Test
    void shouldMeasureAWokenPassFromWhenItsWorkWasFound() throws Exception {
        Scripted a = new Scripted("a", 3);
        register(a);
        a.duringPoll = () -> busyFor(1_000);
        Context context = new Context(true);
        Worker<Long> producer = offerOnceParked(a); // BUSY_POLL_MICROS 0: the loop parks at once
        assertEquals(3, handler.run(context), "woken by the offer, the pass polled it");
        long returned = System.nanoTime();
        long offeredAt = producer.join(10, stats);
        long active = context.reported.get(0);
        assertTrue(active >= 1_000 && active <= returned - offeredAt,
                active + " ns active, " + (returned - offeredAt) + " ns from the offer to the return: not the wait");
        assertEquals(1, stats.getParks());
    }

    @Test
    @Timeout(30)
    void shouldPollTheWatchedChannelWhoseInputArrivedAsTheLoopLetItGoToPark() throws Exception {
        stop();
        startLoop(50);
        Scripted a = new Scripted("a", 2, 1);
        a.watchable = true;
        register(a);
        handler.readyList().schedule(a);
        assertEquals(2, loop.runNow());
        assertEquals(1, a.queued.get(), "watched");
        a.readyOnceLetGo = true; // its producer skipped the wake-up: the loop must look before it parks
        Context context = new Context(true);
        assertEquals(1, handler.run(context), "polled, not slept through");
        assertEquals(0, stats.getParks());
    }

    @Test
    void shouldCountAsASpinningLoopOnlyWhileItSpinsForAFixedTime() throws Exception {
        Scripted zero = new Scripted("zero");
        zero.micros = 0;
        Scripted fixed = new Scripted("fixed");
        fixed.micros = 30;
        register(zero);
        idleOnce();
        assertEquals(0, spinning.spinning(), "BUSY_POLL_MICROS 0 does not spin");
        IoRegistration r = register(fixed);
        idleOnce();
        assertEquals(1, spinning.spinning(), "30 µs: spinning");
        r.cancel();
        idleOnce();
        assertEquals(0, spinning.spinning(), "back to 0: no longer counted");
        register(fixed);
        idleOnce();
        assertEquals(1, spinning.spinning());
        stop();
        assertEquals(0, spinning.spinning(), "a loop that shut down spins no more");
        startLoop(0);
    }

    @Test
    void shouldNeitherSpinNorYieldWhenItsChannelsSayZero() throws Exception {
        stop();
        startLoop(30);
        Scripted zero = new Scripted("zero");
        zero.micros = 0;
        register(zero);
        idleOnce();
        assertEquals(0, handler.stats().getEffectiveBusyPollMicros());
        assertEquals(0, stats.getYields(), "BUSY_POLL_MICROS 0 parks at once, as SO_BUSY_POLL 0 does");
        assertEquals(0, stats.getSpinNanos() + stats.getYieldNanos());
        assertTrue(stats.getParks() >= 1);
    }

    @Test
    void shouldCountEachRungItClimbedInItsFigures() throws Exception {
        stop();
        startLoop(30);
        for (int i = 0; i < 20; i++) {
            idleOnce(); // 30 µs of spin, the yield rung, then a park to the 1 ms deadline
        }
        assertTrue(stats.getSpinNanos() >= 20 * 30_000L, "each spin lasts its window: " + stats.getSpinNanos());
        assertTrue(stats.getYields() > 0 && stats.getYieldNanos() > 0, stats.getYields() + " yields");
        assertTrue(stats.getParks() >= 20 && stats.getParkNanos() > 0, stats.getParks() + " parks");
        assertEquals(0, stats.getNaps() + stats.getNapsCaught() + stats.getNapsMissed(), "a fixed window never naps");

        Scripted a = new Scripted("a", 1);
        register(a);
        Context context = new Context(true);
        Worker<Long> producer = offerOnceParked(a);
        long foundParked = stats.getWorkFoundWhileParked();
        assertEquals(1, handler.run(context));
        producer.join(10, stats);
        assertEquals(foundParked + 1, stats.getWorkFoundWhileParked(), "woken from its park by the offer");
    }
}
