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

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.nio.channels.AlreadyConnectedException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ConnectionPendingException;
import java.nio.channels.NotYetConnectedException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.AbstractChannel;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelMetadata;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DuplexChannel;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.channel.unix.FileDescriptor;
import io.netty.channel.unix.ServerDomainSocketChannel;

/**
 * One end of an in-JVM busypoll connection. A connection is two SPSC queues, one per direction; a write goes
 * straight from the writer's event loop into the peer's inbound queue (no task per message), and the peer is put on
 * its loop's ready list once and unparked only if parked. This class is the Netty lifecycle; the data path is its
 * {@link PeerLink} (which argues the memory ordering of every hand-off of a message), the connect is
 * {@link Handshake}'s.
 * <h2>Semantics: those of a TCP socket</h2>
 * <ul>
 *   <li><b>Messages.</b> Any object may be written; {@link ByteBuf}s and other objects pass by reference and
 *       ownership moves to the reader. As on a socket, an empty {@code ByteBuf} completes its write but is not
 *       delivered. A write whose message cannot be sent (a released buffer, say) fails alone; the next one goes
 *       out.</li>
 *   <li><b>Back-pressure.</b> A channel may have {@link BusyPollChannelOption#SEND_QUEUE_CAPACITY} messages and
 *       {@code SO_SNDBUF} bytes in flight to its peer (the peer's send buffer, in effect); the rest stays in its
 *       outbound buffer, where Netty's water marks make it unwritable. The reader resumes the writer with a signal
 *       when it drains.</li>
 *   <li><b>Connect and accept.</b> A connect completes once the server's loop has queued the connection, as TCP
 *       completes a handshake into the listen backlog: whether or not the server is reading ({@code AUTO_READ} off
 *       on the server channel) and before the child is registered; with {@code SO_BACKLOG} connections already
 *       waiting there, it fails with a {@link ConnectException}. The client may write at once; the child reads
 *       it once accepted. {@code CONNECT_TIMEOUT_MILLIS} bounds the wait for the server's loop. Closing a server
 *       resets the connections it has not accepted (as does a child that cannot register): their clients get an
 *       {@code IOException} "connection reset by ..." through {@code exceptionCaught}, then close.</li>
 *   <li><b>Order.</b> Each direction of a connection delivers in write order, as TCP does. Across connections
 *       nothing is promised, as with TCP. A write to a peer on the writer's own loop is read within the writer's
 *       flush, as {@code LocalChannel} reads it (at most {@link ReadyList#MAX_NESTED_POLLS} such reads
 *       deep), except that no channel is read within its own write or read: a reply that the peer writes back at
 *       once, or a write to a channel whose handler is running, is read on the loop's next pass, as over a socket.
 *       So a reply that a handler on the same loop writes back in a write's listener is read after the write that
 *       caused it.</li>
 *   <li><b>Reading.</b> {@code autoRead} and {@code read()} behave as on Netty's socket transports;
 *       {@code channelReadComplete} follows each read. Nothing is read after {@code close()}.</li>
 *   <li><b>End of stream.</b> When the peer closes or shuts its output down, this channel first reads everything
 *       the peer wrote before that (when it reads: with {@code AUTO_READ} off, as {@code read()} asks), then sees the
 *       end of the stream: it closes, or with {@code ALLOW_HALF_CLOSURE} shuts its input down and fires
 *       {@code ChannelInputShutdownEvent}, then at once {@code ChannelInputShutdownReadComplete}, whether or not it
 *       is reading, as Netty's epoll channels do (NIO's fire each at the next read). After this end's own
 *       {@code shutdownInput()} the second event comes at its loop's next poll, again as on epoll.</li>
 *   <li><b>Close.</b> {@code close()} completes on this channel's own loop without waiting for the peer: what this
 *       end had received and not read is released; what it wrote stays with the peer, which reads it before it sees
 *       the end. Writes to a peer that closed fail with a {@link ClosedChannelException}.</li>
 *   <li><b>Half-closure</b> as {@link DuplexChannel}: {@code shutdownOutput()} sends the end of the stream after
 *       what was written; {@code shutdownInput()} discards what arrives from then on.</li>
 * </ul>
 * Register only on a loop of {@code new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())}.
 *
 * <h2>As a {@link DomainSocketChannel}</h2>
 * Frameworks that run over Netty's Unix domain sockets besides TCP (Reactor Netty, Vert.x) take this channel for
 * one; its addresses are {@link BusyPollAddress}es (whose {@code path()} is the name). It has no file descriptor:
 * {@link #fd()} throws, and so there are no peer credentials ({@code SO_PEERCRED}) and no file-descriptor passing
 * ({@link io.netty.channel.unix.DomainSocketReadMode#FILE_DESCRIPTORS} is refused; objects pass by reference
 * instead). Socket options ({@code TCP_NODELAY}, {@code SO_RCVBUF}, ...) other than those of
 * {@link BusyPollChannelConfig} are not known to it. A {@link io.netty.channel.FileRegion} is passed to the peer as
 * the object it is, not as its bytes: the peer's pipeline must expect it.
 *
 * <h2>Threading</h2>
 * As every Netty channel: I/O methods may be called from any thread and run on the channel's event loop. The
 * channel's own state (open, connected, shut down) changes only on its own loop (or, before it ever had one, on
 * the loop of the server that holds it).
 */
