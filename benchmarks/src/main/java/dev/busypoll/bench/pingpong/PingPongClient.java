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
package dev.busypoll.bench.pingpong;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.latency.LoopClient;

/**
 * The Netty client side of a ping-pong: bounces an 8-byte message off an echoing server, one round trip at a time,
 * back-to-back or one per period (a late reply skips a tick rather than queueing). A round trip ends with its
 * reply's last byte (TCP may split it). State confined to the client's event loop; runs return the round trips.
 */
public final class PingPongClient extends LoopClient<Long> {
    private long remaining;
    private long completed;
    private long sequence;
    private int pendingBytes;
    private long sentAt;
    private Histogram histogram;
    private ScheduledFuture<?> ticks;

    /** Runs {@code roundTrips} back-to-back round trips, timing each into {@code histogram} (ns) unless null. */
    void start(int roundTrips, Histogram histogram, CompletableFuture<Long> done) {
        if (!reset(done, histogram, roundTrips)) {
            return;
        }
        if (roundTrips == 0) {
            done.complete(0L);
        } else {
            send();
        }
    }

    /** Runs round trips until {@link #stop}: back-to-back when {@code periodMicros} is 0, else one per period. */
    public void startUntilStopped(long periodMicros, CompletableFuture<Long> done) {
        if (!reset(done, null, Long.MAX_VALUE)) {
            return;
        }
        if (periodMicros == 0) {
            send();
        } else {
            ticks = ctx.executor().scheduleAtFixedRate(() -> {
                if (pendingBytes == 0) {
                    send();
                }
            }, 0, periodMicros, TimeUnit.MICROSECONDS);
        }
    }

    /** Ends a run of {@link #startUntilStopped} once the round trip in flight, if any, is back. */
    public void stop() {
        remaining = 1; // the round trip in flight, if any, is the last
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
        if (pendingBytes == 0) {
            done.complete(completed);
        }
    }

    private boolean reset(CompletableFuture<Long> next, Histogram histogram, long roundTrips) {
        if (!begin(next)) {
            return false;
        }
        this.histogram = histogram;
        this.completed = 0;
        this.remaining = roundTrips;
        return true;
    }

    private void send() {
        ByteBuf buf = ctx.alloc().buffer(8).writeLong(sequence++);
        pendingBytes = 8;
        sentAt = System.nanoTime();
        ctx.writeAndFlush(buf, ctx.voidPromise());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        long now = System.nanoTime();
        int bytes = msg instanceof ByteBuf buf ? buf.readableBytes() : -1;
        ReferenceCountUtil.release(msg);
        if (bytes < 0 || !running()) {
            fail(new IllegalStateException("unexpected message " + msg.getClass().getName()));
            return;
        }
        pendingBytes -= bytes;
        if (pendingBytes > 0) {
            return;
        }
        if (pendingBytes < 0) {
            fail(new IllegalStateException("received more bytes than sent"));
            return;
        }
        if (histogram != null) {
            histogram.recordValue(now - sentAt);
        }
        // Count first, then write (design.md: a write may re-enter this handler).
        completed++;
        if (--remaining == 0) {
            done.complete(completed);
        } else if (ticks == null) {
            send();
        }
    }
}
