package dev.busypoll.core.pipe;

import static dev.busypoll.core.Threads.awaitParked;
import static dev.busypoll.core.Threads.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

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
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] writers = new Thread[WRITERS];
        long deadline = System.nanoTime() + RUN_NANOS;
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            writers[w] = new Thread(() -> {
                try {
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
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "writer-" + w);
        }
        AtomicReference<Object> readerResult = new AtomicReference<>();
        int[] read = new int[WRITERS];
        Thread reader = new Thread(() -> readerResult.set(call(() -> {
            Long m;
            while ((m = pipe.read()) != null) {
                int id = (int) (m >>> 32);
                int seq = (int) (long) m;
                if (seq != read[id]) {
                    return "writer " + id + ": expected " + read[id] + " but read " + seq;
                }
                read[id]++;
            }
            return "end";
        })), "reader");
        reader.start();
        for (Thread writer : writers) {
            writer.start();
        }
        for (Thread writer : writers) {
            joinOrFail(writer, 15, pipe + " parkedWriters=" + pipe.parkedWriters());
        }
        pipe.closeWrite();
        joinOrFail(reader, 15, pipe);
        assertNull(failure.get());
        assertEquals("end", readerResult.get());
        for (int w = 0; w < WRITERS; w++) {
            assertEquals(written[w], read[w], "messages of writer " + w);
        }
        assertEquals(0, pipe.parkedWriters());
        System.out.printf("MPSC spin=%d µs, %d writers: %s messages; reader %s; writers %s%n", spinMicros,
                WRITERS, java.util.Arrays.toString(written), pipe.readerStats(), pipe.writerStats());
    }

    /** closeWrite() closes the writer side for every writer: writers parked on a full pipe wake and fail. */
    @Test
    @Timeout(10)
    void shouldWakeEveryParkedWriterWhenWriterSideCloses() throws Exception {
        MpscBusyWaitPipe<Integer> pipe = BusyWaitPipes.mpsc(1, 0);
        fill(pipe);
        Thread[] writers = new Thread[WRITERS];
        Object[] results = new Object[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            writers[w] = new Thread(() -> results[id] = call(() -> {
                pipe.write(-1);
                return "written";
            }), "writer-" + w);
            writers[w].start();
        }
        for (Thread writer : writers) {
            awaitParked(writer);
        }
        pipe.closeWrite();
        for (Thread writer : writers) {
            joinOrFail(writer, 5, pipe);
        }
        for (Object result : results) {
            assertTrue(result instanceof PipeClosedException, String.valueOf(result));
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
        Thread[] writers = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            writers[w] = new Thread(() -> call(() -> {
                pipe.write(100 + id);
                return null;
            }), "writer-" + w);
            writers[w].start();
        }
        for (Thread writer : writers) {
            awaitParked(writer);
        }
        int sum = 0;
        for (int i = 0; i <= WRITERS; i++) {
            sum += pipe.read(5, TimeUnit.SECONDS);
        }
        for (Thread writer : writers) {
            joinOrFail(writer, 5, pipe);
        }
        assertEquals(0 + 100 + 101 + 102, sum);
        assertNull(pipe.tryRead());
    }
}