public class BusyPollChannel extends AbstractChannel implements DomainSocketChannel {
    private static final ChannelMetadata METADATA = new ChannelMetadata(false);

    private enum State { OPEN, BOUND, CONNECTED, CLOSED }

    private final BusyPollChannelConfig config;
    /** The data path: this end's inbound queue and the link to the peer's. */
    final PeerLink link;

    private volatile State state;
    private volatile BusyPollAddress localAddress;
    private volatile BusyPollAddress remoteAddress;

    // Loop-thread state.
    private final LoopRegistration registration = new LoopRegistration();
    /** This channel's side of the connect handshake, from its first connect (an accepted channel has none). */
    private Handshake.Connect connect;
    /** Registered once at least (an accepted channel closed before that resets its connection). */
    private boolean attachedOnce;

    /** An unconnected channel, for {@code Bootstrap.channel(BusyPollChannel.class)}. */
    public BusyPollChannel() {
        super(null);
        config = new BusyPollChannelConfig(this, new AdaptiveRecvByteBufAllocator(), (BusyPollUnsafe) unsafe());
        link = new PeerLink(this, config, ((BusyPollUnsafe) unsafe()).flushStalled);
    }

    /**
     * The server side of a connection accepted by {@code parent} (a {@link BusyPollServerChannel}) from
     * {@code peer}: connected from the start, as an accepted socket is.
     */
    protected BusyPollChannel(ServerDomainSocketChannel parent, BusyPollChannel peer) {
        super(parent);
        config = new BusyPollChannelConfig(this, new AdaptiveRecvByteBufAllocator(), (BusyPollUnsafe) unsafe());
        link = new PeerLink(this, config, ((BusyPollUnsafe) unsafe()).flushStalled);
        link.linkTo(peer.link);
        localAddress = (BusyPollAddress) parent.localAddress();
        remoteAddress = peer.localAddress();
        state = State.CONNECTED;
    }

    /** What the connect handshake sees of this channel. */
    Handshake.End handshakeEnd() {
        return (BusyPollUnsafe) unsafe();
    }

    @Override
    public ChannelMetadata metadata() {
        return METADATA;
    }

    @Override
    public BusyPollChannelConfig config() {
        return config;
    }

    /** The {@link BusyPollServerChannel} that accepted this channel, or null for a client. */
    @Override
    public ServerDomainSocketChannel parent() {
        return (ServerDomainSocketChannel) super.parent();
    }

    @Override
    public BusyPollAddress localAddress() {
        return (BusyPollAddress) super.localAddress();
    }

    @Override
    public BusyPollAddress remoteAddress() {
        return (BusyPollAddress) super.remoteAddress();
    }

