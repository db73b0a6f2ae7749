package dev.busypoll.bench.channels;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import io.netty.buffer.ByteBufAllocator;

import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Transport;

/**
 * A stream on the floor or on one of the rows of the cost ladder built on it ({@link Rung}): plain threads, no event
 * loop. Two threads, one of the floor's SPSC pipes of {@value #CAPACITY} entries, both busy-spinning with {@link
 * Thread#onSpinWait()}; what the two ends do with each message ({@link Ends}) makes the row:
 *
 * <pre>
 *   writer thread                                     reader thread
 *     Ends.write: make a message, offer it           poll (spin while empty), Ends.Reader: take it
 *       (spin while full) x n         ---&gt; [SPSC] ---&gt;   last one: note the time
 * </pre>
 *
 * <ul>
 *   <li>{@code floor}, rung (a): a message is a reference to one shared 64-byte array (nothing is allocated or
 *       copied); the reader adds up the arrays' lengths. Only the hand-off between two threads.</li>
 *   <li>{@code floor-bytebuf}, rung (b): the writer allocates a 64-byte {@code ByteBuf} from the allocator the Netty
 *       rows' channels use ({@code ByteBufAllocator.DEFAULT}, which {@code ctx.alloc()} gives) and fills it as their
 *       pump does, {@code batch} of them before handing them off, as the pump writes {@code batch} before each
 *       flush; the reader counts its bytes and releases it, as their sink does. (a) plus a buffer's life from one
 *       thread to the other; no pipeline.</li>
 *   <li>{@code floor-pipeline}, rung (c): (b) plus Netty's pipeline at both ends ({@link PipelineEnds}).</li>
 *   <li>{@code noop}, the no-op transport: {@link PipelineEnds} on one thread, no queue and no second thread.</li>
 * </ul>
 *
 * <p>The threads are created before the start signal (they wait on a latch) and wait again after the stream
 * until the session closes, so they are alive across the CPU clock's window.
 */
final class FloorStreaming implements StreamingSession {
    /** Queue entries. */
    static final int CAPACITY = 1024;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[Streaming.MESSAGE_BYTES];
    private static final Floor FLOOR = new Floor("floor: SPSC queue, busy spin", "floor", Floor.NEVER_YIELD);

    private final Rung rung;
    private final int batch;
    private final FloorThreads threads = new FloorThreads();

    /**
     * @param rung  the row
     * @param batch messages written between two flushes
     */
    FloorStreaming(Rung rung, int batch) {
        this.rung = rung;
        this.batch = batch;
    }

    /**
     * One row of the floor's: the floor's pipe between the two threads ({@code null}: the one thread of the no-op
     * transport, no hand-off), and what the ends do with the messages.
     *
     * @param name  the row label
     * @param key   the row key
     * @param floor the pipe's transport, or {@code null} for no hand-off
     * @param ends  the ends of one stream, given the batch
     */
    record Rung(String name, String key, Floor floor, IntFunction<Ends> ends) implements Transport {
        /** Both threads spin, idle or not; one thread alone never waits. */
        @Override
        public int spinningThreads(int threads) {
            return floor == null ? 0 : floor.spinningThreads(threads);
        }

        @Override
        public String unavailableReason() {
            return null;
        }
    }

    /** Rung (a), the floor. */
    static Rung floor() {
        return new Rung(FLOOR.name(), FLOOR.key(), FLOOR, batch -> new SharedPayload());
    }

    /** Rungs (b) and (c), then the no-op transport, their buffers from {@code alloc}. */
    static List<Rung> ladder(ByteBufAllocator alloc) {
        return List.of(new Rung("floor + ByteBuf, allocated and released", "floor-bytebuf", FLOOR,
                        batch -> new ByteBufs(alloc, batch)),
                new Rung("floor + ByteBuf + Netty pipelines", "floor-pipeline", FLOOR,
                        batch -> new PipelineEnds(alloc, batch)),
                new Rung("no-op transport: one thread, no hand-off", "noop", null,
                        batch -> new PipelineEnds(alloc, batch)));
    }

    /**
     * What the two ends do with one stream's messages; one instance per stream. {@link #write} runs on the writer
     * thread, {@link #reader} and what it returns on the reader thread (both on the one thread of the no-op row).
     */
    interface Ends {
        /** Writes {@code messages} messages, handing each to {@code handOff}, which returns once it took it. */
        void write(long messages, Consumer<Object> handOff);

        /** The reader of the stream, made before its first message. */
        Reader reader(long messages);
    }

