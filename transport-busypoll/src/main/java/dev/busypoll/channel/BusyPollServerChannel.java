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
import java.net.ConnectException;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;

import io.netty.channel.AbstractServerChannel;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.unix.FileDescriptor;
import io.netty.channel.unix.ServerDomainSocketChannel;

/**
 * The listening end of the busypoll transport: bound to a {@link BusyPollAddress}, it accepts a
 * {@link BusyPollChannel} per connecting client. Closing it frees its address.
 *
 * <h2>Backlog and accepting</h2>
 * As a listening socket: a connection is established once a task on this channel's loop (one per connection;
 * messages never go through tasks) has queued it in the backlog, before the server accepts it. At most
 * {@link ChannelOption#SO_BACKLOG} connections wait there; a connect beyond them fails with a
 * {@link ConnectException} "connection refused", as a full listen queue refuses a TCP connect. Accepting is
 * reading: a read fires {@code channelRead} for the waiting connections, oldest first, as many as one read of the
 * {@link RecvByteBufAllocator} allows (one with {@code AUTO_READ} off), then {@code channelReadComplete}. With
 * {@code AUTO_READ} on the server accepts whenever connections wait, one read per pass of its loop's ready list;
 * with it off, including turned off while accepting, a connection waits until {@code read()}. Closing the server
 * resets what it has not accepted.
 * <p>
 * As a {@link ServerDomainSocketChannel} (see {@link BusyPollChannel}) it has no file descriptor: {@link #fd()}
 * throws.
 *
 * <h2>Threading</h2>
 * As every Netty channel: I/O methods may be called from any thread and run on the channel's event loop.
 */
public class BusyPollServerChannel extends AbstractServerChannel implements ServerDomainSocketChannel {
    private static final VarHandle QUEUED;

