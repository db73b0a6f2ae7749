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
package dev.busypoll.bench.transport;

import dev.busypoll.core.IdleStats;

/**
 * A one-way pipe between threads, as a {@link ThreadTransport} makes it: writers wait while it is full, the one
 * reader while it is empty. One reader; one writer, or several for a pipe made with {@code manyWriters}.
 *
 * @param <E> the type of message
 */
public interface Pipe<E> extends AutoCloseable {
    /** Writes one message, waiting while the pipe is full. */
    void write(E message) throws Exception;

    /** Reads one message, waiting while the pipe is empty; {@code null} once the writer side is closed and drained. */
    E read() throws Exception;

    /** Closes the writer side: the reader drains what is left, then reads {@code null}. Idempotent. */
    void closeWrite();

    /** Closes both sides; a thread still waiting on them fails or sees end-of-stream. Idempotent. */
    @Override
    void close();

    /** The reader's idle-ladder figures so far, or {@code null} when the transport has no idle ladder. */
    default IdleStats.Snapshot readerStats() {
        return null;
    }

    /** The writers' idle-ladder figures so far (waits for space), or {@code null} without a ladder. */
    default IdleStats.Snapshot writerStats() {
        return null;
    }
}
