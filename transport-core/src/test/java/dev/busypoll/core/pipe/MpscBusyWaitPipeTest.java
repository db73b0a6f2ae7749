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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.busypoll.core.Worker;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the pipe contract against {@link MpscBusyWaitPipe}, plus what only several writers can show. */
class MpscBusyWaitPipeTest extends BusyWaitPipeContractTest {
    private static final int WRITERS = 3;

    @Override
    <E> AbstractBusyWaitPipe<E> newPipe(int capacity, long spinMicros) {
        return BusyWaitPipes.mpsc(capacity, spinMicros);
    }

    /**
     * Several writers stream (writer, sequence) pairs through a small pipe; the reader checks that each writer's
     * sequence arrives complete and in order. Half the writes use a short timeout and retry when it expires, so
     * woken writers also leave without writing (the pass-on rule of {@link SpaceWaiters}).
     */
    @ParameterizedTest
    @ValueSource(longs = {0, 20})
    @Timeout(30)
    void shouldKeepEachWritersOrderWithSeveralWriters(long spinMicros) throws Exception {
        MpscBusyWaitPipe<Long> pipe = BusyWaitPipes.mpsc(4, spinMicros);
        int[] written = new int[WRITERS];
        long deadline = System.nanoTime() + RUN_NANOS;
        int[] read = new int[WRITERS];
        Worker<Void> reader = Worker.run("reader", () -> {
            Long m;
            while ((m = pipe.read()) != null) {
                int id = (int) (m >>> 32);
                assertEquals(read[id], (int) (long) m, "the next message of writer " + id);
                read[id]++;
            }
        });
        List<Worker<Void>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            writers.add(Worker.run("writer-" + w, () -> {
                int seq = 0;
                while (seq < MAX_MESSAGES / WRITERS && ((seq & 255) != 0 || System.nanoTime() - deadline < 0)) {
                    Long message = ((long) id << 32) | seq;
                    if ((seq & 1) == 0) {
                        pipe.write(message);
                    } else {
                        while (!pipe.write(message, 20, TimeUnit.MICROSECONDS)) {
                            // timed out: try again (a woken writer that leaves must pass the wake on)
                        }
                    }
                    seq++;
                }
                written[id] = seq;
            }));
        }
        Worker.joinAll(15, pipe + " parkedWriters=" + pipe.parkedWriters(), writers);
        pipe.closeWrite();
        reader.join(15, pipe);
        for (int w = 0; w < WRITERS; w++) {
            assertEquals(written[w], read[w], "messages of writer " + w);
        }
        assertEquals(0, pipe.parkedWriters());
    }

    /** closeWrite() closes the writer side for every writer: writers parked on a full pipe wake and fail. */
    @Test
    @Timeout(10)
    void shouldWakeEveryParkedWriterWhenWriterSideCloses() throws Exception {
        MpscBusyWaitPipe<Integer> pipe = BusyWaitPipes.mpsc(1, 0);
        fill(pipe);
        List<Worker<Void>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            writers.add(Worker.run("writer-" + w, () -> pipe.write(-1)));
        }
        for (Worker<Void> writer : writers) {
            awaitParked(writer.thread());
        }
        assertEquals(WRITERS, pipe.parkedWriters());
        pipe.closeWrite();
        for (Worker<Void> writer : writers) {
            Throwable failure = writer.joinFailure(5, pipe);
            assertTrue(failure instanceof PipeClosedException, String.valueOf(failure));
        }
        assertEquals(0, pipe.parkedWriters());
        assertTrue(pipe.writerStats().parks() >= WRITERS, pipe.writerStats().toString());
    }

    /** Each freed slot wakes a parked writer: N parked writers all get written after N reads. */
    @Test
    @Timeout(10)
    void shouldWakeOneParkedWriterPerFreedSlot() throws Exception {
        MpscBusyWaitPipe<Integer> pipe = BusyWaitPipes.mpsc(1, 0);
        fill(pipe);
        List<Worker<Void>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            writers.add(Worker.run("writer-" + w, () -> pipe.write(100 + id)));
        }
        for (Worker<Void> writer : writers) {
            awaitParked(writer.thread());
        }
        int sum = 0;
        for (int i = 0; i <= WRITERS; i++) {
            sum += pipe.read(5, TimeUnit.SECONDS);
        }
        Worker.joinAll(5, pipe, writers);
        assertEquals(0 + 100 + 101 + 102, sum);
        assertNull(pipe.tryRead());
    }
}
