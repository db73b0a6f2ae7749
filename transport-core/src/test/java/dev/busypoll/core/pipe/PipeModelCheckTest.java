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

import static dev.busypoll.core.Threads.join;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.lincheck.Lincheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Model checks the pipes' wake-ups with Lincheck (see {@code WakeSignalModelCheckTest} for what that proves and
 * what it does not). The pipes are built with spin 0 and yield 0, so every wait goes straight to the park rung
 * and the checker explores the park protocol itself; a lost wake-up shows up as a hang. Each interleaving is
 * expensive here (JCTools and the ladder are instrumented too), so the default number is small; run deeper with
 * {@code -Dbusypoll.modelcheck.invocations=1000}. Removing the writer's enqueue from {@code SpaceWaiters} makes
 * {@link #shouldWakeEveryMpscWriterWaitingForSpace()} hang within seconds.
 */
class PipeModelCheckTest {
    /** Interleavings per test; small so the module's tests stay within budget on 2 shared cores. */
    private static final int INVOCATIONS = Integer.getInteger("busypoll.modelcheck.invocations", 20);

    private static <E> MpscBusyWaitPipe<E> parkingMpsc(int capacity) {
        return new MpscBusyWaitPipe<>(capacity, 0, 0);
    }

    private static <E> SpscBusyWaitPipe<E> parkingSpsc(int capacity) {
        return new SpscBusyWaitPipe<>(capacity, 0, 0);
    }

    private static Thread start(ThrowingRunnable body) {
        Thread thread = new Thread(() -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        thread.start();
        return thread;
    }

    interface ThrowingRunnable {
        void run() throws InterruptedException;
    }

    /** Two writers on a one-slot pipe: whichever parks for space must be woken by the reader (SpaceWaiters). */
    @Test
    @Timeout(120)
    void shouldWakeEveryMpscWriterWaitingForSpace() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            MpscBusyWaitPipe<Integer> pipe = parkingMpsc(1);
            Thread w1 = start(() -> pipe.write(1));
            Thread w2 = start(() -> pipe.write(2));
            try {
                assertEquals(3, pipe.read() + pipe.read());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            join(w1);
            join(w2);
        });
    }

    /** A writer that outruns the reader parks on full, the reader parks on empty: both wake-ups must arrive. */
    @Test
    @Timeout(120)
    void shouldWakeSpscWriterAndReaderInTurn() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            SpscBusyWaitPipe<Integer> pipe = parkingSpsc(1); // JCTools makes it 4
            int n = pipe.capacity() + 1;
            Thread writer = start(() -> {
                for (int i = 0; i < n; i++) {
                    pipe.write(i);
                }
                pipe.closeWrite();
            });
            try {
                for (int i = 0; i < n; i++) {
                    assertEquals(i, pipe.read());
                }
                assertNull(pipe.read());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            join(writer);
        });
    }

    /** A writer parked on a full pipe must wake and fail when the reader closes. */
    @Test
    @Timeout(120)
    void shouldWakeParkedMpscWriterWhenReaderCloses() {
        // fewer: each interleaving builds an exception (message, stack trace) under instrumentation, which is slow
        Lincheck.runConcurrentTest(Math.max(1, INVOCATIONS / 2), () -> {
            MpscBusyWaitPipe<Integer> pipe = parkingMpsc(1);
            pipe.tryWrite(0);
            boolean[] failed = new boolean[1];
            Thread writer = start(() -> {
                try {
                    pipe.write(1);
                } catch (PipeClosedException expected) {
                    failed[0] = true;
                }
            });
            pipe.closeRead();
            join(writer);
            assertTrue(failed[0], "the write failed with PipeClosedException");
        });
    }

    /** A reader parked on an empty pipe must wake and see end-of-stream when the writer closes. */
    @Test
    @Timeout(120)
    void shouldWakeParkedReaderWhenWriterCloses() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            MpscBusyWaitPipe<Integer> pipe = parkingMpsc(2);
            Thread reader = start(() -> assertNull(pipe.read()));
            pipe.closeWrite();
            join(reader);
        });
    }
}
