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
package dev.busypoll.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.FileRegion;
import io.netty.util.ReferenceCountUtil;
import org.jctools.queues.SpscUnboundedArrayQueue;

/**
 * The fields of an {@link InboundQueue}, in groups by who writes them (the JCTools way: a superclass's fields are
 * laid out before its subclass's). The writer's and the reader's per-message groups are a cache line apart, so the
 * two loops never write one line; no padding before the first group or after the last: the object header leads,
 * and the queue's own (padded) object follows it on the heap. Only {@link InboundQueue} extends these.
 */
abstract class InboundQueueSharedFields {
    /**
     * Slots per chunk of the underlying queue: a few cache lines, reused while the reader keeps up; a deeper queue
     * links a new chunk, allocated in the writer's order, every {@code CHUNK_SIZE - 1} messages.
     */
    static final int CHUNK_SIZE = 64;

    /** Read by both sides on every hop, written rarely: the queue and the flags. */
    final SpscUnboundedArrayQueue<Object> queue = new SpscUnboundedArrayQueue<>(CHUNK_SIZE);
    @SuppressWarnings("unused") // accessed through InboundQueue.WRITER_WAITING
    volatile int writerWaiting;
    @SuppressWarnings("unused") // accessed through InboundQueue.END_OF_STREAM
    volatile int endOfStream;
    @SuppressWarnings("unused") // accessed through InboundQueue.CLOSED
    volatile int closed;
    @SuppressWarnings("unused") // accessed through InboundQueue.DRAIN_LOCK
    volatile int drainLock;
    /** Set once, before {@code endOfStream}, when the writer resets the connection. */
    java.io.IOException resetCause;
}

/**
 * One cache line between the shared fields and the writer's; {@code p18} fills the shared group's last four bytes
 * before the longs' alignment, where the JVM would otherwise put the writer's {@code sizes} reference.
 */
abstract class InboundQueuePadShared extends InboundQueueSharedFields {
    long p10, p11, p12, p13, p14, p15, p16, p17;
    int p18;
}

/** Written by the writer on every offer, read by nobody else. */
abstract class InboundQueueWriterFields extends InboundQueuePadShared {
    /** A ring no message has needed yet: shared, so an idle connection holds no ring of its own. */
    static final int[] NO_SIZES = new int[0];

    long offeredMessages;
    long takenMessagesSeen;
    /** The sum of the sizes recorded for the messages from {@code takenMessagesSeen} to {@code offeredMessages}. */
    long bytesInFlight;
    /** Message {@code n}'s size as offered, at {@code n & (sizes.length - 1)} while in flight; length a power of 2. */
    int[] sizes = NO_SIZES;
}

/** One cache line between the writer's fields and the reader's. */
abstract class InboundQueuePadWriter extends InboundQueueWriterFields {
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/** Written by the reader on every poll; the writer reads the published counter only when it finds no room. */
abstract class InboundQueueReaderFields extends InboundQueuePadWriter {
    long takenMessagesLocal;
    @SuppressWarnings("unused") // accessed through InboundQueue.TAKEN_MESSAGES
    volatile long takenMessages;
}

/**
 * One direction of a connection: an SPSC queue that the peer's loop writes into and this channel's loop reads
 * from, the counters that bound what it holds, and three flags, each the store half of a Dekker pair (see
 * {@link BusyPollIoHandler}):
 * <ul>
 *   <li>{@code writerWaiting} — the writer found the queue full ({@link #markWriterWaiting()}); the reader, after
 *       draining, claims it ({@link #claimWriterWaiting()}) and resumes the writer;</li>
 *   <li>{@code endOfStream} — the writer will offer nothing more (it closed or shut its output down); the reader
 *       reads what was offered before it, then sees the end ({@link #isEnded()});</li>
 *   <li>{@code closed} — the reader closed; nothing more will be read, and whoever sees the flag after publishing
 *       a message releases what is left ({@link #releaseAll()}).</li>
 * </ul>
 * <h2>Bounds</h2>
 * The writer offers while the messages it offered that the reader has not yet taken, and their bytes, are below the
 * writer's limits ({@link BusyPollChannelOption#SEND_QUEUE_CAPACITY} and {@code SO_SNDBUF}, passed to each offer, so
 * a change applies from the next one); a message always fits into an empty queue, whatever its size. A message gives
 * back, when taken, exactly the {@link #sizeOf size} it counted for when offered, even if its readable bytes change
 * in between (one buffer written twice, a buffer the writer reuses once its write completed): the reader counts only
 * messages and publishes its count once per burst ({@link #publishTaken()}); the writer records each size it offers
 * and, when it reads the count, subtracts the sizes recorded for the messages taken since it last read it. It reads
 * the count only when its cached copy says the queue, or its record of sizes, is full; the back-pressure hand-off of
 * {@link PeerLink} gives the ordering.
 * <p>
 * The record is a ring of ints, indexed by the writer's own counters (message {@code n} at {@code n & (length - 1)}):
 * none while the writer has offered nothing (an idle connection holds no ring), then {@value #MIN_SIZES} slots,
 * doubled only when the messages in flight by the reader's count, read first, fill it; it never shrinks. So it holds
 * 4 bytes for each of the most messages ever in flight at once, at most twice that rounded to a power of two: up to
 * {@value #DEFAULT_CAPACITY} messages unless {@code SEND_QUEUE_CAPACITY} is raised. A size is recorded up to
 * {@link Integer#MAX_VALUE}, more than any {@code SO_SNDBUF}: a larger message fills the window as its whole size
 * would. A limit lowered below what is in flight stops the offers until the reader has taken enough. No library
 * fits: JCTools' queues carry references, not a weight per element, and Agrona's {@code LongArrayQueue} would add an
 * object with head and tail indices of its own beside the two counters that already are the ring's, and grows inside
 * its offer, before the writer could look whether the reader made room.
 * <p>
 * The queue itself is JCTools' unbounded SPSC queue, grown in chunks of {@value InboundQueueSharedFields#CHUNK_SIZE}
 * slots (one of them for the link) only as far as the limits let it: an idle connection holds one small chunk, a
 * reader that keeps up reuses it, and a deeper queue allocates its chunks in the order the writer fills them.
 * <h2>Threading</h2>
 * One writer thread (the peer's loop) and one reader thread (this channel's loop) at a time. While open, only the
 * reader polls. Once {@code closed} is set (by the reader), polling happens only inside {@link #releaseAll()},
 * which takes a small CAS lock so the closer and a late writer never poll at the same time.
 */
final class InboundQueue extends InboundQueueReaderFields {
    /** Messages a writer may have in flight to its peer unless it sets {@link BusyPollChannelOption#SEND_QUEUE_CAPACITY}. */
    static final int DEFAULT_CAPACITY = 1024;
    /** The size of a message that is neither a buffer nor a file region (Netty's default estimate). */
    private static final int UNKNOWN_SIZE = 8;
    /** The ring's length once the writer first offers. */
    static final int MIN_SIZES = 8;

