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
package dev.busypoll.examples.support;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The asynchronous caller: one call at a time, each made on the caller's loop, every round trip recorded. */
@Timeout(30)
class AsyncRoundTripsTest {

    private final EventLoop caller = new DefaultEventLoop();
    private final ExecutorService answers = Executors.newSingleThreadExecutor();

    @AfterEach
    void shutDown() {
        caller.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        answers.shutdownNow();
    }

    @Test
    void shouldMakeEveryCallOnTheCallersLoopOneAtATime() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger offLoop = new AtomicInteger();
        AtomicInteger overlapping = new AtomicInteger();
        Histogram h = AsyncRoundTrips.measure(caller, 500, () -> {
            if (!caller.inEventLoop()) {
                offLoop.incrementAndGet();
            }
            if (inFlight.incrementAndGet() != 1) {
                overlapping.incrementAndGet();
            }
            return CompletableFuture.supplyAsync(() -> inFlight.decrementAndGet(), answers);
        }).get(20, TimeUnit.SECONDS);

        assertEquals(500, h.getTotalCount());
        assertEquals(0, offLoop.get(), "calls made off the caller's loop");
        assertEquals(0, overlapping.get(), "calls made before the answer to the one before");
    }

    @Test
    void shouldEndWithTheFirstFailedCall() {
        IllegalStateException boom = new IllegalStateException("answer lost");
        AtomicInteger calls = new AtomicInteger();
        ExecutionException e = assertThrows(ExecutionException.class, () -> AsyncRoundTrips.measure(caller, 10, () ->
                calls.incrementAndGet() == 3 ? CompletableFuture.failedFuture(boom)
                        : CompletableFuture.completedFuture("ok")).get(20, TimeUnit.SECONDS));
        assertSame(boom, e.getCause());
        assertEquals(3, calls.get(), "no call after the failed one");
    }
}
