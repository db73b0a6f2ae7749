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

import dev.busypoll.testbed.measure.Percentiles;
import io.netty.channel.EventLoop;
import org.HdrHistogram.Histogram;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The {@link Caller#ASYNC} caller: makes calls one after the other from an event loop, each when the answer to the
 * one before has reached the loop, and records each round trip as the caller sees it, from the call to the moment
 * its answer runs on the caller's loop.
 *
 * <p>Threading: every call is made, and every round trip recorded, on {@code caller}; the histogram is handed
 * over through the returned future once complete.
 */
public final class AsyncRoundTrips {

    private final EventLoop caller;
    private final Supplier<? extends CompletionStage<?>> call;
    private final int calls;
    private final Histogram nanos = Percentiles.newHistogram();
    private final CompletableFuture<Histogram> done = new CompletableFuture<>();
    private int made;

    private AsyncRoundTrips(EventLoop caller, Supplier<? extends CompletionStage<?>> call, int calls) {
        this.caller = caller;
        this.call = call;
        this.calls = calls;
    }

    /**
     * Makes {@code calls} calls of {@code call} on {@code caller}, one at a time.
     *
     * @return completes with the round trips in ns, or with the first call's failure
     */
    public static CompletableFuture<Histogram> measure(EventLoop caller, int calls,
                                                       Supplier<? extends CompletionStage<?>> call) {
        AsyncRoundTrips r = new AsyncRoundTrips(caller, call, calls);
        caller.execute(r::next);
        return r.done;
    }

    private void next() {
        if (made == calls) {
            done.complete(nanos);
            return;
        }
        made++;
        long start = System.nanoTime();
        try {
            call.get().whenComplete((answer, failure) -> caller.execute(() -> {
                if (failure != null) {
                    done.completeExceptionally(failure);
                    return;
                }
                nanos.recordValue(System.nanoTime() - start);
                next();
            }));
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }
}