    static {
        try {
            QUEUED = MethodHandles.lookup().findVarHandle(BusyPollServerChannel.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BusyPollServerChannelConfig config;
    /** The backlog: connected children not yet accepted; loop thread only. */
    private final Queue<BusyPollChannel> pending = new ArrayDeque<>();

    private volatile int state; // 0 open, 1 bound, 2 closed
    private volatile BusyPollAddress localAddress;
    private volatile BusyPollIoHandler handler;
    @SuppressWarnings("unused") // accessed through QUEUED
    private volatile int queued;
    private final LoopRegistration registration = new LoopRegistration();
    /** A read was asked for and has not accepted yet (NIO's readPending with OP_ACCEPT); loop thread only. */
    private boolean acceptPending;

    /** A new server channel, for {@code ServerBootstrap.channel(BusyPollServerChannel.class)}. */
    public BusyPollServerChannel() {
        config = new BusyPollServerChannelConfig(this, () -> {
            BusyPollIoHandler h = handler;
            if (h != null) {
                h.busyPollMicrosChanged((BusyPollServerUnsafe) unsafe());
            }
        }, () -> acceptPending = false, () -> {
            BusyPollIoHandler h = handler;
            return h != null ? h.defaultBusyPollMicros() : BusyPollIoHandler.DEFAULT_BUSY_POLL_MICROS;
        }, () -> {
            BusyPollIoHandler h = handler;
            return h != null ? h.defaultBudget() : BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET;
        });
    }

    @Override
    public BusyPollServerChannelConfig config() {
        return config;
    }

    @Override
    public BusyPollAddress localAddress() {
        return (BusyPollAddress) super.localAddress();
    }

    @Override
    public BusyPollAddress remoteAddress() {
        return null;
    }

    /**
     * Always throws: an in-JVM channel has no file descriptor.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public FileDescriptor fd() {
        throw new UnsupportedOperationException("a busypoll server channel has no file descriptor: it listens inside"
                + " the JVM (" + this + ")");
    }

    @Override
    public boolean isOpen() {
        return state < 2;
    }

    @Override
    public boolean isActive() {
        return state == 1;
    }

    /** See {@link LoopRegistration#isCompatible}: a clear error first, then an open channel. */
    @Override
    protected boolean isCompatible(EventLoop loop) {
        return registration.isCompatible(loop);
    }

    @Override
    protected SocketAddress localAddress0() {
        return localAddress;
    }

    @Override
    protected void doRegister(ChannelPromise promise) {
        registration.register(this, (BusyPollServerUnsafe) unsafe(), promise);
    }

    @Override
    protected void doDeregister() {
        registration.cancel();
    }

    @Override
    protected void doBind(SocketAddress localAddress) throws Exception {
        this.localAddress = BusyPollChannelRegistry.register(this, this.localAddress, localAddress);
        state = 1;
    }

    @Override
    protected void doClose() throws Exception {
        if (state <= 1) {
            BusyPollAddress local = localAddress;
            if (local != null) {
                BusyPollChannelRegistry.unregister(local, this);
                localAddress = null;
            }
            state = 2;
        }
        // Connections queued but never accepted are reset, as a listening socket's backlog is: their clients
        // already connected and now see the end of the stream.
        BusyPollChannel child;
        while ((child = pending.poll()) != null) {
            child.resetUnaccepted();
        }
    }

    /**
     * Asks for one read: the next connection to come is accepted at once, those already waiting by a poll of this
     * channel from its loop's ready list (never from here, so that auto-read, which asks again at the end of each
     * read, drains a long backlog a read per pass instead of recursing a read deeper each time).
     */
    @Override
    protected void doBeginRead() {
        acceptPending = true;
        scheduleAcceptIfWaiting();
    }

    /** Loop thread: puts this channel on its loop's ready list if a read was asked for and connections wait. */
    private void scheduleAcceptIfWaiting() {
        BusyPollIoHandler h = handler;
        if (h != null && acceptPending && !pending.isEmpty()) {
            h.schedule((BusyPollServerUnsafe) unsafe());
        }
    }

    /**
     * Called by a connecting client on its loop: creates the child and hands it to this channel's loop, which
     * queues it in its backlog and tells the client (always through a task, so the client has stored the child as
     * its peer first).
     *
     * @throws RejectedExecutionException if this channel's loop is shutting down
     */
    BusyPollChannel serve(BusyPollChannel client) {
        BusyPollChannel child = newChildChannel(client);
        eventLoop().execute(() -> serve0(client, child));
        return child;
    }

    /**
     * Creates the server side of a connection; override to return a subclass.
     *
     * @param peer the connecting client
     */
    protected BusyPollChannel newChildChannel(BusyPollChannel peer) {
        return new BusyPollChannel(this, peer);
    }

    private void serve0(BusyPollChannel client, BusyPollChannel child) {
        if (!isOpen()) {
            refuse(client, child, "the server channel closed");
            return;
        }
        int backlog = config.effectiveBacklog();
        if (!acceptPending && pending.size() >= backlog) {
            refuse(client, child, "the server's backlog is full: " + backlog + " connections wait to be accepted;"
                    + " raise ChannelOption.SO_BACKLOG on the server channel, or have it accept sooner");
            return;
        }
        if (client.onServed(child, localAddress(), null)) { // connected: in the backlog, whether or not we read yet
            pending.add(child);
        }
        if (acceptPending && !pending.isEmpty()) {
            acceptPending = false;
            readInbound();
        }
    }

    /** Server's loop: refuses a connection it never queued; the child is closed, the client's connect fails. */
    private static void refuse(BusyPollChannel client, BusyPollChannel child, String why) {
        child.resetUnaccepted();
        client.onServed(child, null, new ConnectException("connection refused: " + child.localAddress() + " ("
                + why + ")"));
    }

    /**
     * One read of the backlog.
     *
     * @return connections accepted
     */
    @SuppressWarnings("deprecation") // RecvByteBufAllocator.Handle is what Unsafe.recvBufAllocHandle() returns
    private int readInbound() {
        RecvByteBufAllocator.Handle handle = unsafe().recvBufAllocHandle();
        handle.reset(config);
        ChannelPipeline pipeline = pipeline();
        int accepted = 0;
        do {
            BusyPollChannel child = pending.poll();
            if (child == null) {
                break;
            }
            accepted++;
            handle.incMessagesRead(1);
            pipeline.fireChannelRead(child);
        } while (handle.continueReading());
        handle.readComplete();
        pipeline.fireChannelReadComplete(); // with auto-read on, the pipeline's head asks for the next read
        return accepted;
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new BusyPollServerUnsafe();
    }

    private final class BusyPollServerUnsafe extends AbstractUnsafe implements BusyPollIoHandle {
        @Override
        public void close() {
            close(voidPromise());
        }

        @Override
        public void connect(SocketAddress remoteAddress, SocketAddress localAddress, ChannelPromise promise) {
            safeSetFailure(promise, new UnsupportedOperationException("a server channel does not connect"));
        }

        @Override
        public void attach(BusyPollIoHandler h) {
            handler = h;
            clearQueued(); // a flag left from a previous loop's ready list, which may never poll it again
            scheduleAcceptIfWaiting();
        }

        @Override
        public void detach(BusyPollIoHandler h) {
            if (handler == h) {
                handler = null;
            }
        }

        @Override
        public void clearQueued() {
            QUEUED.setVolatile(BusyPollServerChannel.this, 0);
        }

        @Override
        public boolean tryMarkQueued() {
            return QUEUED.compareAndSet(BusyPollServerChannel.this, 0, 1);
        }

        /** One read of the backlog, if a read is still asked for (auto-read or {@code read()}) and any wait. */
        @Override
        public int poll(int defaultBudget) {
            if (!BusyPollIoHandler.pollsOnItsLoop(handler, this)) {
                return 0;
            }
            if (!acceptPending || pending.isEmpty()) {
                return 0;
            }
            acceptPending = false;
            return readInbound();
        }

        @Override
        public int busyPollMicros() {
            return config.explicitBusyPollMicros();
        }

        @Override
        public String toString() {
            return BusyPollServerChannel.this.toString();
        }
    }
}
