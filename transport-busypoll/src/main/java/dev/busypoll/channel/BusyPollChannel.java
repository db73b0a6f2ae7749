package dev.busypoll.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.nio.channels.AlreadyConnectedException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ConnectionPendingException;
import java.nio.channels.NotYetConnectedException;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.AbstractChannel;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelMetadata;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.ReferenceCountUtil;

/**
 * One end of an in-JVM busypoll connection. A connection is two bounded SPSC queues, one per direction; a write
 * goes straight from the writer's event loop into the peer's inbound queue (no task per message), and the peer is
 * put on its loop's ready list once and unparked only if parked. See {@link BusyPollIoHandler} for the memory
 * ordering of every hand-off.
 * <ul>
 *   <li>Any object may be written; {@link ByteBuf}s and other objects pass by reference and ownership moves to the
 *       reader. As on a socket, an empty {@code ByteBuf} completes its write but is not delivered.</li>
 *   <li>Bounded: when the peer's queue ({@value InboundQueue#CAPACITY} messages) is full, messages stay in this
 *       channel's outbound buffer and Netty's water marks make it unwritable; the reader resumes the writer with a
 *       signal when it drains.</li>
 *   <li>{@code autoRead} and {@code read()} behave as on Netty's socket transports; {@code channelReadComplete}
 *       follows each read burst.</li>
 *   <li>Closing either end makes the other inactive; whatever was queued is delivered (if the reader is reading) or
 *       released. {@code close()} first lets the peer's loop read what this end wrote, then closes on this end's
 *       loop: when its future completes, every message written has been delivered or released, as a socket's
 *       written bytes have left the sender. Until then the channel is still open (as NIO with {@code SO_LINGER}).
 *       </li>
 * </ul>
 * Register only on a loop of {@code new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())}.
 *
 * <h2>Threading</h2>
 * As every Netty channel: I/O methods may be called from any thread and run on the channel's event loop.
 */
public class BusyPollChannel extends AbstractChannel {
    /** The JDK's platform logger: Netty's own logging facade is internal API. */
    private static final System.Logger logger = System.getLogger(BusyPollChannel.class.getName());
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
    private volatile ChannelPromise connectPromise;
    /** The loop's handler while registered (written on the loop, read by producers). */
    private volatile BusyPollIoHandler handler;
    /** 1 while on the handler's ready list (hand-off 2). */
    @SuppressWarnings("unused") // accessed through QUEUED
    private volatile int queued;

    // Loop-thread state.
    private final LoopRegistration registration = new LoopRegistration();
    private boolean readPending;
    private boolean writeStalled;

    /** An unconnected channel, for {@code Bootstrap.channel(BusyPollChannel.class)}. */
    public BusyPollChannel() {
        super(null);
        config = newConfig();
    }

