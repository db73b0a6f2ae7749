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
package dev.busypoll.examples.trading;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An open-loop load generator that paces from the client's event loop: request {@code i} is due at
 * {@code start + i * interval} whatever happened to the requests before it, and carries that scheduled time as its
 * latency origin. Each firing sends every request that has fallen due, each with its own scheduled time, then
 * schedules itself on the loop for the next one: when the loop wakes late, the lateness is measured, not omitted
 * (no coordinated omission). How promptly the loop wakes for its timer is part of what the transport's event loop
 * costs, as it is for any Netty service that paces from its loop.
 *
 * <p>Threading: {@link #start} may be called from any thread; everything else runs on the client's event loop,
 * the one {@link OrderEntryClient#sendScheduled} must run on. No thread of its own.
 */
public final class LoadGenerator implements Runnable {

    private final OrderEntryClient client;
    private final EventLoop loop;
    private final long intervalNanos;
    private final long total;
    private final Promise<Long> done;
    private long startNanos;
    private long scheduled;

    private LoadGenerator(OrderEntryClient client, EventLoop loop, long intervalNanos, long total) {
        this.client = client;
        this.loop = loop;
        this.intervalNanos = intervalNanos;
        this.total = total;
        this.done = loop.newPromise();
    }

    /**
     * Starts sending at {@code ratePerSecond} for {@code durationNanos} through {@code client} on {@code loop}, the
     * client channel's event loop.
     *
     * @return completes, on the loop, with the number of requests scheduled once the last one is sent
     */
    public static Future<Long> start(OrderEntryClient client, EventLoop loop, int ratePerSecond,
                                     long durationNanos) {
        if (ratePerSecond <= 0) {
            throw new IllegalArgumentException("ratePerSecond must be positive, was " + ratePerSecond);
        }
        long interval = Math.max(1, 1_000_000_000L / ratePerSecond);
        LoadGenerator g = new LoadGenerator(client, loop, interval, Math.max(1, durationNanos / interval));
        loop.execute(() -> {
            g.startNanos = System.nanoTime() + 100_000;
            g.run();
        });
        return g.done;
    }

    /** {@link #start}, then waits until the last request is sent: the number of requests scheduled. */
    public static long run(OrderEntryClient client, EventLoop loop, int ratePerSecond, long durationNanos)
            throws InterruptedException, ExecutionException {
        Future<Long> f = start(client, loop, ratePerSecond, durationNanos);
        long bound = durationNanos + TimeUnit.SECONDS.toNanos(30);
        if (!f.await(bound, TimeUnit.NANOSECONDS)) {
            throw new IllegalStateException("the load generator did not finish within " + bound / 1_000_000
                    + " ms of a " + durationNanos / 1_000_000 + " ms run: the client's event loop is stuck");
        }
        return f.get();
    }

    /** One firing, on the loop: sends what is due, then waits for the next one on the loop's timer. */
    @Override
    public void run() {
        try {
            long now = System.nanoTime();
            if (now - startNanos >= 0) {
                long due = Math.min(total, (now - startNanos) / intervalNanos + 1);
                if (due > scheduled) {
                    client.sendScheduled(startNanos + scheduled * intervalNanos, intervalNanos,
                            (int) (due - scheduled));
                    scheduled = due;
                }
            }
            if (scheduled >= total) {
                done.trySuccess(total);
                return;
            }
            long next = startNanos + scheduled * intervalNanos;
            loop.schedule(this, Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (RuntimeException | Error e) {
            done.tryFailure(e);
        }
    }
}