    private static final VarHandle WRITER_WAITING;
    private static final VarHandle END_OF_STREAM;
    private static final VarHandle CLOSED;
    private static final VarHandle DRAIN_LOCK;
    private static final VarHandle TAKEN_MESSAGES;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITER_WAITING = lookup.findVarHandle(InboundQueueSharedFields.class, "writerWaiting", int.class);
            END_OF_STREAM = lookup.findVarHandle(InboundQueueSharedFields.class, "endOfStream", int.class);
            CLOSED = lookup.findVarHandle(InboundQueueSharedFields.class, "closed", int.class);
            DRAIN_LOCK = lookup.findVarHandle(InboundQueueSharedFields.class, "drainLock", int.class);
            TAKEN_MESSAGES = lookup.findVarHandle(InboundQueueReaderFields.class, "takenMessages", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }


    /** The size a message counts for while in flight: readable bytes, a file region's count, else 8. */
    static long sizeOf(Object msg) {
        if (msg instanceof ByteBuf) {
            return ((ByteBuf) msg).readableBytes();
        }
        if (msg instanceof ByteBufHolder) {
            return ((ByteBufHolder) msg).content().readableBytes();
        }
        if (msg instanceof FileRegion) {
            return ((FileRegion) msg).count();
        }
        return UNKNOWN_SIZE;
    }

    /**
     * Writer: offers one message (release store of the element), which counts for {@code size} ({@link #sizeOf},
     * taken before the offer) until the reader takes it, unless the queue already holds {@code maxMessages} messages
     * or {@code maxBytes} bytes the reader has not taken.
     *
     * @return false when full: the caller keeps the message
     */
    boolean offer(Object msg, long size, int maxMessages, int maxBytes) {
        long inFlight = offeredMessages - takenMessagesSeen;
        int[] ring = sizes;
        if (inFlight >= maxMessages || bytesInFlight >= maxBytes || inFlight == ring.length) {
            if (!makeRoom(maxMessages, maxBytes)) {
                return false;
            }
            ring = sizes;
        }
        int recorded = (int) Math.min(size, Integer.MAX_VALUE);
        queue.offer(msg);
        ring[(int) offeredMessages & (ring.length - 1)] = recorded;
        offeredMessages++;
        bytesInFlight += recorded;
        return true;
    }

    /**
     * Writer, when its cached count leaves no room: reads the reader's count ({@link #refreshTaken()}), then says
     * whether the limits leave room for one more message, growing the ring if the messages in flight fill it.
     */
    private boolean makeRoom(int maxMessages, int maxBytes) {
        refreshTaken();
        long inFlight = offeredMessages - takenMessagesSeen;
        if (inFlight >= maxMessages || bytesInFlight >= maxBytes) {
            return false;
        }
        int[] ring = sizes;
        if (inFlight == ring.length) {
            int[] grown = new int[Math.max(MIN_SIZES, ring.length * 2)];
            for (long n = takenMessagesSeen; n < offeredMessages; n++) {
                grown[(int) n & (grown.length - 1)] = ring[(int) n & (ring.length - 1)];
            }
            sizes = grown;
        }
        return true;
    }

