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

import java.util.concurrent.atomic.AtomicLong;

import dev.busypoll.bench.transport.Pipe;
import dev.busypoll.bench.transport.ThreadTransport;
import dev.busypoll.bench.transport.Workers;

/**
 * A stream over one of a {@link ThreadTransport}'s pipes (the peer libraries'): a writer thread writes every message
 * as it comes (these pipes have no flush: a message is published when written, and the reader takes whatever is
 * published), a reader thread reads them and adds up their lengths. A pipe of {@value #CAPACITY} messages per
 * stream; the threads stay alive after a stream until the next one or the session's end, across the CPU clock's
 * window, as the floor's do. Used by one coordinating thread.
 */
final class PipeStreaming implements StreamingSession {
    /** Messages a pipe holds, as the floor's queue. */
    static final int CAPACITY = FloorStreaming.CAPACITY;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[Streaming.MESSAGE_BYTES];

    private final ThreadTransport transport;
    private Pipe<byte[]> pipe;
    private Workers workers;

    /** A session over {@code transport}'s pipes. */
    PipeStreaming(ThreadTransport transport) {
        this.transport = transport;
    }

    @Override
    public Measured run(long messages) throws Exception {
        close();
        pipe = transport.bytePipe(CAPACITY, Streaming.MESSAGE_BYTES, false);
        Pipe<byte[]> stream = pipe;
        workers = new Workers(true);
        AtomicLong end = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        workers.add(transport.key() + "-stream-receiver", () -> {
            long sum = 0;
            for (long n = 0; n < messages; n++) {
                byte[] m = stream.read();
                if (m == null) {
                    throw new IllegalStateException("the stream ended after " + n + " of " + messages + " messages");
                }
                sum += m.length;
            }
            end.set(System.nanoTime());
            bytes.set(sum);
        });
        workers.add(transport.key() + "-stream-sender", () -> {
            for (long n = 0; n < messages; n++) {
                stream.write(PAYLOAD);
            }
        });
        long t0 = workers.run(transport.key() + " stream", TIMEOUT_SECONDS + messages / 100_000);
        return new Measured(t0, end.get(), bytes.get() / PAYLOAD.length, null);
    }

    /** Wakes a waiting reader, stops the threads, then closes the pipe (Aeron's only once no thread is in it). */
    @Override
    public void close() {
        if (pipe != null) {
            pipe.closeWrite();
        }
        if (workers != null) {
            workers.close();
            workers = null;
        }
        if (pipe != null) {
            pipe.close();
            pipe = null;
        }
    }
}
