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

import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.ThreadTransport;
import dev.busypoll.bench.transport.Transport;

/**
 * A sender and a receiver connected over one transport, streaming {@value Streaming#MESSAGE_BYTES}-byte messages
 * one way once per {@link #run} call. Used by one coordinating thread; a session's threads are its own.
 */
interface StreamingSession extends AutoCloseable {
    /** Streams {@code messages} messages and returns when the receiver has them all. */
    Measured run(long messages) throws Exception;

    /** Tears the pair down, waiting for it (an interrupt cuts the wait short and stays set). */
    @Override
    void close();

    /**
     * Connects a sender writing {@code batch} messages between two flushes to a receiver over {@code transport}; a
     * pipe between threads has no flush and ignores {@code batch}.
     */
    static StreamingSession open(Transport transport, int batch) throws Exception {
        if (transport instanceof Netty netty) {
            return new NettyStreaming(netty, batch);
        }
        if (transport instanceof FloorStreaming.Rung rung) {
            return new FloorStreaming(rung, batch);
        }
        if (transport instanceof ThreadTransport pipes) {
            return new PipeStreaming(pipes);
        }
        throw new IllegalArgumentException(transport.name() + ": streaming runs on the floor's rungs, pipes between"
                + " threads and Netty only");
    }
}
