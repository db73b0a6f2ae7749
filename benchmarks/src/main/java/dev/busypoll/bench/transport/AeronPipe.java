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

import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A {@link Pipe} over one Aeron publication and its subscription: the writer offers each message (an exclusive
 * publication, or a concurrent one for {@code manyWriters}), the reader polls up to {@value #FRAGMENTS_PER_POLL}
 * fragments at a time into arrays of its own and hands them out one per read (each valid until the reader's next
 * poll, so at least until its next read). Both wait by busy spinning ({@link Thread#onSpinWait()}), checking for an
 * interrupt and a close.
 *
 * <p>Threading: one writer thread (several with {@code manyWriters}), one reader thread; {@link #closeWrite} from
 * any thread; {@link #close} once the reader and the writer are out of the pipe.
 */
final class AeronPipe implements Pipe<byte[]> {
    /** Fragments one poll takes at most. */
    static final int FRAGMENTS_PER_POLL = 16;
    private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Publication publication;
    private final Subscription subscription;
    private final Runnable onClose;
    private final int messageBytes;
    private final UnsafeBuffer source = new UnsafeBuffer(new byte[0]);
    private final byte[][] polled;
    private final FragmentHandler handler = this::onFragment;
    private int polledCount; // the reader's
    private int handedOut; // the reader's
    private volatile boolean writeClosed;
    private volatile boolean closed;

    /**
     * Adds a publication and a subscription of {@code stream} on {@code channel} and waits until they are connected;
     * {@code onClose} runs when the pipe closes.
     */
    AeronPipe(Aeron aeron, String channel, int stream, int messageBytes, boolean manyWriters, Runnable onClose) {
        this.messageBytes = messageBytes;
        this.onClose = onClose;
        this.polled = new byte[FRAGMENTS_PER_POLL][messageBytes];
        this.subscription = aeron.addSubscription(channel, stream);
        this.publication = manyWriters ? aeron.addPublication(channel, stream)
                : aeron.addExclusivePublication(channel, stream);
        long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
        while (!publication.isConnected() || !subscription.isConnected()) {
            if (System.nanoTime() - deadline > 0) {
                CloseHelper.closeAll(publication, subscription);
                throw new IllegalStateException("Aeron " + channel + " stream " + stream + " did not connect in "
                        + TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NANOS) + " s");
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public void write(byte[] message) throws InterruptedException {
        if (message.length != messageBytes) {
            throw new IllegalArgumentException("this pipe carries " + messageBytes + "-byte messages, not "
                    + message.length);
        }
        source.wrap(message);
        long result;
        while ((result = publication.offer(source, 0, messageBytes)) < 0) {
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED || closed) {
                throw new IllegalStateException("Aeron publication refused the message: " + result);
            }
            idle(); // back-pressured, or an admin action
        }
    }

    @Override
    public byte[] read() throws InterruptedException {
        if (handedOut < polledCount) {
            return polled[handedOut++];
        }
        polledCount = 0;
        handedOut = 0;
        while (subscription.poll(handler, FRAGMENTS_PER_POLL) == 0) {
            if (writeClosed) {
                // what was offered before the close, then the end
                if (subscription.poll(handler, FRAGMENTS_PER_POLL) == 0) {
                    return null;
                }
                break;
            }
            idle();
        }
        return polled[handedOut++];
    }

    private void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        if (length != messageBytes) {
            throw new IllegalStateException("a " + length + "-byte fragment in a pipe of " + messageBytes
                    + "-byte messages");
        }
        buffer.getBytes(offset, polled[polledCount++], 0, length);
    }

    private void idle() throws InterruptedException {
        Thread.onSpinWait();
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("interrupted while waiting on Aeron");
        }
        if (closed) {
            throw new IllegalStateException("the pipe is closed");
        }
    }

    @Override
    public void closeWrite() {
        writeClosed = true;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        writeClosed = true;
        try {
            CloseHelper.closeAll(publication, subscription);
        } finally {
            onClose.run();
        }
    }
}