    /**
     * Always throws: an in-JVM channel has no file descriptor.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public FileDescriptor fd() {
        throw new UnsupportedOperationException("a busypoll channel has no file descriptor: it is an in-JVM"
                + " connection (" + this + ")");
    }

    @Override
    public boolean isOpen() {
        return state != State.CLOSED;
    }

    @Override
    public boolean isActive() {
        return state == State.CONNECTED;
    }

    @Override
    public boolean isInputShutdown() {
        return link.isInputShutdown() || !isActive();
    }

    @Override
    public boolean isOutputShutdown() {
        return link.isOutputShutdown() || !isActive();
    }

    @Override
    public boolean isShutdown() {
        return (link.isInputShutdown() && link.isOutputShutdown()) || !isActive();
    }

    @Override
    public ChannelFuture shutdownOutput() {
        return shutdownOutput(newPromise());
    }

    @Override
    public ChannelFuture shutdownOutput(ChannelPromise promise) {
        runOnLoop(() -> ((AbstractUnsafe) unsafe()).shutdownOutput(promise));
        return promise;
    }

    /** Runs {@code task} on this channel's loop: now if called there, else as a task. */
    private void runOnLoop(Runnable task) {
        EventLoop loop = eventLoop();
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }

    @Override
    public ChannelFuture shutdownInput() {
        return shutdownInput(newPromise());
    }

    @Override
    public ChannelFuture shutdownInput(ChannelPromise promise) {
        runOnLoop(() -> shutdownInput0(promise));
        return promise;
    }

    @Override
    public ChannelFuture shutdown() {
        return shutdown(newPromise());
    }

    /** Shuts the output down, then the input; the promise fails with the first failure. */
    @Override
    public ChannelFuture shutdown(ChannelPromise promise) {
        ChannelFuture output = shutdownOutput();
        if (output.isDone()) {
            shutdownInputAfterOutput(output, promise);
        } else {
            output.addListener(f -> shutdownInputAfterOutput(output, promise));
        }
        return promise;
    }

    private void shutdownInputAfterOutput(ChannelFuture output, ChannelPromise promise) {
        ChannelFuture input = shutdownInput();
        input.addListener(f -> {
            Throwable cause = output.cause() != null ? output.cause() : input.cause();
            if (cause != null) {
                promise.setFailure(cause);
            } else {
                promise.setSuccess();
            }
        });
    }

    private void shutdownInput0(ChannelPromise promise) {
        if (!promise.setUncancellable()) {
            return;
        }
        if (!isActive()) {
            promise.setFailure(new ClosedChannelException());
            return;
        }
        link.shutdownInput();
        promise.setSuccess();
    }

    @Override
    protected void doShutdownOutput() throws Exception {
        if (!isActive()) {
            throw new ClosedChannelException();
        }
        link.shutdownOutput();
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new BusyPollUnsafe();
    }

    /** See {@link LoopRegistration#isCompatible}: a clear error first, then an open channel. */
    @Override
    protected boolean isCompatible(EventLoop loop) {
        return registration.isCompatible(loop);
    }

    @Override
    protected void doRegister(ChannelPromise promise) {
        registration.register(this, (BusyPollUnsafe) unsafe(), promise);
    }

    @Override
    protected void doDeregister() {
        registration.cancel();
    }

    @Override
    protected SocketAddress localAddress0() {
        return localAddress;
    }

    @Override
    protected SocketAddress remoteAddress0() {
        return remoteAddress;
    }

    @Override
    protected void doBind(SocketAddress localAddress) throws Exception {
        this.localAddress = BusyPollChannelRegistry.register(this, this.localAddress, localAddress);
        state = State.BOUND;
    }

    @Override
    protected void doDisconnect() throws Exception {
        doClose();
    }

    /**
     * On this channel's loop (or, for an accepted channel that never had one, its server's): closed at once. What
     * we received and did not read is released, as is whatever arrives later; the peer gets the end of the stream
     * after what we wrote ({@link PeerLink#close}).
     */
    @Override
    protected void doClose() throws Exception {
        close0(parent() != null && !attachedOnce ? new IOException("connection reset by " + localAddress
                + ": the server closed the accepted channel before registering it (a child group that is not "
                + "busypoll, or the server shutting down; the server's log says which)") : null);
    }

    private void close0(IOException resetCause) {
        try {
            if (state != State.CLOSED) {
                BusyPollAddress local = localAddress;
                if (local != null && parent() == null) {
                    BusyPollChannelRegistry.unregister(local, this);
                }
                state = State.CLOSED;
                if (connect != null) {
                    connect.clientClosed();
                }
            }
        } finally {
            // After the state: a writer that sees this end's queue closed sees the channel closed, not just its input.
            link.close(resetCause);
        }
    }

