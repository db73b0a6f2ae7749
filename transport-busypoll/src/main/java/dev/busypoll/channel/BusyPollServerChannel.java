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

import java.net.ConnectException;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.Queue;

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
 * resets what it has not accepted. The handshake itself is {@link Handshake}'s; accepting what waits takes a task on
 * this channel's loop, so a server channel is never on its loop's ready list.
 * <p>
 * As a {@link ServerDomainSocketChannel} (see {@link BusyPollChannel}) it has no file descriptor: {@link #fd()}
 * throws.
 *
 * <h2>Threading</h2>
 * As every Netty channel: I/O methods may be called from any thread and run on the channel's event loop.
 */
public class BusyPollServerChannel extends AbstractServerChannel implements ServerDomainSocketChannel {
    private final BusyPollServerChannelConfig config;
    /** The backlog: connected children not yet accepted; loop thread only. */
    private final Queue<Handshake.End> pending = new ArrayDeque<>();

    private volatile int state; // 0 open, 1 bound, 2 closed
    private volatile BusyPollAddress localAddress;
    private final LoopRegistration registration = new LoopRegistration();
    /** A read was asked for and has not accepted yet (NIO's readPending with OP_ACCEPT); loop thread only. */
    private boolean acceptPending;
    /** A task that accepts what waits is on the loop's queue; loop thread only. */
    private boolean acceptScheduled;
    private final Runnable acceptWaiting = this::acceptWaiting;

    /** A new server channel, for {@code ServerBootstrap.channel(BusyPollServerChannel.class)}. */
    public BusyPollServerChannel() {
        config = new BusyPollServerChannelConfig(this, (BusyPollServerUnsafe) unsafe());
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
        BusyPollAddress bound = BusyPollChannelRegistry.register(this, this.localAddress, localAddress);
        this.localAddress = bound;
        state = 1;
        Handshake.listen(bound, (BusyPollServerUnsafe) unsafe());
    }

    @Override
    protected void doClose() throws Exception {
        if (state <= 1) {
            BusyPollAddress local = localAddress;
            if (local != null) {
                Handshake.unlisten(local, (BusyPollServerUnsafe) unsafe());
                BusyPollChannelRegistry.unregister(local, this);
                localAddress = null;
            }
            state = 2;
        }
        // Connections queued but never accepted are reset, as a listening socket's backlog is: their clients
        // already connected and now see the end of the stream.
        Handshake.End child;
        while ((child = pending.poll()) != null) {
            child.resetUnaccepted();
        }
    }

    /**
     * Asks for one read: the next connection to come is accepted at once, those already waiting by a task on this
     * channel's loop (never from here, so that auto-read, which asks again at the end of each read, drains a long
     * backlog a read per task instead of recursing a read deeper each time).
     */
    @Override
    protected void doBeginRead() {
        acceptPending = true;
        scheduleAcceptIfWaiting();
    }

    /** Loop thread: submits a task that accepts, if a read was asked for and connections wait. */
    private void scheduleAcceptIfWaiting() {
        if (!acceptScheduled && acceptPending && !pending.isEmpty() && registration.loop() != null) {
            acceptScheduled = true;
            eventLoop().execute(acceptWaiting);
        }
    }

    /**
     * Loop thread: one read of the backlog if a read is still asked for (auto-read or {@code read()}) and any wait;
     * nothing if the channel has left this loop since (its next loop accepts when it attaches).
     */
    private void acceptWaiting() {
        acceptScheduled = false;
        if (acceptPending && !pending.isEmpty() && isOpen() && registration.loop() != null
                && eventLoop().inEventLoop()) {
            acceptPending = false;
            readInbound();
        }
    }

    /**
     * Creates the server side of a connection; override to return a subclass.
     *
     * @param peer the connecting client
     */
    protected BusyPollChannel newChildChannel(BusyPollChannel peer) {
        return new BusyPollChannel(this, peer);
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
            Handshake.End child = pending.poll();
            if (child == null) {
                break;
            }
            accepted++;
            handle.incMessagesRead(1);
            pipeline.fireChannelRead(child.channel());
        } while (handle.continueReading());
        handle.readComplete();
        pipeline.fireChannelReadComplete(); // with auto-read on, the pipeline's head asks for the next read
        return accepted;
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new BusyPollServerUnsafe();
    }

    /**
     * The channel's inside in its roles towards the rest of the transport: its registration on a loop
     * ({@link BusyPollIoHandle}), the listening half of the handshake ({@link Handshake.Listener}) and the owner of
     * its configuration.
     */
    private final class BusyPollServerUnsafe extends AbstractUnsafe
            implements BusyPollIoHandle, Handshake.Listener, BusyPollChannelConfig.Owner {
        @Override
        public void close() {
            close(voidPromise());
        }

        @Override
        public void connect(SocketAddress remoteAddress, SocketAddress localAddress, ChannelPromise promise) {
            safeSetFailure(promise, new UnsupportedOperationException("a server channel does not connect"));
        }

        // --- BusyPollIoHandle ---

        @Override
        public void attach(ChannelLoop l) {
            registration.attached(l);
            scheduleAcceptIfWaiting();
        }

        @Override
        public void detach(ChannelLoop l) {
            registration.detached(l);
        }

        @Override
        public int busyPollMicros() {
            return config.explicitBusyPollMicros();
        }

        // --- Handshake.Listener ---

        @Override
        public Handshake.End newChild(Handshake.End client) {
            return newChildChannel((BusyPollChannel) client.channel()).handshakeEnd();
        }

        @Override
        public EventLoop eventLoop() {
            return BusyPollServerChannel.this.eventLoop();
        }

        @Override
        public boolean isOpen() {
            return BusyPollServerChannel.this.isOpen();
        }

        @Override
        public BusyPollAddress address() {
            return BusyPollServerChannel.this.localAddress();
        }

        @Override
        public String refusal() {
            int backlog = config.effectiveBacklog();
            return !acceptPending && pending.size() >= backlog ? "the server's backlog is full: " + backlog
                    + " connections wait to be accepted; raise ChannelOption.SO_BACKLOG on the server channel, or"
                    + " have it accept sooner" : null;
        }

        @Override
        public void queue(Handshake.End child) {
            pending.add(child);
            if (acceptPending) {
                acceptPending = false;
                readInbound();
            }
        }

        // --- BusyPollChannelConfig.Owner ---

        @Override
        public void busyPollMicrosChanged() {
            registration.busyPollMicrosChanged(this);
        }

        @Override
        public void autoReadCleared() {
            acceptPending = false;
        }

        @Override
        public int loopDefaultBusyPollMicros() {
            return registration.defaultBusyPollMicros();
        }

        @Override
        public int loopDefaultBudget() {
            return registration.defaultBudget();
        }

        @Override
        public String toString() {
            return BusyPollServerChannel.this.toString();
        }
    }
}