    /**
     * Writer: reads the reader's count of messages taken (acquire load; the back-pressure hand-off of PeerLink) and
     * gives back the sizes it recorded for those taken since the last read.
     */
    void refreshTaken() {
        long taken = (long) TAKEN_MESSAGES.getAcquire(this);
        int[] ring = sizes;
        long bytes = bytesInFlight;
        for (long n = takenMessagesSeen; n < taken; n++) {
            bytes -= ring[(int) n & (ring.length - 1)];
        }
        bytesInFlight = bytes;
        takenMessagesSeen = taken;
    }

    /**
     * Reader (the owning loop): the next message or null; the caller then reports it {@link #taken}. Null once the
     * reader closed the queue: from then on only {@link #releaseAll()} consumes (JCTools' poll and peek both write
     * the consumer's side). The flag is the reader's own store, so a plain load sees it.
     */
    Object poll() {
        return (int) CLOSED.get(this) == 0 ? queue.poll() : null;
    }

    /** Reader: counts a message it polled as taken. */
    void taken() {
        takenMessagesLocal++;
    }

    /**
     * Reader, after a burst of {@link #poll()}s: publishes how many messages it took (release store), so that the
     * writer's next full check sees the room. The caller then fences and claims {@code writerWaiting} (the
     * back-pressure hand-off of PeerLink).
     */
    void publishTaken() {
        TAKEN_MESSAGES.setRelease(this, takenMessagesLocal);
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Reader (the owning loop): whether a message is ready; false once the reader closed the queue (see
     * {@link #poll()}). Reads only the slot the next {@link #poll()} takes (acquire load), not the writer's index:
     * one cache line, the one the poll needs anyway.
     */
    boolean hasNext() {
        return (int) CLOSED.get(this) == 0 && queue.peek() != null;
    }

    /** Messages offered and not yet taken (an estimate while the writer runs). */
    int size() {
        return queue.size();
    }

    /** Writer: announces it holds messages back because the queue was full; then fence, then retry the offer. */
    void markWriterWaiting() {
        WRITER_WAITING.setVolatile(this, 1);
        VarHandle.fullFence();
    }

    /** Reader, after publishing and a full fence: true once per {@link #markWriterWaiting()} that it must answer. */
    boolean claimWriterWaiting() {
        return (int) WRITER_WAITING.getVolatile(this) == 1 && WRITER_WAITING.compareAndSet(this, 1, 0);
    }

    /**
     * Writer: nothing follows the messages offered so far (volatile store, after their release stores). The caller
     * then fences and schedules the reader (the ready-list hand-off of ReadyList), as after an offer.
     */
    void endOfStream() {
        END_OF_STREAM.setVolatile(this, 1);
    }

    /**
     * Writer: the connection was reset, for {@code cause}; then the end of the stream. The cause is a plain store
     * published by the end-of-stream flag's volatile store.
     */
    void reset(java.io.IOException cause) {
        resetCause = cause;
        endOfStream();
    }

    /** Reader, after it saw {@link #isEndOfStream()}: why the connection was reset, or null for an orderly end. */
    java.io.IOException resetCause() {
        return resetCause;
    }

    /** Whether the writer said it offers nothing more (there may still be messages to read before the end). */
    boolean isEndOfStream() {
        return (int) END_OF_STREAM.getVolatile(this) == 1;
    }

    /**
     * Reader: whether every message before the end of the stream has been taken. The flag is loaded first: seen
     * set, it makes every earlier offer visible, so an empty queue then really is the end.
     */
    boolean isEnded() {
        return isEndOfStream() && queue.isEmpty();
    }

    boolean isClosed() {
        return (int) CLOSED.getVolatile(this) == 1;
    }

    /** Reader's loop, on close: nothing more is read; releases everything queued, now and later. */
    void close() {
        CLOSED.setVolatile(this, 1);
        VarHandle.fullFence();
        releaseAll();
    }

    /**
     * Releases every queued message. Any thread, after {@link #isClosed()} was seen true (or set). If another
     * thread holds the drain lock, that thread re-checks after unlocking (store; fence; load on both sides), so
     * a message published before this call is released by one of the two.
     */
    void releaseAll() {
        do {
            if (!DRAIN_LOCK.compareAndSet(this, 0, 1)) {
                return;
            }
            try {
                Object msg;
                while ((msg = queue.poll()) != null) {
                    ReferenceCountUtil.safeRelease(msg); // logs, never throws: one bad message keeps no other
                }
            } finally {
                DRAIN_LOCK.setVolatile(this, 0);
            }
            VarHandle.fullFence();
        } while (!queue.isEmpty());
    }
}
