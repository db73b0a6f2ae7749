package dev.busypoll.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.netty.util.ReferenceCountUtil;
import org.jctools.queues.SpscArrayQueue;

/**
 * One direction of a connection: a bounded SPSC queue that the peer's loop writes into and this channel's loop
 * reads from, plus two flags, each the store half of a Dekker pair (see {@link BusyPollIoHandler}):
 * <ul>
 *   <li>{@code writerWaiting} — the writer found the queue full ({@link #markWriterWaiting()}); the reader, after
 *       draining, claims it ({@link #claimWriterWaiting()}) and resumes the writer;</li>
 *   <li>{@code closed} — the reader closed; nothing more will be read, and whoever sees the flag after publishing
 *       a message releases what is left ({@link #releaseAll()}).</li>
 * </ul>
 * While open, only the owning channel's loop polls. Once {@code closed} is set (on that loop), polling happens
 * only inside {@link #releaseAll()}, which takes a small CAS lock so the closer and a late writer never poll at
 * the same time.
 */
final class InboundQueue {
    /** Messages one direction of a connection holds before the writer keeps them in its outbound buffer. */
    static final int CAPACITY = 1024;

    private static final VarHandle WRITER_WAITING;
    private static final VarHandle CLOSED;
    private static final VarHandle DRAIN_LOCK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITER_WAITING = lookup.findVarHandle(InboundQueue.class, "writerWaiting", int.class);
            CLOSED = lookup.findVarHandle(InboundQueue.class, "closed", int.class);
            DRAIN_LOCK = lookup.findVarHandle(InboundQueue.class, "drainLock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SpscArrayQueue<Object> queue = new SpscArrayQueue<>(CAPACITY);
    @SuppressWarnings("unused") // accessed through WRITER_WAITING
    private volatile int writerWaiting;
    @SuppressWarnings("unused") // accessed through CLOSED
    private volatile int closed;
    @SuppressWarnings("unused") // accessed through DRAIN_LOCK
    private volatile int drainLock;

    /** Writer: offers one message (release store); false when full. */
    boolean offer(Object msg) {
        return queue.offer(msg);
    }

    /** Reader (the owning loop, while open): the next message or null. */
    Object poll() {
        return queue.poll();
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Reader (the owning loop, while open): whether a message is ready. Reads only the slot the next
     * {@link #poll()} takes (acquire load), not the writer's index: one cache line, the one the poll needs anyway.
     */
    boolean hasNext() {
        return queue.peek() != null;
    }

    int size() {
        return queue.size();
    }

    /** Writer: announces it holds messages back because the queue was full; then fence, then retry the offer. */
    void markWriterWaiting() {
        WRITER_WAITING.setVolatile(this, 1);
        VarHandle.fullFence();
    }

    /** Reader, after polling and a full fence: true once per {@link #markWriterWaiting()} that it must answer. */
    boolean claimWriterWaiting() {
        return (int) WRITER_WAITING.getVolatile(this) == 1 && WRITER_WAITING.compareAndSet(this, 1, 0);
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
                    ReferenceCountUtil.release(msg);
                }
            } finally {
                DRAIN_LOCK.setVolatile(this, 0);
            }
            VarHandle.fullFence();
        } while (!queue.isEmpty());
    }
}
