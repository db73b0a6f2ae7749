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
package dev.busypoll.bench.openloop;

import java.util.function.LongConsumer;

import org.HdrHistogram.Histogram;

/**
 * The client side's bookkeeping of one open-loop run, free of any transport: which request is due next, what has
 * been sent and answered, and the two histograms. Latency is measured from each request's scheduled send time. Not
 * thread-safe: one client thread owns an instance for the run; the coordinator reads {@link #figures} only after
 * the run's completion was handed over (a future or a volatile write).
 */
final class Pacer {
    private final Plan plan;
    private final Histogram latency;
    private final Histogram lateness;
    private final long start;
    private final Runnable beforeLastSend;
    /** The next request to send: also how many were sent. */
    private long next;
    private long received;
    private long lastReply;
    private boolean gaveUp;

    /** A run of {@code plan} whose request 0 is due at {@code startNanos}; latency and lateness in ns. */
    Pacer(Plan plan, Histogram latency, Histogram lateness, long startNanos, Runnable beforeLastSend) {
        this.beforeLastSend = beforeLastSend;
        this.plan = plan;
        this.latency = latency;
        this.lateness = lateness;
        this.start = startNanos;
    }

    /** Sends every request due by {@code now}, at most {@code maxBatch}, through {@code send}; returns how many. */
    int sendDue(long now, int maxBatch, LongConsumer send) {
        int n = 0;
        while (n < maxBatch && !sendingDone()) {
            if (now - start > plan.giveUpAfterNanos()) {
                gaveUp = true; // saturated: the rest of the schedule is dropped, the run ends with the replies
                break;
            }
            long due = plan.dueNanos(start, next);
            if (due > now) {
                break;
            }
            lateness.recordValue(now - due);
            if (next == plan.messages() - 1) {
                beforeLastSend.run();
            }
            // Count first, then send (design.md: a write may re-enter the reply handler).
            next++;
            n++;
            send.accept(due);
        }
        return n;
    }

    /** The due time of the next request; meaningful only while {@link #sendingDone()} is false. */
    long nextDue() {
        return plan.dueNanos(start, next);
    }

    /** One reply, carrying the scheduled send time of its request, arrived at {@code now}. */
    void reply(long scheduledNanos, long now) {
        if (received >= next) {
            throw new IllegalStateException("more replies than requests sent (" + next + ")");
        }
        latency.recordValue(Math.max(0, now - scheduledNanos));
        received++;
        lastReply = now;
    }

    /** Everything scheduled was sent, or the sender gave up. */
    boolean sendingDone() {
        return gaveUp || next >= plan.messages();
    }

    /** Sending is done and every sent request has been answered. */
    boolean complete() {
        return sendingDone() && received == next;
    }

    RunFigures figures() {
        return new RunFigures(plan.messages(), next, received, start, lastReply);
    }
}
