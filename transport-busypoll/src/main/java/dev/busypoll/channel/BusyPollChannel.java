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
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.nio.channels.AlreadyConnectedException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ConnectionPendingException;
import java.nio.channels.NotYetConnectedException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.AbstractChannel;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelMetadata;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.DuplexChannel;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.channel.unix.FileDescriptor;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;

/**
 * One end of an in-JVM busypoll connection. A connection is two SPSC queues, one per direction; a write goes
 * straight from the writer's event loop into the peer's inbound queue (no task per message), and the peer is put on
 * its loop's ready list once and unparked only if parked. See {@link BusyPollIoHandler} for the memory ordering of
 * every hand-off.
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
 *       flush, as {@code LocalChannel} reads it (at most {@link BusyPollIoHandler#MAX_NESTED_POLLS} such reads
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
    private static final VarHandle QUEUED;

    static {
        try {
            QUEUED = MethodHandles.lookup().findVarHandle(BusyPollChannel.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private enum State { OPEN, BOUND, CONNECTED, CLOSED }

    private final BusyPollChannelConfig config;
    /** What the peer wrote to us; read by our loop. */
    final InboundQueue inbound = new InboundQueue();

    private volatile State state;
    private volatile BusyPollChannel peer;
    private volatile BusyPollAddress localAddress;
    private volatile BusyPollAddress remoteAddress;
    private volatile boolean inputShutdown;
    private volatile boolean outputShutdown;
    /** The loop's handler while registered (written on the loop, read by producers). */
    private volatile BusyPollIoHandler handler;
    /** 1 while on the handler's ready list (hand-off 2). */
    @SuppressWarnings("unused") // accessed through QUEUED
    private volatile int queued;

    // Loop-thread state.
    private final LoopRegistration registration = new LoopRegistration();
    private ChannelPromise connectPromise;
    private Future<?> connectTimeout;
    private boolean readPending;
    private boolean writeStalled;
    /**
     * This channel's {@link #doWrite} or poll is on its loop's stack: a peer on this loop that writes to it then
     * (from a handler or listener called within) does not read it within that flush but queues it, so that no
     * handler sees a read within its own channel's write or read, as on a socket.
     */
    private boolean inIo;
    /** Registered once at least (an accepted channel closed before that resets its connection). */
    private boolean attachedOnce;
    /** The end of the stream was reported once after the input was shut down (as NIO's flag of the same name). */
    private boolean inputClosedSeenErrorOnRead;

    /** An unconnected channel, for {@code Bootstrap.channel(BusyPollChannel.class)}. */
    public BusyPollChannel() {
        super(null);
        config = newConfig();
    }

    /**
     * The server side of a connection accepted by {@code parent} from {@code peer}: connected from the start, as an
     * accepted socket is.
     */
    protected BusyPollChannel(BusyPollServerChannel parent, BusyPollChannel peer) {
        super(parent);
        config = newConfig();
        this.peer = peer;
        localAddress = parent.localAddress();
        remoteAddress = peer.localAddress();
        state = State.CONNECTED;
    }

    private BusyPollChannelConfig newConfig() {
        return new BusyPollChannelConfig(this, new AdaptiveRecvByteBufAllocator(), this::busyPollMicrosChanged, this::autoReadCleared,
                () -> {
                    BusyPollIoHandler h = handler;
                    return h != null ? h.defaultBusyPollMicros() : BusyPollIoHandler.DEFAULT_BUSY_POLL_MICROS;
                },
                () -> {
                    BusyPollIoHandler h = handler;
                    return h != null ? h.defaultBudget() : BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET;
                });
    }

    private void busyPollMicrosChanged() {
        BusyPollIoHandler h = handler;
        if (h != null) {
            h.busyPollMicrosChanged((BusyPollUnsafe) unsafe());
        }
    }

    /** On the loop (see {@link BusyPollChannelConfig#autoReadCleared()}): no read is pending any more. */
    private void autoReadCleared() {
        readPending = false;
    }

    @Override
    public ChannelMetadata metadata() {
        return METADATA;
    }

    @Override
    public BusyPollChannelConfig config() {
        return config;
    }

    @Override
    public BusyPollServerChannel parent() {
        return (BusyPollServerChannel) super.parent();
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
        return inputShutdown || !isActive();
    }

    @Override
    public boolean isOutputShutdown() {
        return outputShutdown || !isActive();
    }

    @Override
    public boolean isShutdown() {
        return (inputShutdown && outputShutdown) || !isActive();
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
        inputShutdown = true;
        closeInbound(); // nothing more is read; what arrives from now on is released (hand-off 5)
        promise.setSuccess();
        scheduleSelf(); // the next poll says the input is done (ChannelInputShutdownReadComplete)
    }

    @Override
    protected void doShutdownOutput() throws Exception {
        if (!isActive()) {
            throw new ClosedChannelException();
        }
        outputShutdown = true;
        sendEndOfStream(null);
    }

    /**
     * Reader side, on this channel's loop: nothing more is read. Releases what is queued and whatever arrives later
     * (hand-off 5), then resumes a writer that stalled on the full queue (store {@code closed}; full fence; claim
     * {@code writerWaiting}), so that its next flush sees the flag instead of waiting for room for ever.
     */
    private void closeInbound() {
        inbound.close();
        resumeStalledWriter();
    }

    /**
     * Reader side of hand-off 4, after it made room (or closed) and a full fence: puts a writer that found the
     * queue full on its loop's ready list, once per time it said so.
     */
    private void resumeStalledWriter() {
        if (inbound.claimWriterWaiting()) {
            BusyPollChannel writer = peer;
            if (writer != null) {
                writer.scheduleFromPeer(handler);
            }
        }
    }

    /**
     * Writer side: nothing follows what we wrote; the peer reads it, then sees the end (hand-off 6), or with a
     * {@code resetCause} the reset.
     */
    private void sendEndOfStream(IOException resetCause) {
        BusyPollChannel peer = this.peer;
        if (peer != null) {
            if (resetCause != null) {
                peer.inbound.reset(resetCause);
            } else {
                peer.inbound.endOfStream();
            }
            VarHandle.fullFence();
            peer.scheduleFromPeer(handler);
        }
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
     * we received and did not read is released, as is whatever arrives later (hand-off 5); the peer gets the end of
     * the stream after what we wrote.
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
                ChannelPromise promise = connectPromise;
                if (promise != null) {
                    connectPromise = null;
                    promise.tryFailure(new ClosedChannelException());
                }
                cancelConnectTimeout();
            }
            // After the state (a writer that sees the closed flag sees CLOSED: the peer closed, not just its input)
            // and before the end of the stream (a writer woken by it finds the queue closed).
            closeInbound();
            if (!outputShutdown) {
                outputShutdown = true;
                sendEndOfStream(resetCause);
            }
        } finally {
            inbound.close(); // idempotent: releases whatever an exception above left queued
        }
    }

    private void cancelConnectTimeout() {
        Future<?> timeout = connectTimeout;
        if (timeout != null) {
            connectTimeout = null;
            timeout.cancel(false);
        }
    }

    /**
     * On the loop of the server that holds this never-registered child: the connection is reset (the server
     * closed before accepting it, or refused it). The peer sees the end of the stream.
     */
    void resetUnaccepted() {
        close0(new IOException("connection reset by " + localAddress + ": the server channel closed before it "
                + "accepted the connection"));
    }

    /** On the client's loop: the server queued the connection. */
    private void connectionEstablished(BusyPollAddress server) {
        ChannelPromise promise = connectPromise;
        if (promise == null || state == State.CLOSED) {
            return; // timed out or closed meanwhile: its close sent the end of the stream to the child
        }
        connectPromise = null;
        cancelConnectTimeout();
        remoteAddress = server;
        state = State.CONNECTED;
        boolean promiseSet = promise.trySuccess();
        pipeline().fireChannelActive();
        if (!promiseSet) {
            unsafe().close(unsafe().voidPromise());
            return;
        }
        // The child may have written and even ended before we were connected: polls until now ignored it. Only
        // then: a channel queued with nothing to read would keep its place on the ready list ahead of channels
        // that get input later in this batch of tasks, and be read before them when its own input comes.
        scheduleSelfIfPending();
    }

    /** On the client's loop: the server did not take the connection. */
    private void connectionRefused(ConnectException cause) {
        ChannelPromise promise = connectPromise;
        if (promise == null) {
            return;
        }
        connectPromise = null;
        promise.tryFailure(cause);
        unsafe().close(unsafe().voidPromise());
    }

    /**
     * Server's loop, queueing {@code child} in its backlog (or refusing it): tells this client.
     *
     * @return false when the client's loop is gone (the child is reset then)
     */
    boolean onServed(BusyPollChannel child, BusyPollAddress server, ConnectException refusal) {
        try {
            eventLoop().execute(() -> {
                if (refusal == null) {
                    connectionEstablished(server);
                } else {
                    connectionRefused(refusal);
                }
            });
        } catch (RejectedExecutionException e) {
            child.resetUnaccepted(); // the client's loop is gone: nobody will read this connection
            return false;
        }
        return true;
    }

    @Override
    protected void doBeginRead() {
        // Called after every read with autoRead: store only on a change, and look at the next slot rather than the
        // writer's index, so that this does not take a cache line the writer uses on every hop.
        if (!readPending) {
            readPending = true;
        }
        scheduleSelfIfPending();
    }

    /** Loop thread: the end of the stream (or a shut-down input) is there to be reported, all input before it read. */
    private boolean endPending() {
        return !inputClosedSeenErrorOnRead && (inputShutdown || inbound.isEnded());
    }

    /** Loop thread: puts this channel on its loop's ready list if input or the end of the stream waits for it. */
    private void scheduleSelfIfPending() {
        if (inbound.hasNext() || endPending()) {
            scheduleSelf();
        }
    }

    /** Puts this channel on its own loop's ready list (hand-off 2; the caller published work and fenced). */
    private void scheduleSelf() {
        BusyPollIoHandler h = handler;
        if (h != null) {
            h.schedule((BusyPollUnsafe) unsafe());
        }
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
        BusyPollChannel peer = this.peer;
        if (peer == null) {
            throw new ClosedChannelException();
        }
        boolean wasInIo = inIo;
        inIo = true;
        try {
            writeFlushed(in, peer);
        } finally {
            inIo = wasInIo;
        }
    }

    /** Loop thread, within {@link #doWrite}: offers the flushed messages to the connected {@code peer}. */
    private void writeFlushed(ChannelOutboundBuffer in, BusyPollChannel peer) throws Exception {
        InboundQueue target = peer.inbound;
        int maxMessages = config.getSendQueueCapacity();
        int maxBytes = config.getSendBufferSize();
        BusyPollIoHandler loop = handler;
        // A peer on this loop is read once, right after this flush; one on another loop is told after the first
        // message and again at the end.
        boolean sameLoop = loop != null && peer.handler == loop;
        boolean unannounced = false;
        boolean announced = false;
        for (;;) {
            Object msg = in.current();
            if (msg == null) {
                break;
            }
            if (target.isClosed()) {
                target.releaseAll(); // including what this flush offered before it saw the flag (hand-off 5)
                if (!peer.isOpen()) {
                    // The peer closed: as a socket's write after the peer's reset, the output fails (with
                    // AUTO_CLOSE the channel closes, else its output shuts down); its unread input stays.
                    throw new ClosedChannelException();
                }
                in.remove(); // the peer shut its input down: what arrives is discarded, as a socket does
                continue;
            }
            boolean retained = false;
            try {
                if (msg instanceof ByteBuf && !((ByteBuf) msg).isReadable()) {
                    in.remove(); // as on a socket, an empty buffer carries nothing to the peer
                    continue;
                }
                long size = InboundQueue.sizeOf(msg);
                ReferenceCountUtil.retain(msg);
                retained = true;
                if (!target.offer(msg, size, maxMessages, maxBytes)) {
                    target.markWriterWaiting();
                    if (!target.offer(msg, size, maxMessages, maxBytes)) {
                        retained = false;
                        ReferenceCountUtil.release(msg);
                        if (target.isClosed()) {
                            continue; // closed while full (store; fence; load with closeInbound): handled above
                        }
                        writeStalled = true;
                        break;
                    }
                }
            } catch (Throwable t) {
                if (retained) {
                    ReferenceCountUtil.safeRelease(msg); // the offer failed after the retain
                }
                in.remove(t); // this message alone fails: a socket's write of a bad buffer does not break it
                continue;
            }
            if (!announced && !sameLoop) {
                // Wake the reader before the bookkeeping of in.remove(): the round trip does not wait for it.
                announced = true;
                announce(peer, target, loop);
            } else {
                unannounced = true;
            }
            in.remove();
        }
        if ((announced || unannounced) && loop != null) {
            loop.outputSent(); // doWrite runs on this channel's loop, the handler's own thread
        }
        if (unannounced) {
            if (sameLoop) {
                readOnThisLoop(peer, target, loop, in);
            } else {
                announce(peer, target, loop);
            }
        }
    }

    /**
     * Writer side, the peer on this channel's own loop ({@code loop}): reads the peer now, as {@code LocalChannel}
     * does, while what this flush wrote is still in the core's cache (one thread: program order stands for the
     * fences of hand-offs 2 and 5). Too deeply nested, or the peer's own write or poll on the stack (this flush
     * came from its handlers or listeners), the peer goes on the ready list instead. The peer's handlers may have
     * flushed this channel meanwhile: Netty's {@code flush0} does not re-enter, so that flush resumes from the
     * ready list.
     */
    private void readOnThisLoop(BusyPollChannel peer, InboundQueue target, BusyPollIoHandler loop,
                                ChannelOutboundBuffer in) {
        if (target.isClosed()) {
            target.releaseAll();
            return;
        }
        if (peer.inIo || !loop.pollNested((BusyPollUnsafe) peer.unsafe())) {
            peer.scheduleFromPeer(loop);
        }
        if (!writeStalled && in.current() != null) {
            writeStalled = true;
            scheduleSelf();
        }
    }

    /**
     * Writer side of hand-offs 2, 3 and 5, after offering to {@code target}; {@code writerLoop} is the writer's own
     * loop ({@code handler}, read once by the caller).
     */
    private static void announce(BusyPollChannel peer, InboundQueue target, BusyPollIoHandler writerLoop) {
        VarHandle.fullFence();
        if (target.isClosed()) {
            target.releaseAll();
        } else {
            peer.scheduleFromPeer(writerLoop);
        }
    }

    /**
     * The peer's loop ({@code peerLoop}, the calling thread's), after publishing work for this channel and a full
     * fence. Whether the caller runs on this channel's loop is decided from the two handlers, not by asking the
     * handler: a producer on another loop then reads none of this loop's own fields (see
     * {@link BusyPollIoHandler#schedule(BusyPollIoHandle, boolean)}).
     */
    void scheduleFromPeer(BusyPollIoHandler peerLoop) {
        BusyPollIoHandler h = handler;
        if (h != null) {
            h.schedule((BusyPollUnsafe) unsafe(), h == peerLoop);
        }
    }

    /**
     * Reads while the channel is reading, up to {@code budget} messages, as reads of at most
     * {@code MAX_MESSAGES_PER_READ} each (as the channel's {@link RecvByteBufAllocator} says).
     */
    private int read(int budget) {
        int n = 0;
        while (n < budget && readPending && state == State.CONNECTED) {
            int burst = readBurst(budget - n);
            if (burst == 0) {
                break;
            }
            n += burst;
        }
        return n;
    }

    /** One read: at most {@code budget} messages, bounded by the channel's RecvByteBufAllocator. */
    @SuppressWarnings("deprecation") // RecvByteBufAllocator.Handle is what Unsafe.recvBufAllocHandle() returns
    private int readBurst(int budget) {
        RecvByteBufAllocator.Handle allocHandle = unsafe().recvBufAllocHandle();
        allocHandle.reset(config);
        ChannelPipeline pipeline = pipeline();
        int n = 0;
        do {
            if (state != State.CONNECTED || inputShutdown) {
                break; // closed or shut down by a handler of this read
            }
            Object msg = inbound.poll();
            if (msg == null) {
                break;
            }
            n++;
            if (!config.isAutoRead()) {
                readPending = false;
            }
            inbound.taken();
            int size = (int) Math.max(1, Math.min(Integer.MAX_VALUE, InboundQueue.sizeOf(msg)));
            allocHandle.attemptedBytesRead(size);
            allocHandle.lastBytesRead(size);
            allocHandle.incMessagesRead(1);
            pipeline.fireChannelRead(msg);
        } while (n < budget && allocHandle.continueReading());
        if (n > 0) {
            allocHandle.readComplete();
            pipeline.fireChannelReadComplete();
            // Reader side of hand-off 4: we made room; resume a writer that found the queue full.
            inbound.publishTaken();
            VarHandle.fullFence();
            resumeStalledWriter();
        }
        return n;
    }

    /**
     * The end of the stream, once everything before it was read, whether or not the channel is reading (as epoll
     * sees a peer's shutdown): close, or shut the input down and say so, then say the input is done (NIO's and
     * epoll's events).
     */
    private void readEndOfStream() {
        while (state == State.CONNECTED && endPending()) {
            onEndOfStream(pipeline());
        }
    }

    private void onEndOfStream(ChannelPipeline pipeline) {
        IOException reset = inbound.resetCause();
        if (reset != null) {
            // As a socket's read of a reset: the exception, then the close, half-closure or not.
            pipeline.fireExceptionCaught(reset);
            unsafe().close(unsafe().voidPromise());
            return;
        }
        if (!inputShutdown) {
            if (config.isAllowHalfClosure()) {
                inputShutdown = true;
                closeInbound();
                pipeline.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            } else {
                unsafe().close(unsafe().voidPromise());
            }
        } else {
            inputClosedSeenErrorOnRead = true;
            pipeline.fireUserEventTriggered(ChannelInputShutdownReadComplete.INSTANCE);
        }
    }

    private final class BusyPollUnsafe extends AbstractUnsafe implements BusyPollIoHandle {
        @Override
        public void close() {
            close(voidPromise());
        }

        @Override
        public void attach(BusyPollIoHandler h) {
            handler = h;
            attachedOnce = true;
            // A "queued" flag left from the previous loop belongs to an entry on that loop's ready list, which it
            // may never poll again (suspended or shut down): take the flag back, at worst a harmless duplicate.
            // Then hand-off 2 (clearQueued fences) for what arrived, ended or got room while we had no handler.
            clearQueued();
            if (writeStalled || !inbound.isEmpty() || inbound.isEndOfStream()) {
                h.schedule(this);
            }
        }

        @Override
        public void detach(BusyPollIoHandler h) {
            if (handler == h) {
                handler = null;
            }
        }

        @Override
        public void clearQueued() {
            QUEUED.setVolatile(BusyPollChannel.this, 0);
            VarHandle.fullFence();
        }

        @Override
        public boolean tryMarkQueued() {
            return (int) QUEUED.getVolatile(BusyPollChannel.this) == 0
                    && QUEUED.compareAndSet(BusyPollChannel.this, 0, 1);
        }

        @Override
        public int poll(int defaultBudget) {
            BusyPollIoHandler h = handler;
            if (!BusyPollIoHandler.pollsOnItsLoop(h, this)) {
                return 0;
            }
            boolean wasInIo = inIo;
            inIo = true;
            try {
                return pollOnItsLoop(h, defaultBudget);
            } finally {
                inIo = wasInIo;
            }
        }

        private int pollOnItsLoop(BusyPollIoHandler h, int defaultBudget) {
            int work = 0;
            if (writeStalled) {
                writeStalled = false;
                flush0();
                work++;
                h.writeResumed();
            }
            if (readPending && state == State.CONNECTED) {
                int budget = config.explicitBudget();
                work += read(budget > 0 ? budget : defaultBudget);
                if (readPending && state == State.CONNECTED && inbound.hasNext()) {
                    h.schedule(this); // more than one poll's worth: back to the tail of the ready list
                }
            }
            readEndOfStream(); // events, not messages: not counted as work
            return work;
        }

        @Override
        public boolean readyToPoll() {
            return writeStalled || (state == State.CONNECTED && ((readPending && inbound.hasNext()) || endPending()));
        }

        @Override
        public boolean watchable() {
            return !writeStalled && readPending && state == State.CONNECTED && !inputShutdown;
        }

        @Override
        public int busyPollMicros() {
            return config.explicitBusyPollMicros();
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
            if (connectPromise != null) {
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
            Channel bound = BusyPollChannelRegistry.get(remoteAddress);
            if (!(bound instanceof BusyPollServerChannel)) {
                safeSetFailure(promise, new ConnectException("connection refused: " + remoteAddress
                        + (bound == null ? " (nothing bound there)" : " (not a BusyPollServerChannel)")));
                close(voidPromise());
                return;
            }
            connectPromise = promise;
            try {
                peer = ((BusyPollServerChannel) bound).serve(BusyPollChannel.this);
            } catch (Throwable t) {
                connectPromise = null;
                ConnectException e = new ConnectException("connection refused: " + remoteAddress + " (" + t + ')');
                e.initCause(t);
                safeSetFailure(promise, e);
                close(voidPromise());
                return;
            }
            int timeoutMillis = config.getConnectTimeoutMillis();
            if (timeoutMillis > 0) {
                connectTimeout = eventLoop().schedule(() -> {
                    ChannelPromise pending = connectPromise;
                    if (pending != null && pending.tryFailure(new ConnectTimeoutException(
                            "connection timed out after " + timeoutMillis + " ms: " + remoteAddress
                                    + " (its server's event loop did not take the connection)"))) {
                        connectPromise = null;
                        close(voidPromise());
                    }
                }, timeoutMillis, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public String toString() {
            return BusyPollChannel.this.toString();
        }
    }
}