    @Override
    protected void doBeginRead() {
        link.beginRead();
    }

    @Override
    protected void doWrite(ChannelOutboundBuffer in) throws Exception {
        State s = state;
        if (s == State.CLOSED) {
            throw new ClosedChannelException();
        }
        if (s != State.CONNECTED) {
            throw new NotYetConnectedException();
        }
        link.write(in);
    }

    /**
     * The channel's inside, one object in each role it has towards the rest of the transport: its registration on a
     * loop ({@link BusyPollIoHandle}), its end of the connect handshake ({@link Handshake.End}) and the owner of its
     * configuration. Its entry on the loop's ready list is its {@link PeerLink}.
     */
    private final class BusyPollUnsafe extends AbstractUnsafe
            implements BusyPollIoHandle, Handshake.End, BusyPollChannelConfig.Owner {
        /** The flush of what was flushed before a write stalled (Netty's, which does not re-enter). */
        private final Runnable flushStalled = this::flush0;

        @Override
        public void close() {
            close(voidPromise());
        }

        // --- BusyPollIoHandle ---

        @Override
        public void attach(ChannelLoop l) {
            registration.attached(l);
            attachedOnce = true;
            link.attach(l.readyList());
        }

        @Override
        public void detach(ChannelLoop l) {
            if (registration.detached(l)) {
                link.detach(l.readyList());
            }
        }

        @Override
        public int busyPollMicros() {
            return config.explicitBusyPollMicros();
        }

        // --- BusyPollChannelConfig.Owner ---

        @Override
        public void busyPollMicrosChanged() {
            registration.busyPollMicrosChanged(this);
        }

        @Override
        public void autoReadCleared() {
            link.autoReadCleared();
        }

        @Override
        public int loopDefaultBusyPollMicros() {
            return registration.defaultBusyPollMicros();
        }

        @Override
        public int loopDefaultBudget() {
            return registration.defaultBudget();
        }

        // --- Handshake.End ---

        @Override
        public Channel channel() {
            return BusyPollChannel.this;
        }

        @Override
        public PeerLink link() {
            return link;
        }

        @Override
        public BusyPollAddress address() {
            return localAddress;
        }

        @Override
        public void connected(BusyPollAddress server) {
            remoteAddress = server;
            state = State.CONNECTED;
        }

        @Override
        public void resetUnaccepted() {
            close0(Handshake.unacceptedReset(localAddress));
        }

        @Override
        public void connect(SocketAddress remoteAddress, SocketAddress localAddress, ChannelPromise promise) {
            if (!promise.setUncancellable() || !ensureOpen(promise)) {
                return;
            }
            if (state == State.CONNECTED) {
                safeSetFailure(promise, new AlreadyConnectedException());
                return;
            }
            if (connect != null && connect.isPending()) {
                safeSetFailure(promise, new ConnectionPendingException());
                return;
            }
            if (!(remoteAddress instanceof BusyPollAddress) || BusyPollAddress.ANY.equals(remoteAddress)) {
                safeSetFailure(promise, new ChannelException("unsupported address to connect to: " + remoteAddress
                        + (remoteAddress == null ? "" : " (" + remoteAddress.getClass().getName() + ")")
                        + "; busypoll channels connect to the BusyPollAddress a BusyPollServerChannel is bound to"));
                return;
            }
            if (state != State.BOUND && localAddress == null) {
                localAddress = BusyPollAddress.ANY;
            }
            if (localAddress != null) {
                try {
                    doBind(localAddress);
                } catch (Throwable t) {
                    safeSetFailure(promise, t);
                    close(voidPromise());
                    return;
                }
            }
            if (connect == null) {
                connect = new Handshake.Connect(this);
            }
            try {
                connect.start((BusyPollAddress) remoteAddress, promise, config.getConnectTimeoutMillis());
            } catch (Throwable t) {
                ConnectException e = t instanceof ConnectException ? (ConnectException) t
                        : new ConnectException("connection refused: " + remoteAddress + " (" + t + ')');
                if (e != t) {
                    e.initCause(t);
                }
                safeSetFailure(promise, e);
                close(voidPromise());
            }
        }

        @Override
        public String toString() {
            return BusyPollChannel.this.toString();
        }
    }
}
