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

/** One cache line between the shared fields and the writer's. */
abstract class InboundQueuePadShared extends InboundQueueSharedFields {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/** Written by the writer on every offer, read by nobody else. */
abstract class InboundQueueWriterFields extends InboundQueuePadShared {
    long offeredMessages;
    long offeredBytes;
    long takenMessagesSeen;
    long takenBytesSeen;
}

/** One cache line between the writer's fields and the reader's. */
abstract class InboundQueuePadWriter extends InboundQueueWriterFields {
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/** Written by the reader on every poll; the writer reads the two published counters only when it finds no room. */
abstract class InboundQueueReaderFields extends InboundQueuePadWriter {
    long takenMessagesLocal;
    long takenBytesLocal;
    @SuppressWarnings("unused") // accessed through InboundQueue.TAKEN_MESSAGES
    volatile long takenMessages;
    @SuppressWarnings("unused") // accessed through InboundQueue.TAKEN_BYTES
    volatile long takenBytes;
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
 * The writer offers while the messages and bytes it offered and the reader has not yet taken are below the
 * writer's limits ({@link BusyPollChannelOption#SEND_QUEUE_CAPACITY} and {@code SO_SNDBUF}); a message always fits
 * into an empty queue, whatever its size. The writer counts what it offered, the reader what it took; the reader
 * publishes its counts once per burst ({@link #publishTaken()}, a release store), and the writer reads them
 * (acquire) only when its cached copy says the queue is full. The queue itself is JCTools' unbounded SPSC queue,
 * grown in chunks of {@value InboundQueueSharedFields#CHUNK_SIZE} slots (one of them for the link) only as far as the
 * limits let it: an idle connection holds one small chunk, a reader that keeps up reuses it, and a deeper queue
 * allocates its chunks in the order the writer fills them.
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

    private static final VarHandle WRITER_WAITING;
    private static final VarHandle END_OF_STREAM;
    private static final VarHandle CLOSED;
    private static final VarHandle DRAIN_LOCK;
    private static final VarHandle TAKEN_MESSAGES;
    private static final VarHandle TAKEN_BYTES;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITER_WAITING = lookup.findVarHandle(InboundQueueSharedFields.class, "writerWaiting", int.class);
            END_OF_STREAM = lookup.findVarHandle(InboundQueueSharedFields.class, "endOfStream", int.class);
            CLOSED = lookup.findVarHandle(InboundQueueSharedFields.class, "closed", int.class);
            DRAIN_LOCK = lookup.findVarHandle(InboundQueueSharedFields.class, "drainLock", int.class);
            TAKEN_MESSAGES = lookup.findVarHandle(InboundQueueReaderFields.class, "takenMessages", long.class);
            TAKEN_BYTES = lookup.findVarHandle(InboundQueueReaderFields.class, "takenBytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }


    /** The size a message counts for, the same on both sides: readable bytes, a file region's count, else 8. */
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
     * Writer: offers one message (release store of the element) unless the queue already holds
     * {@code maxMessages} messages or {@code maxBytes} bytes the reader has not taken.
     *
     * @return false when full: the caller keeps the message
     */
    boolean offer(Object msg, long size, int maxMessages, long maxBytes) {
        if (offeredMessages - takenMessagesSeen >= maxMessages || offeredBytes - takenBytesSeen >= maxBytes) {
            takenMessagesSeen = (long) TAKEN_MESSAGES.getAcquire(this);
            takenBytesSeen = (long) TAKEN_BYTES.getAcquire(this);
            if (offeredMessages - takenMessagesSeen >= maxMessages || offeredBytes - takenBytesSeen >= maxBytes) {
                return false;
            }
        }
        queue.offer(msg);
        offeredMessages++;
        offeredBytes += size;
        return true;
    }

    /**
     * Reader (the owning loop): the next message or null; the caller then reports it {@link #taken}. Null once the
     * reader closed the queue: from then on only {@link #releaseAll()} consumes (JCTools' poll and peek both write
     * the consumer's side). The flag is the reader's own store, so a plain load sees it.
     */
    Object poll() {
        return (int) CLOSED.get(this) == 0 ? queue.poll() : null;
    }

    /** Reader: counts a message it polled, of {@code size} ({@link #sizeOf}), as taken. */
    void taken(long size) {
        takenMessagesLocal++;
        takenBytesLocal += size;
    }

    /**
     * Reader, after a burst of {@link #poll()}s: publishes what it took (release stores), so that the writer's next
     * full check sees the room. The caller then fences and claims {@code writerWaiting} (hand-off 4).
     */
    void publishTaken() {
        TAKEN_MESSAGES.setRelease(this, takenMessagesLocal);
        TAKEN_BYTES.setRelease(this, takenBytesLocal);
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
     * then fences and schedules the reader (hand-off 2), as after an offer.
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
