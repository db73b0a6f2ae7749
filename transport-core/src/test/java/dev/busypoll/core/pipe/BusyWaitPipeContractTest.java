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
package dev.busypoll.core.pipe;

import static dev.busypoll.core.Threads.awaitParked;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.busypoll.core.AdaptiveSpinPolicy;
import dev.busypoll.core.IdleStats;
import dev.busypoll.core.Worker;
import dev.busypoll.core.SpinSetting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The behaviour every {@link BusyWaitPipe} promises, run against each implementation by a subclass (the JCTools
 * contract-test pattern). Concurrency tests are bounded in time and use small capacities so that writers really
 * wait on full and the reader on empty; a lost wake-up shows up as a bounded join that fails.
 */
abstract class BusyWaitPipeContractTest {
    /** Upper bound on messages per streaming run. */
    static final int MAX_MESSAGES = 2_000_000;
    /** Time budget per streaming run; the run stops early when it is spent (2 shared cores). */
    static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

    /** A new pipe of the implementation under test. */
    abstract <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros);

    // ------------------------------------------------------------------------------------------ basic behaviour

    @Test
    @Timeout(10)
    void shouldReadWhatWasWrittenInOrder() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(8, 0);
        for (int i = 0; i < 5; i++) {
            pipe.write(i);
        }
        assertEquals(5, pipe.size());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, pipe.read());
        }
        assertNull(pipe.tryRead());
    }

    @Test
    void shouldPassMessagesByReference() throws InterruptedException {
        AbstractBusyWaitPipe<Object> pipe = newPipe(8, 0);
        Object message = new Object();
        pipe.write(message);
        assertSame(message, pipe.read());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 100, 1024})
    void shouldHoldExactlyCapacityMessages(int requested) {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(requested, 0);
        int capacity = pipe.capacity();
        assertTrue(capacity >= requested, "capacity " + capacity + " < requested " + requested);
        assertEquals(1, Integer.bitCount(capacity), "a power of two: " + capacity);
        for (int i = 0; i < capacity; i++) {
            assertTrue(pipe.tryWrite(i), "write " + i + " of " + capacity);
        }
        assertFalse(pipe.tryWrite(-1), "full at capacity " + capacity);
        assertEquals(0, pipe.tryRead());
        assertTrue(pipe.tryWrite(capacity), "one read makes room for one write");
    }

    @Test
    @Timeout(5)
    void shouldNeverWaitInTryVariants() {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 1000); // a long spin, were the try forms to wait
        assertNull(pipe.tryRead());
        while (pipe.tryWrite(1)) {
            // fill
        }
        assertFalse(pipe.tryWrite(2));
        assertFalse(pipe.isEndOfStream());
    }

    @Test
    void shouldReportSpinTime() {
        assertEquals(0, newPipe(4, 0).spinMicros());
        assertEquals(25, newPipe(4, 25).spinMicros());
    }

    // ------------------------------------------------------------------------------------------ bad arguments

    @Test
    void shouldRejectBadArguments() {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, 0);
        assertMessageNames("message", assertThrows(NullPointerException.class, () -> pipe.write(null)));
        assertMessageNames("message", assertThrows(NullPointerException.class, () -> pipe.tryWrite(null)));
        assertMessageNames("message",
                assertThrows(NullPointerException.class, () -> pipe.write(null, 1, TimeUnit.SECONDS)));
        assertMessageNames("unit", assertThrows(NullPointerException.class, () -> pipe.write(1, 1, null)));
        assertMessageNames("unit", assertThrows(NullPointerException.class, () -> pipe.read(1, null)));
        assertMessageNames("releaser", assertThrows(NullPointerException.class, () -> pipe.closeRead(null)));
        assertMessageNames("capacity", assertThrows(IllegalArgumentException.class, () -> newPipe(0, 0)));
        assertMessageNames("capacity", assertThrows(IllegalArgumentException.class, () -> newPipe(-1, 0)));
        assertMessageNames("capacity",
                assertThrows(IllegalArgumentException.class, () -> newPipe(BusyWaitPipes.MAX_CAPACITY + 1, 0)));
        assertMessageNames("spinMicros", assertThrows(IllegalArgumentException.class, () -> newPipe(4, -2)));
        assertMessageNames("AUTO", assertThrows(IllegalArgumentException.class, () -> newPipe(4, -2)));
        assertMessageNames("spinMicros", assertThrows(IllegalArgumentException.class,
                () -> newPipe(4, SpinSetting.MAX_MICROS + 1)));
    }

    @Test
    void shouldReportWhatAutoChose() {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, SpinSetting.AUTO_MICROS);
        assertEquals(SpinSetting.AUTO_MICROS, pipe.spinMicros());
        long chosen = pipe.readerSpinNanos();
        assertTrue(chosen >= 0 && chosen <= AdaptiveSpinPolicy.MAX_SPIN_NANOS,
                "AUTO's window lies in [0, MAX_SPIN_NANOS]: " + chosen);
        assertTrue(pipe.readerWakeCostNanos() > 0);
        assertTrue(pipe.toString().contains("spinMicros=AUTO"), pipe.toString());
        assertEquals(20_000, newPipe(4, 20).readerSpinNanos(), "a fixed spin time is reported as it is");
    }

    private static void assertMessageNames(String argument, RuntimeException e) {
        assertTrue(e.getMessage() != null && e.getMessage().contains(argument),
                "message should name '" + argument + "': " + e.getMessage());
    }

    // ------------------------------------------------------------------------------------------ timeouts

    @Test
    @Timeout(10)
    void shouldTimeOutReadOnEmptyPipe() throws InterruptedException {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        assertNull(pipe.read(1, TimeUnit.MILLISECONDS));
        assertFalse(pipe.isEndOfStream(), "a timeout is not end-of-stream");
        assertNull(pipe.read(0, TimeUnit.SECONDS));
        assertNull(pipe.read(-5, TimeUnit.SECONDS), "a negative timeout is treated as 0");
    }

    @Test
    @Timeout(10)
    void shouldTimeOutWriteOnFullPipeWithoutWriting() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 0);
        fill(pipe);
        int size = pipe.size();
        assertFalse(pipe.write(-1, 1, TimeUnit.MILLISECONDS));
        assertFalse(pipe.write(-1, 0, TimeUnit.MILLISECONDS));
        assertFalse(pipe.write(-1, -5, TimeUnit.MILLISECONDS), "a negative timeout is treated as 0");
        assertEquals(size, pipe.size(), "a timed-out write wrote nothing");
        for (int i = 0; i < size; i++) {
            assertEquals(i, pipe.tryRead());
        }
        assertNull(pipe.tryRead());
    }

    @Test
    @Timeout(10)
    void shouldReturnMessageWithinTimeout() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(2, 0);
        pipe.write(7);
        assertEquals(7, pipe.read(0, TimeUnit.SECONDS));
        assertTrue(pipe.write(8, 0, TimeUnit.SECONDS));
        assertEquals(8, pipe.read(Long.MAX_VALUE, TimeUnit.DAYS), "a huge timeout does not overflow");
    }

    @Test
    @Timeout(10)
    void shouldWakeTimedReaderWhenMessageArrives() throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(2, 0);
        Worker<Integer> reader = Worker.call("reader", () -> pipe.read(1, TimeUnit.MINUTES));
        awaitParked(reader.thread());
        pipe.write(42);
        assertEquals(42, reader.join(5, pipe));
    }

    @Test
    @Timeout(10)
    void shouldWriteIntoAFullPipeOnceTheReaderFreesASlot() throws Exception {
        for (long timeout : new long[] {1, Long.MAX_VALUE}) { // minutes: timed, and a timeout that means forever
            AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 0);
            fill(pipe);
            int full = pipe.size();
            Worker<Boolean> writer = Worker.call("writer", () -> pipe.write(-1, timeout, TimeUnit.MINUTES));
            awaitParked(writer.thread());
            assertEquals(0, pipe.read());
            assertTrue(writer.join(5, pipe), "written once a slot was free, timeout " + timeout);
            assertEquals(full, pipe.size());
            for (int i = 1; i < full; i++) {
                assertEquals(i, pipe.read());
            }
            assertEquals(-1, pipe.read(), "the waiting writer's message, last");
            assertEquals(1, pipe.writerStats().episodes(), "the writer's wait ended: " + pipe.writerStats());
        }
    }

    @Test
    @Timeout(10)
    void shouldGiveUpATimedWriteIntoAFullPipe() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 0);
        fill(pipe);
        assertFalse(pipe.write(-1, 1, TimeUnit.MILLISECONDS), "nobody reads: the timeout passes");
        assertFalse(pipe.write(-1, 0, TimeUnit.MILLISECONDS), "no timeout: one try");
        int full = pipe.size();
        for (int i = 0; i < full; i++) {
            assertEquals(i, pipe.read(), "nothing was written");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 20})
    @Timeout(10)
    void shouldYieldBeforeParkingOnlyAfterASpin(long spinMicros) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(2, spinMicros);
        Worker<Integer> reader = Worker.call("reader", pipe::read);
        awaitParked(reader.thread());
        pipe.write(5);
        assertEquals(5, reader.join(5, pipe));
        IdleStats.Snapshot stats = pipe.readerStats();
        assertEquals(1, stats.episodes(), "the wait ended: " + stats);
        assertEquals(spinMicros == 0 ? 0 : 1, Math.min(1, stats.yields()),
                "busy-poll 0 parks at once, a spin is followed by the yield rung: " + stats);
    }

    @Test
    void shouldDescribeItselfAndItsClosedSides() {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, 20);
        String name = pipe.getClass().getSimpleName();
        assertFalse(pipe.isWriteClosed());
        assertFalse(pipe.isReadClosed());
        assertEquals(name + "{capacity=4, spinMicros=20}", pipe.toString());
        pipe.closeWrite();
        assertEquals(name + "{capacity=4, spinMicros=20, writeClosed}", pipe.toString());
        pipe.closeRead();
        assertEquals(name + "{capacity=4, spinMicros=20, writeClosed, readClosed}", pipe.toString());
        assertEquals(name + "{capacity=4, spinMicros=AUTO}", newPipe(4, SpinSetting.AUTO_MICROS).toString());
    }

    @Test
    void shouldAcceptEveryCapacityFromOneToTheLargest() {
        assertEquals(1, AbstractBusyWaitPipe.requireValidCapacity(1));
        assertEquals(BusyWaitPipes.MAX_CAPACITY, AbstractBusyWaitPipe.requireValidCapacity(BusyWaitPipes.MAX_CAPACITY));
        assertThrows(IllegalArgumentException.class, () -> AbstractBusyWaitPipe.requireValidCapacity(0));
    }

    // ------------------------------------------------------------------------------------------ close

    @Test
    @Timeout(10)
    void shouldSeeEndOfStreamAfterDrainingWhenWriterCloses() throws InterruptedException {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.write("a");
        pipe.closeWrite();
        pipe.closeWrite(); // idempotent
        assertTrue(pipe.isWriteClosed());
        assertFalse(pipe.isEndOfStream());
        assertEquals("a", pipe.read());
        assertNull(pipe.read());
        assertNull(pipe.read(1, TimeUnit.SECONDS));
        assertNull(pipe.tryRead());
        assertTrue(pipe.isEndOfStream());
    }

    @Test
    void shouldFailWritesAfterWriterCloses() {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.closeWrite();
        PipeClosedException e = assertThrows(PipeClosedException.class, () -> pipe.write("x"));
        assertTrue(e.getMessage().contains("writer side"), e.getMessage());
        assertThrows(PipeClosedException.class, () -> pipe.tryWrite("x"));
    }

    @Test
    @Timeout(10)
    void shouldFailWritesOnceReaderCloses() {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.closeRead();
        pipe.closeRead(); // idempotent
        PipeClosedException e = assertThrows(PipeClosedException.class, () -> pipe.write("x"));
        assertTrue(e.getMessage().contains("EPIPE"), e.getMessage());
        assertTrue(e.getMessage().contains("reader side"), e.getMessage());
        assertThrows(PipeClosedException.class, () -> pipe.tryWrite("x"));
        assertThrows(PipeClosedException.class, () -> pipe.write("x", 1, TimeUnit.SECONDS));
        assertThrows(PipeClosedException.class, pipe::tryRead, "reading a closed reader side");
        assertThrows(PipeClosedException.class, pipe::read);
    }

    @Test
    void shouldHandQueuedMessagesToReleaserOnCloseRead() {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.tryWrite("a");
        pipe.tryWrite("b");
        List<String> released = new ArrayList<>();
        assertEquals(2, pipe.closeRead(released::add));
        assertEquals(List.of("a", "b"), released);
        assertTrue(pipe.isReadClosed());
    }

    @Test
    void shouldCloseBothSides() {
        AbstractBusyWaitPipe<String> pipe = newPipe(8, 0);
        pipe.close();
        pipe.close(); // idempotent
        assertTrue(pipe.isWriteClosed());
        assertTrue(pipe.isReadClosed());
        assertTrue(pipe.isEndOfStream());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 20, SpinSetting.AUTO_MICROS})
    @Timeout(10)
    void shouldWakeParkedReaderWithEndOfStreamWhenWriterCloses(long spinMicros) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, spinMicros);
        Worker<Integer> reader = Worker.call("reader", pipe::read);
        awaitParked(reader.thread());
        pipe.closeWrite();
        assertNull(reader.join(5, pipe), "end-of-stream");
        assertTrue(pipe.isEndOfStream());
        assertTrue(pipe.readerStats().parks() >= 1, pipe.readerStats().toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 20, SpinSetting.AUTO_MICROS})
    @Timeout(10)
    void shouldWakeParkedWriterWithEpipeWhenReaderCloses(long spinMicros) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, spinMicros);
        fill(pipe);
        Worker<Void> writer = Worker.run("writer", () -> pipe.write(-1));
        awaitParked(writer.thread());
        pipe.closeRead();
        Throwable failure = writer.joinFailure(5, pipe);
        assertTrue(failure instanceof PipeClosedException, String.valueOf(failure));
        assertTrue(failure.getMessage().contains("EPIPE"), failure.getMessage());
        assertTrue(pipe.writerStats().parks() >= 1, pipe.writerStats().toString());
    }

    @Test
    @Timeout(10)
    void shouldWakeParkedReaderWithPipeClosedWhenClosedFromAnotherThread() throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, 0);
        Worker<Integer> reader = Worker.call("reader", pipe::read);
        awaitParked(reader.thread());
        pipe.closeRead();
        Throwable failure = reader.joinFailure(5, pipe);
        assertTrue(failure instanceof PipeClosedException, String.valueOf(failure));
    }

    // ------------------------------------------------------------------------------------------ interrupts

    @Test
    @Timeout(10)
    void shouldThrowInterruptedAndClearStatusWhenInterruptedBeforeWaiting() {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 0);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, pipe::read);
        assertFalse(Thread.interrupted(), "status cleared by the exception");
        fill(pipe);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> pipe.write(-1));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> pipe.write(-1, 1, TimeUnit.SECONDS));
        assertFalse(Thread.interrupted());
    }

    @Test
    @Timeout(10)
    void shouldCompleteWithoutWaitingDespiteInterruptStatus() throws InterruptedException {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, 0);
        Thread.currentThread().interrupt();
        try {
            pipe.write(1);
            assertEquals(1, pipe.read());
            assertTrue(Thread.currentThread().isInterrupted(), "a call that did not wait leaves the status set");
        } finally {
            Thread.interrupted();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(10)
    void shouldInterruptParkedReader(boolean timed) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(4, 0);
        Worker<Integer> reader = Worker.call("reader", () -> timed ? pipe.read(1, TimeUnit.MINUTES) : pipe.read());
        awaitParked(reader.thread());
        reader.thread().interrupt();
        Throwable failure = reader.joinFailure(5, pipe);
        assertTrue(failure instanceof InterruptedException, String.valueOf(failure));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(10)
    void shouldInterruptParkedWriterWithoutWriting(boolean timed) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(1, 0);
        fill(pipe);
        int size = pipe.size();
        Worker<Void> writer = Worker.run("writer", () -> {
            if (timed) {
                pipe.write(-1, 1, TimeUnit.MINUTES);
            } else {
                pipe.write(-1);
            }
        });
        awaitParked(writer.thread());
        writer.thread().interrupt();
        Throwable failure = writer.joinFailure(5, pipe);
        assertTrue(failure instanceof InterruptedException, String.valueOf(failure));
        assertEquals(size, pipe.size(), "the message was not written");
    }

    // ------------------------------------------------------------------------------------------ streaming

    /**
     * One writer streams increasing numbers through a small pipe; the reader checks each is the next one. No
     * loss, duplication or reordering, with waits on full and empty at spin 0 (park) and spin > 0.
     */
    @ParameterizedTest
    @ValueSource(longs = {0, 20, SpinSetting.AUTO_MICROS})
    @Timeout(30)
    void shouldTransferEveryMessageOnceAndInOrder(long spinMicros) throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(16, spinMicros);
        int written = streamAndCheck(pipe, "writer", deadline -> {
            int i = 0;
            while (i < MAX_MESSAGES && ((i & 1023) != 0 || System.nanoTime() - deadline < 0)) {
                pipe.write(i++);
            }
            return i;
        });
        System.out.printf("%s spin=%d µs: %,d messages; reader %s; writer %s%n", pipe.getClass().getSimpleName(),
                spinMicros, written, pipe.readerStats(), pipe.writerStats());
    }

    /**
     * The same at a paced rate, for AUTO's nap (see {@code AdaptiveSpinPolicy}, "The nap"): a message every 150 µs,
     * too far apart to spin through, with every 7th one 100 µs late and every 11th 40 µs early, so that the reader's
     * naps end before their message (caught in the catch), after it (ended by the writer's signal) and long before
     * it (missed, then parked until signalled). Naps happen only where the timing allows, so the test asserts what
     * must hold whatever the timing (every message once, in order, no lost wake-up) and prints how the reader's
     * episodes ended.
     */
    @Test
    @Timeout(30)
    void shouldTransferEveryPacedMessageOnceAndInOrderWhileTheReaderNaps() throws Exception {
        AbstractBusyWaitPipe<Integer> pipe = newPipe(16, SpinSetting.AUTO_MICROS);
        int written = streamAndCheck(pipe, "paced writer", deadline -> {
            long due = System.nanoTime();
            int i = 0;
            while (System.nanoTime() - deadline < 0) {
                due += i % 7 == 3 ? 250_000 : i % 11 == 5 ? 110_000 : 150_000;
                while (System.nanoTime() - due < 0) {
                    Thread.onSpinWait();
                }
                pipe.write(i++);
            }
            return i;
        });
        IdleStats.Snapshot reader = pipe.readerStats();
        assertTrue(written > 0, "the writer wrote");
        // The states that forbid a nap: an oversubscribed machine (then the reader's window is half a wake-up
        // instead of the 0 that gaps of 110-250 µs teach), or cores contended by other processes (a stand-down).
        assertTrue(reader.naps() > 0 || pipe.readerSpinNanos() > 0 || reader.standDowns() > 0,
                "the reader napped: " + reader);
        assertTrue(reader.napsCaught() + reader.napsMissed() <= reader.naps() && reader.naps() <= reader.parks(),
                "each nap is a park, and ends at most once in its catch or after it: " + reader);
    }

    /** A writer of increasing numbers 0, 1, 2 ... until its deadline; returns how many it wrote. */
    interface NumberWriter {
        int write(long deadlineNanos) throws InterruptedException;
    }

    /**
     * Runs {@code writer} (given a deadline {@link #RUN_NANOS} away; the pipe's write side is closed after it) against
     * a reader that checks each message is the next number, and asserts that every message was read once and in
     * order and the stream ended. Returns how many messages were written.
     */
    static int streamAndCheck(AbstractBusyWaitPipe<Integer> pipe, String writerName, NumberWriter writer)
            throws Exception {
        Worker<Integer> reader = Worker.call("reader", () -> {
            int expected = 0;
            Integer m;
            while ((m = pipe.read()) != null) {
                assertEquals(expected, m, "the next number");
                expected++;
            }
            return expected;
        });
        Worker<Integer> writerThread = Worker.call(writerName, () -> {
            int written = writer.write(System.nanoTime() + RUN_NANOS);
            pipe.closeWrite();
            return written;
        });
        int written = writerThread.join(15, pipe);
        assertEquals(written, reader.join(15, pipe), "read count");
        assertTrue(pipe.isEndOfStream());
        return written;
    }

    // ------------------------------------------------------------------------------------------ helpers

    static void fill(AbstractBusyWaitPipe<Integer> pipe) {
        int i = 0;
        while (pipe.tryWrite(i)) {
            i++;
        }
    }
}
