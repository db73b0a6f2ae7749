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

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import dev.busypoll.bench.config.Checks;

/**
 * A memory guard for one stream: the sender stops when more than {@code capacity} bytes are sent but not yet
 * received, and the receiver resumes it once at most half of that is left. It exists because Netty's {@code
 * LocalChannel} has no backpressure (its writes land in the peer's unbounded inbound queue, so a sender that is
 * faster than its receiver grows the heap without bound); it applies to every transport alike and, set above
 * the transports' own buffers, throttles only those without backpressure. The counters travel through shared
 * memory, not through the transport.
 *
 * <p>Threading: {@link #mayWrite} is called by the sending thread only, {@link #received} by the receiving
 * thread only. Lost wake-ups are excluded Dekker-style: the sender publishes "paused" and then reads the
 * received count, the receiver publishes the received count and then reads "paused" (all volatile), so at
 * least one of them sees the other's write; whoever wins the {@code paused} CAS resumes the sender.
 */
final class InFlightWindow {
    private final long capacity;
    private final Executor senderExecutor;
    private final Runnable resume;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicBoolean paused = new AtomicBoolean();

    /**
     * @param capacity       bytes in flight at most
     * @param senderExecutor where {@code resume} runs (the sender's event loop)
     * @param resume         continues the sender
     */
    InFlightWindow(long capacity, Executor senderExecutor, Runnable resume) {
        Checks.check(capacity >= 2, "capacity must be >= 2 bytes", capacity);
        this.capacity = capacity;
        this.senderExecutor = senderExecutor;
        this.resume = resume;
    }

    /**
     * Sender: may it write more after {@code sentBytes} in total? {@code false} means stop; {@code resume} will
     * run on the sender's executor once the receiver has caught up.
     */
    boolean mayWrite(long sentBytes) {
        sent.set(sentBytes);
        if (sentBytes - received.get() < capacity) {
            return true;
        }
        paused.set(true);
        // Re-check after publishing "paused": the receiver may have caught up before it could see the flag.
        return sentBytes - received.get() <= capacity / 2 && paused.compareAndSet(true, false);
    }

    /** Receiver: {@code receivedBytes} have arrived in total. */
    void received(long receivedBytes) {
        received.set(receivedBytes);
        if (paused.get() && sent.get() - receivedBytes <= capacity / 2 && paused.compareAndSet(true, false)) {
            senderExecutor.execute(resume);
        }
    }
}