    /** The server side of a connection accepted by {@code parent} from {@code peer}. */
    protected BusyPollChannel(BusyPollServerChannel parent, BusyPollChannel peer) {
        super(parent);
        config = newConfig();
        this.peer = peer;
        localAddress = parent.localAddress();
        remoteAddress = peer.localAddress();
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
            h.spinConfigChanged();
        }
    }

    private void autoReadCleared() {
        if (!isRegistered()) {
            readPending = false;
            return;
        }
        EventLoop loop = eventLoop();
        if (loop.inEventLoop()) {
            readPending = false;
        } else {
            loop.execute(() -> {
                if (!config.isAutoRead()) {
                    readPending = false;
                }
            });
        }
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

    @Override
    public boolean isOpen() {
        return state != State.CLOSED;
    }

    @Override
    public boolean isActive() {
        return state == State.CONNECTED;
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new BusyPollUnsafe();
    }

    /**
     * Accepts every loop here so that {@link #doRegister} can fail with a message that says what to use instead
     * of Netty's generic "incompatible event loop type".
     */
    @Override
    protected boolean isCompatible(EventLoop loop) {
        return true;
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

    @Override
    protected void doClose() throws Exception {
        BusyPollChannel peer = this.peer;
        State oldState = state;
        try {
            if (oldState != State.CLOSED) {
                BusyPollAddress local = localAddress;
                if (local != null) {
                    if (parent() == null) {
                        BusyPollChannelRegistry.unregister(local, this);
                    }
                    localAddress = null;
                }
                state = State.CLOSED;
                ChannelPromise promise = connectPromise;
                if (promise != null) {
                    promise.tryFailure(new ClosedChannelException());
                    connectPromise = null;
                }
            }
            if (peer != null) {
                this.peer = null;
                notifyPeerClosed(peer);
            }
        } finally {
            // Nothing more is read: release what is queued, and whatever a racing writer still adds (hand-off 5).
            inbound.close();
        }
    }

    private static void notifyPeerClosed(BusyPollChannel peer) {
        if (peer.isRegistered()) {
            try {
                // Always a task, even on the same loop: the peer's channelInactive follows ours.
                peer.eventLoop().execute(peer::onPeerClosed);
                return;
            } catch (RejectedExecutionException e) {
                logger.log(System.Logger.Level.DEBUG, () -> "Peer's event loop rejected the close of " + peer + "; releasing its queue", e);
            }
        }
        peer.peerClosedEarly = true;
        peer.inbound.close();
    }

    /** Set when the peer closed before this channel was registered (or its loop was gone). */
    private volatile boolean peerClosedEarly;

    /** On this channel's loop: the peer closed. Deliver what it wrote before closing (if reading), then close. */
    private void onPeerClosed() {
        ChannelPromise promise = connectPromise;
        if (promise != null && !promise.isDone()) {
            promise.tryFailure(new ConnectException("connection refused: " + remoteAddress));
        }
        if (isActive()) {
            int guard = 0;
            while (readPending && isOpen() && !inbound.isEmpty() && guard++ < 1_000_000) {
                readBurst(Integer.MAX_VALUE);
            }
        }
        if (isOpen()) {
            unsafe().close(unsafe().voidPromise());
        } else {
            inbound.close();
        }
    }

    @Override
    protected void doBeginRead() {
        // Called after every read burst with autoRead: store only on a change, and look at the next slot rather
        // than the writer's index, so that this does not take a cache line the writer uses on every hop.
        if (!readPending) {
            readPending = true;
        }
        if (inbound.hasNext()) {
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
        InboundQueue target = peer.inbound;
        boolean unannounced = false;
        boolean announced = false;
        for (;;) {
            Object msg = in.current();
            if (msg == null) {
                break;
            }
            if (target.isClosed()) {
                in.remove(new ClosedChannelException());
                continue;
            }
            if (msg instanceof ByteBuf && !((ByteBuf) msg).isReadable()) {
                in.remove(); // as on a socket, an empty buffer carries nothing to the peer
                continue;
            }
            ReferenceCountUtil.retain(msg);
            if (!target.offer(msg)) {
                target.markWriterWaiting();
                if (!target.offer(msg)) {
                    ReferenceCountUtil.release(msg);
                    writeStalled = true;
                    break;
                }
            }
            if (!announced) {
                // Wake the reader before the bookkeeping of in.remove(): the round trip does not wait for it.
                announced = true;
                announce(peer, target);
            } else {
                unannounced = true;
            }
            in.remove();
        }
        if (unannounced) {
            announce(peer, target);
        }
        if (announced) {
            BusyPollIoHandler h = handler;
            if (h != null) {
                h.outputSent(); // doWrite runs on this channel's loop, the handler's own thread
            }
        }
    }

    /** Writer side of hand-offs 2, 3 and 5, after offering to {@code target}. */
    private static void announce(BusyPollChannel peer, InboundQueue target) {
        VarHandle.fullFence();
        if (target.isClosed()) {
            target.releaseAll();
        } else {
            peer.scheduleFromPeer();
        }
    }

    /** Any thread, after publishing work for this channel and a full fence. */
    void scheduleFromPeer() {
        BusyPollIoHandler h = handler;
        if (h != null) {
            h.schedule((BusyPollUnsafe) unsafe());
        }
    }

    /** One read burst: at most {@code budget} messages, bounded by the channel's RecvByteBufAllocator. */
    @SuppressWarnings("deprecation") // RecvByteBufAllocator.Handle is what Unsafe.recvBufAllocHandle() returns
    private int readBurst(int budget) {
        RecvByteBufAllocator.Handle allocHandle = unsafe().recvBufAllocHandle();
        allocHandle.reset(config);
        ChannelPipeline pipeline = pipeline();
        int n = 0;
        do {
            if (state == State.CLOSED) {
                break;
            }
            Object msg = inbound.poll();
            if (msg == null) {
                break;
            }
            n++;
            if (!config.isAutoRead()) {
                readPending = false;
            }
            int size = sizeOf(msg);
            allocHandle.attemptedBytesRead(size);
            allocHandle.lastBytesRead(size);
            allocHandle.incMessagesRead(1);
            pipeline.fireChannelRead(msg);
        } while (n < budget && allocHandle.continueReading());
        if (n > 0) {
            allocHandle.readComplete();
            pipeline.fireChannelReadComplete();
            // Reader side of hand-off 4: we made room; resume a writer that found the queue full.
            VarHandle.fullFence();
            if (inbound.claimWriterWaiting()) {
                BusyPollChannel writer = peer;
                if (writer != null) {
                    writer.scheduleFromPeer();
                }
            }
        }
        return n;
    }

    private static int sizeOf(Object msg) {
        int size;
        if (msg instanceof ByteBuf) {
            size = ((ByteBuf) msg).readableBytes();
        } else if (msg instanceof ByteBufHolder) {
            size = ((ByteBufHolder) msg).content().readableBytes();
        } else {
            size = 1;
        }
        return Math.max(size, 1);
    }

    /**
     * On the peer's loop, before this channel's close runs: the peer reads what this channel wrote (if it is
     * reading), so that when {@code close()}'s future completes, every message this channel wrote has been
     * delivered or is about to be released with the peer's queue — as a socket's written bytes have left the
     * sender by then.
     */
    private static void drainBeforePeerCloses(BusyPollChannel reader) {
        if (!reader.isRegistered() || !reader.eventLoop().inEventLoop()) {
            return; // the reader moved to another loop meanwhile: only its own loop may poll its queue
        }
        int guard = 0;
        while (reader.readPending && reader.isActive() && !reader.inbound.isEmpty() && guard++ < 1_000_000) {
            reader.readBurst(Integer.MAX_VALUE);
        }
    }

    private final class BusyPollUnsafe extends AbstractUnsafe implements BusyPollIoHandle {
        @Override
        public void close() {
            close(voidPromise());
        }

        /**
         * Closing hops to the peer's loop (which reads what we wrote, if it is reading) and back to ours, where
         * {@link #doClose()} runs; the close future completes after that. No thread blocks, so two ends closing at
         * once cannot deadlock. A loop that is shutting down closes at once.
         */
        @Override
        protected java.util.concurrent.Executor prepareToClose() {
            BusyPollChannel peer = BusyPollChannel.this.peer;
            EventLoop ourLoop = eventLoop();
            if (peer == null || !isActive() || !peer.isRegistered() || ourLoop.isShuttingDown()) {
                return null;
            }
            EventLoop peerLoop = peer.eventLoop();
            return closeTask -> {
                try {
                    peerLoop.execute(() -> {
                        try {
                            drainBeforePeerCloses(peer);
                        } finally {
                            try {
                                ourLoop.execute(closeTask);
                            } catch (RejectedExecutionException e) {
                                closeTask.run(); // our loop is gone: nothing else polls our queue any more
                            }
                        }
                    });
                } catch (RejectedExecutionException e) {
                    closeTask.run();
                }
            };
        }

        @Override
        public void closeNow() {
            close(voidPromise());
        }

        @Override
        public void attach(BusyPollIoHandler h) {
            handler = h;
            BusyPollChannel peer = BusyPollChannel.this.peer;
            if (peer != null && parent() != null && state == null) {
                // First registration of an accepted channel: the connection is established.
                state = State.CONNECTED;
                peer.remoteAddress = parent().localAddress();
                peer.state = State.CONNECTED;
                try {
                    peer.eventLoop().execute(() -> {
                        ChannelPromise promise = peer.connectPromise;
                        if (promise != null && promise.trySuccess()) {
                            peer.pipeline().fireChannelActive();
                        }
                    });
                } catch (RejectedExecutionException e) {
                    eventLoop().execute(() -> close(voidPromise()));
                }
                if (peerClosedEarly || peer.state == State.CLOSED) {
                    eventLoop().execute(() -> close(voidPromise()));
                }
            }
            VarHandle.fullFence(); // hand-off 2 for input that arrived while we had no handler
            if (!inbound.isEmpty()) {
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
            if (h == null || !h.inLoop()) {
                // Re-registered elsewhere since it was queued: hand it on.
                if (h != null) {
                    h.schedule(this);
                }
                return 0;
            }
            int work = 0;
            if (writeStalled) {
                writeStalled = false;
                flush0();
                work++;
            }
            if (readPending && state == State.CONNECTED) {
                int budget = config.explicitBudget();
                work += readBurst(budget > 0 ? budget : defaultBudget);
                if (readPending && state == State.CONNECTED && inbound.hasNext()) {
                    h.schedule(this); // more than one burst's worth: back to the tail of the ready list
                }
            }
            return work;
        }

        @Override
        public boolean readyToPoll() {
            return writeStalled || (readPending && state == State.CONNECTED && inbound.hasNext());
        }

        @Override
        public boolean watchable() {
            return !writeStalled && readPending && state == State.CONNECTED;
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
                throw new ConnectionPendingException();
            }
            connectPromise = promise;
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
            try {
                peer = ((BusyPollServerChannel) bound).serve(BusyPollChannel.this);
            } catch (Throwable t) {
                ConnectException e = new ConnectException("connection refused: " + remoteAddress);
                e.initCause(t);
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