    /** Takes a stream's messages, each as it comes ({@link #accept}), or all of them off the queue. */
    interface Reader extends Consumer<Object> {
        /** Takes {@code messages} messages off {@code queue}, spinning while it is empty. */
        default void drain(Floor.QueuePipe<Object> queue, long messages) {
            for (long n = 0; n < messages; n++) {
                accept(take(queue));
            }
        }

        /** After the last message: the payload bytes taken (the stream failed if it throws). */
        long finish();
    }

    @Override
    public Measured run(long messages) throws Exception {
        Ends stream = rung.ends().apply(batch);
        Floor.QueuePipe<Object> queue = rung.floor() == null ? null : rung.floor().pipe(CAPACITY, false);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong end = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        threads.start(rung.key() + "-stream-receiver", start, failure, () -> {
            Reader reader = stream.reader(messages);
            if (queue != null) {
                reader.drain(queue, messages);
            } else {
                stream.write(messages, reader); // the no-op transport: every write straight to the reader
            }
            end.set(System.nanoTime());
            bytes.set(reader.finish());
            done.countDown();
        });
        if (queue != null) {
            threads.start(rung.key() + "-stream-sender", start, failure, () -> stream.write(messages, m -> {
                while (!queue.offer(m)) {
                    spin();
                }
            }));
        }
        long t0 = System.nanoTime();
        start.countDown();
        boolean finished = done.await(TIMEOUT_SECONDS + messages / 1_000_000, TimeUnit.SECONDS);
        if (failure.get() != null) {
            throw new IllegalStateException(rung.key() + ": thread failed", failure.get());
        }
        if (!finished) {
            throw new IllegalStateException(rung.key() + ": stream unfinished");
        }
        return new Measured(t0, end.get(), bytes.get() / PAYLOAD.length, null);
    }

    @Override
    public void close() {
        threads.close();
    }

    /** The next message off {@code queue}, spinning while it is empty. */
    static Object take(Floor.QueuePipe<Object> queue) {
        Object m;
        while ((m = queue.poll()) == null) {
            spin();
        }
        return m;
    }

    /** Waits one turn of a spin, failing when the session closes the thread. */
    static void spin() {
        Thread.onSpinWait();
        if (Thread.currentThread().isInterrupted()) {
            throw new IllegalStateException("interrupted while spinning");
        }
    }

    /**
     * Rung (a): references to one shared array. Fields on the reader thread. It drains the queue in a loop of its own:
     * a call site that every row's reader passes through sees more receiver types than the JIT inlines, which would
     * cost this row, whose work per message is a few nanoseconds, a good part of its rate.
     */
    private static final class SharedPayload implements Ends, Reader {
        private long bytes;

        @Override
        public void write(long messages, Consumer<Object> handOff) {
            for (long i = 0; i < messages; i++) {
                handOff.accept(PAYLOAD);
            }
        }

        @Override
        public Reader reader(long messages) {
            return this;
        }

        @Override
        public void drain(Floor.QueuePipe<Object> queue, long messages) {
            for (long n = 0; n < messages; n++) {
                bytes += ((byte[]) take(queue)).length;
            }
        }

        @Override
        public void accept(Object m) {
            bytes += ((byte[]) m).length;
        }

        @Override
        public long finish() {
            return bytes;
        }
    }

    /**
     * Rung (b): a buffer per message, made as the Netty rows' pump makes it, {@code batch} at a time as it writes
     * them before each flush, and taken as their sink takes it.
     */
    private record ByteBufs(ByteBufAllocator alloc, int batch) implements Ends {
        @Override
        public void write(long messages, Consumer<Object> handOff) {
            Object[] flush = new Object[batch];
            for (long left = messages; left > 0; left -= flush.length) {
                int n = (int) Math.min(flush.length, left);
                for (int i = 0; i < n; i++) {
                    flush[i] = NettyStreaming.message(alloc);
                }
                for (int i = 0; i < n; i++) {
                    handOff.accept(flush[i]);
                    flush[i] = null;
                }
            }
        }

        @Override
        public Reader reader(long messages) {
            return new Reader() {
                private long bytes;

                @Override
                public void accept(Object m) {
                    int n = NettyStreaming.consume(m);
                    if (n < 0) {
                        throw new IllegalStateException("unexpected message " + m.getClass().getName());
                    }
                    bytes += n;
                }

                @Override
                public long finish() {
                    return bytes;
                }
            };
        }
    }
}
