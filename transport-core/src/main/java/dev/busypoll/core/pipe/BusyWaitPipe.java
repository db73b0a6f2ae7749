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
package dev.busypoll.core.pipe;

import java.util.concurrent.TimeUnit;

import dev.busypoll.core.IdleStats;
import dev.busypoll.core.SpinSetting;

/**
 * A bounded in-JVM pipe of object references whose blocking {@link #read()} and {@link #write(Object)} spin
 * for a while before they sleep — the Linux "pipe busy wait" RFC (2018) inside one JVM.
 * Messages pass by reference, never copied.
 *
 * <p>Semantics follow a kernel pipe: a reader waits while the pipe is empty, a writer while it is full; after
 * the writer side is closed the reader drains what is left and then sees end-of-stream ({@code null}); writing
 * to a pipe whose reader side is closed fails at once with {@link PipeClosedException} (EPIPE). The non-blocking
 * {@code try*} forms never wait (the lesson of Linux's {@code FMODE_NOWAIT} for pipes: try without blocking first).
 *
 * <p>Waiting: only a call that has to wait looks at the thread's interrupt status; if it is set, or becomes set
 * while waiting, the call throws {@link InterruptedException} (clearing the status) and has not written or read
 * anything. A call that completes without waiting leaves the status alone. A timeout of zero or less means "do
 * not wait" (the call behaves like its {@code try*} form); a timeout too long to add to {@link System#nanoTime()}
 * means "no timeout".
 *
 * <p>The spin time is per pipe (the RFC's {@code pipe_ll_usec}); its default comes from one JVM-wide setting
 * (the RFC's {@code /proc/sys/fs/pipe-busy-poll}), see {@link PipeDefaults}. Default 0 = no spin.
 *
 * <p>Threading: see the implementing class; SPSC pipes allow one reader and one writer at a time, MPSC pipes
 * any number of writers and one reader.
 *
 * @param <E> the type of message
 */
public interface BusyWaitPipe<E> extends AutoCloseable {
    /**
     * Writes one message, waiting through the idle ladder while the pipe is full.
     *
     * @throws PipeClosedException  when the reader side (or this writer side) is closed
     * @throws InterruptedException when interrupted while waiting; the message was not written
     * @throws NullPointerException when {@code message} is null
     */
    void write(E message) throws InterruptedException;

    /**
     * Writes one message, waiting at most the given time while the pipe is full.
     *
     * @return {@code true} when written, {@code false} when the time ran out (the message was not written)
     * @throws PipeClosedException  when the reader side (or this writer side) is closed
     * @throws InterruptedException when interrupted while waiting; the message was not written
     */
    boolean write(E message, long timeout, TimeUnit unit) throws InterruptedException;

    /**
     * Writes one message if there is room now; never waits.
     *
     * @return {@code true} when written, {@code false} when the pipe is full
     * @throws PipeClosedException when the reader side (or this writer side) is closed
     */
    boolean tryWrite(E message);

    /**
     * Reads one message, waiting through the idle ladder while the pipe is empty.
     *
     * @return the next message, or {@code null} at end-of-stream (writer closed and everything read)
     * @throws PipeClosedException  when this reader side was closed
     * @throws InterruptedException when interrupted while waiting
     */
    E read() throws InterruptedException;

    /**
     * Reads one message, waiting at most the given time while the pipe is empty.
     *
     * @return the next message, or {@code null} at end-of-stream or when the time ran out; tell the two apart
     *         with {@link #isEndOfStream()}
     * @throws PipeClosedException  when this reader side was closed
     * @throws InterruptedException when interrupted while waiting
     */
    E read(long timeout, TimeUnit unit) throws InterruptedException;

    /**
     * Reads one message if there is one now; never waits.
     *
     * @return the next message, or {@code null} when the pipe is empty (or at end-of-stream)
     * @throws PipeClosedException when this reader side was closed
     */
    E tryRead();

    /** Closes the writer side: the reader drains what is queued and then sees end-of-stream. Idempotent. */
    void closeWrite();

    /**
     * Closes the reader side: writers fail at once with {@link PipeClosedException}; messages still queued are
     * dropped (see the implementation for how to release them). Idempotent.
     */
    void closeRead();

    /** Closes both sides. */
    @Override
    void close();

    /** {@code true} once the writer side is closed and every message has been read. */
    boolean isEndOfStream();

    /**
     * How many messages the pipe holds: exactly this many can be written into an empty pipe without waiting.
     * May be larger than the capacity asked for (implementations round up, see theirs).
     */
    int capacity();

    /**
     * This pipe's spin time in microseconds (the RFC's {@code pipe_ll_usec}); 0 = no spin;
     * {@link SpinSetting#AUTO_MICROS} = each waiting side chooses its own.
     */
    long spinMicros();

    /**
     * What the reader's idle ladder has done so far (time spinning, yielding, parked): the CPU cost of waiting
     * for messages. A copy; any thread.
     */
    IdleStats.Snapshot readerStats();

    /**
     * What the writers' idle ladders have done so far while the pipe was full (summed over all writers of an
     * MPSC pipe). A copy; any thread.
     */
    IdleStats.Snapshot writerStats();
}
