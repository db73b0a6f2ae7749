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
package dev.busypoll.bench.channels;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;

import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.bench.transport.Workers;

/**
 * A stream on the floor or on a rung of the cost ladder built on it ({@link Rung}): a writer and a reader thread,
 * one of the floor's SPSC pipes of {@value #CAPACITY} entries between them, both spinning; what the two ends do
 * with each message ({@link Ends}) makes the rung (docs/scenarios-throughput.md, "The cost ladder"). The threads
 * stay alive after a stream until the next one or the session's end, across the CPU clock's window.
 */
final class FloorStreaming implements StreamingSession {
    /** Queue entries. */
    static final int CAPACITY = 1024;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[Streaming.MESSAGE_BYTES];
    private static final Floor FLOOR = new Floor("floor: SPSC queue, busy spin", "floor", Floor.NEVER_YIELD);

    private final Rung rung;
    private final int batch;
    private Workers workers;

    /** A session of {@code rung} writing {@code batch} messages between two flushes. */
    FloorStreaming(Rung rung, int batch) {
        this.rung = rung;
        this.batch = batch;
    }

    /**
     * One rung: the floor's pipe between the two threads ({@code null}: the one thread of the no-op transport, no
     * hand-off), and the ends of one stream, given the batch. Both threads spin, idle or not; one alone never waits.
     */
    record Rung(String name, String key, Floor floor, IntFunction<Ends> ends) implements Transport {
        @Override
        public int spinningThreads(int threads) {
            return floor == null ? 0 : floor.spinningThreads(threads);
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
                        batch -> new Pipelines(alloc, batch)),
                new Rung("no-op transport: one thread, no hand-off", "noop", null,
                        batch -> new Pipelines(alloc, batch)));
    }

    /**
     * What the two ends do with one stream's messages; one instance per stream. {@link #write} runs on the writer
     * thread, {@link #reader} and what it returns on the reader thread (both on the one thread of the no-op row).
     */
    interface Ends {
        /** Writes {@code messages} messages, handing each to {@code handOff}, which returns once it took it. */
        void write(long messages, HandOff handOff) throws Exception;

        /** The reader of the stream, made before its first message. */
        Reader reader(long messages);
    }

    /** Where the writer hands a message: it returns once the message was taken. */
    @FunctionalInterface
    interface HandOff {
        /** Hands {@code message} on, spinning while there is no room. */
        void accept(Object message) throws Exception;
    }

    /** Takes a stream's messages, each as it comes ({@link #accept}), or all of them off the queue. */
    interface Reader extends Consumer<Object> {
        /** Takes {@code messages} messages off {@code queue}, spinning while it is empty. */
        default void drain(Floor.QueuePipe<Object> queue, long messages) throws InterruptedException {
            for (long n = 0; n < messages; n++) {
                accept(queue.read());
            }
        }

        /** After the last message: the payload bytes taken (the stream failed if it throws). */
        long finish();
    }

    @Override
    public Measured run(long messages) throws Exception {
        Ends stream = rung.ends().apply(batch);
        Floor.QueuePipe<Object> queue = rung.floor() == null ? null : rung.floor().pipe(CAPACITY, false);
        close();
        workers = new Workers(true);
        AtomicLong end = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        workers.add(rung.key() + "-stream-receiver", () -> {
            Reader reader = stream.reader(messages);
            if (queue != null) {
                reader.drain(queue, messages);
            } else {
                stream.write(messages, reader::accept); // the no-op transport: every write straight to the reader
            }
            end.set(System.nanoTime());
            bytes.set(reader.finish());
        });
        if (queue != null) {
            workers.add(rung.key() + "-stream-sender", () -> stream.write(messages, queue::write));
        }
        long t0 = workers.run(rung.key() + " stream", TIMEOUT_SECONDS + messages / 1_000_000);
        return new Measured(t0, end.get(), bytes.get() / PAYLOAD.length, null);
    }

    @Override
    public void close() {
        if (workers != null) {
            workers.close();
        }
    }

    /**
     * Rung (a): references to one shared array. It drains the queue in a loop of its own, so that the JIT inlines
     * its few nanoseconds of work per message. Fields on the reader thread.
     */
    private static final class SharedPayload implements Ends, Reader {
        private long bytes;

        @Override
        public void write(long messages, HandOff handOff) throws Exception {
            for (long i = 0; i < messages; i++) {
                handOff.accept(PAYLOAD);
            }
        }

        @Override
        public Reader reader(long messages) {
            return this;
        }

        @Override
        public void drain(Floor.QueuePipe<Object> queue, long messages) throws InterruptedException {
            for (long n = 0; n < messages; n++) {
                bytes += ((byte[]) queue.read()).length;
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

    /** Rung (b): a buffer per message, made as the pump makes it ({@code batch} per flush), taken as the sink does. */
    private record ByteBufs(ByteBufAllocator alloc, int batch) implements Ends {
        @Override
        public void write(long messages, HandOff handOff) throws Exception {
            Object[] flush = new Object[batch];
            for (long left = messages; left > 0; left -= flush.length) {
                int n = (int) Math.min(flush.length, left);
                for (int i = 0; i < n; i++) {
                    flush[i] = NettyEnd.message(alloc, PAYLOAD);
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
                    int n = NettyEnd.consume(m);
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

    /**
     * Rung (c) and the no-op transport: the Netty rows' own pump and sink, each in an {@link EmbeddedChannel} on its
     * thread, the writer's {@code doWrite} handing each flushed message on (retained; its removal from the outbound
     * buffer releases it once). The in-flight window never fills here ({@code doWrite} hands off every message it
     * flushed), so its resumption fails the stream. One instance per stream.
     */
    private static final class Pipelines implements Ends {
        private final ByteBufAllocator alloc;
        private final CompletableFuture<Long> done = new CompletableFuture<>();
        private final NettyEnd.Pump pump;
        private final NettyEnd.Sink sink = new NettyEnd.Sink(ch -> { }, done::completeExceptionally);
        private final InFlightWindow window;

        Pipelines(ByteBufAllocator alloc, int batch) {
            this.alloc = alloc;
            this.pump = new NettyEnd.Pump(Streaming.MESSAGE_BYTES, batch, NettyStreaming.BATCHES_PER_TURN,
                    ch -> { }, done::completeExceptionally);
            this.window = new InFlightWindow(NettyStreaming.WINDOW_BYTES, resume -> {
                throw new IllegalStateException("the in-flight window filled although doWrite hands off every message");
            }, pump::pump);
        }

        @Override
        public void write(long messages, HandOff handOff) throws Exception {
            Outlet channel = new Outlet(pump, handOff);
            channel.config().setAllocator(alloc);
            try {
                pump.start(messages, window); // its first turn; the channel's task queue holds the next
                while (channel.handedOff < messages && !done.isDone()) {
                    if (channel.hasPendingTasks()) {
                        channel.runPendingTasks(); // the pump's next turn
                    } else {
                        Floor.idle(0, Floor.NEVER_YIELD);
                    }
                }
                while (!done.isDone()) {
                    Floor.idle(0, Floor.NEVER_YIELD); // the pump fails a stream whose channel closes before its end
                }
            } finally {
                channel.finishAndReleaseAll();
            }
        }

        @Override
        public Reader reader(long messages) {
            EmbeddedChannel channel = new EmbeddedChannel(sink);
            sink.reset(messages * Streaming.MESSAGE_BYTES, window, done::complete);
            ChannelPipeline pipeline = channel.pipeline();
            return new Reader() {
                @Override
                public void accept(Object m) {
                    pipeline.fireChannelRead(m);
                }

                @Override
                public long finish() {
                    channel.finishAndReleaseAll();
                    done.getNow(null); // throws when the sink failed the stream
                    return sink.bytes;
                }
            };
        }
    }

    /** A channel whose {@code doWrite} hands each flushed message on, and does nothing else. */
    private static final class Outlet extends EmbeddedChannel {
        private final HandOff handOff;
        /** Messages handed on; on the writer thread. */
        long handedOff;

        Outlet(ChannelHandler pump, HandOff handOff) {
            super(pump);
            this.handOff = handOff;
        }

        @Override
        protected void handleOutboundMessage(Object msg) {
            try {
                handOff.accept(msg); // between doWrite's retain and its removal of the entry
            } catch (Exception e) {
                throw new IllegalStateException("hand-off failed", e);
            }
            handedOff++;
        }
    }
}
