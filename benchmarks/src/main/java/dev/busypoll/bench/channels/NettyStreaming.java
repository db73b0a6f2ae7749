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
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoop;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;

/**
 * Streaming over one Netty transport: a client channel's {@link NettyEnd.Pump} on one single-threaded group
 * streams to the accepted child's {@link NettyEnd.Sink} on another, within an {@link InFlightWindow} of {@value
 * #WINDOW_BYTES} bytes besides the channel's writability (LocalChannel has no backpressure).
 */
final class NettyStreaming implements StreamingSession {
    /** Bytes in flight at most (a memory guard; above the socket and queue buffers of the other transports). */
    static final long WINDOW_BYTES = 1 << 20;
    /** Batches written in one turn of the client loop before it lets the loop run its other work. */
    static final int BATCHES_PER_TURN = 64;
    private static final long TIMEOUT_SECONDS = 60;

    private final Netty spec;
    private final NettyEnd.Sink sink = new NettyEnd.Sink(ch -> { }, this::fail);
    private final NettyEnd.Pump pump;
    private final NettyPair pair;
    private volatile CompletableFuture<Long> done = new CompletableFuture<>();

    /** Connects a client writing {@code batch} messages between two flushes to a server of {@code spec}. */
    NettyStreaming(Netty spec, int batch) throws Exception {
        this.spec = spec;
        this.pump = new NettyEnd.Pump(Streaming.MESSAGE_BYTES, batch, BATCHES_PER_TURN, ch -> { }, this::fail);
        this.pair = NettyPair.open(spec, sink, pump);
    }

    private void fail(Throwable cause) {
        done.completeExceptionally(cause);
    }

    @Override
    public Measured run(long messages) throws Exception {
        EventLoop clientLoop = pair.clientLoop();
        EventLoop serverLoop = pair.serverLoop();
        CompletableFuture<Long> end = new CompletableFuture<>();
        done = end;
        InFlightWindow window = new InFlightWindow(WINDOW_BYTES, clientLoop, pump::pump);
        serverLoop.submit(() -> sink.reset(messages * Streaming.MESSAGE_BYTES, window, end::complete)).sync();
        LoopFigures before = spec.figures(List.of(clientLoop, serverLoop));
        long start = System.nanoTime();
        clientLoop.execute(() -> pump.start(messages, window));
        long endNanos = end.get(TIMEOUT_SECONDS + messages / 100_000, TimeUnit.SECONDS);
        LoopFigures after = spec.figures(List.of(clientLoop, serverLoop));
        return new Measured(start, endNanos, sink.bytes / Streaming.MESSAGE_BYTES,
                after == null ? null : after.minus(before).describe());
    }

    @Override
    public void close() {
        pair.close();
    }
}
