package dev.busypoll.bench.channels;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;

/**
 * The channel hackbench over one Netty transport: every (sender, receiver) pair of a group is one connection,
 * so a group is 20 server channels (the receivers) with 20 accepted children each, and 20 senders owning 20
 * client channels each (400 connections per group). A session connects the largest group count once; a run
 * with fewer groups drives the first ones and leaves the others' connections idle (connecting thousands of TCP
 * connections per group count would cost more time than the runs). Everything runs on ONE event loop group of
 * N threads; a receiver's server channel and all its children share one loop, and so do a sender's 20 client channels,
 * so "a receiver" and "a sender" are each served by one thread as in hackbench, assigned round-robin.
 *
 * <pre>
 *   group g (x G)        loop (g*20+s) % N                      loop (g*20+r) % N
 *   sender s (x 20):  client channel s-&gt;r, for r in 0..19  ---&gt;  child of server r  --+
 *                     pump: write 16, flush, yield to loop       ...                 |-- receiver r counts bytes
 *                     (waits for channelWritabilityChanged     child of server r  --+   until 20 x loops x 100
 *                      when unwritable)
 * </pre>
 *
 * <p>Flow control: a pump writes a burst of {@value #BURST} messages, flushes, and re-queues itself on its loop
 * so the loop's other channels (and receivers) interleave; when the channel is unwritable it stops until
 * {@code channelWritabilityChanged}. Transports with backpressure (TCP, busypoll) thus bound what is in
 * flight; {@code LocalChannel} has none (its writes land in the peer's unbounded inbound queue), so there at
 * most {@code loops} messages per connection are in flight. Set-up follows design.md's pitfalls (wait for
 * {@code channelActive} on both ends, count before writing, close channels before shutting the group down).
 */
final class NettyHackbenchChannels implements ChannelHackbenchSession {
    /** Messages written between two flushes (and between two turns of the loop). */
    static final int BURST = 16;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[ChannelHackbench.MESSAGE_BYTES];

    private final Netty spec;
    private final EventLoopGroup group;
    private final List<EventLoop> loops = new ArrayList<>();
    private final List<Channel> servers = new ArrayList<>();
    private final List<Channel> clients = new ArrayList<>();
    private final Queue<Channel> children = new ConcurrentLinkedQueue<>();
    private final List<Receiver> receivers = new ArrayList<>();
    private final List<List<Pump>> senders = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile RunState current;

    private NettyHackbenchChannels(Netty spec, EventLoopGroup group) {
        this.spec = spec;
        this.group = group;
        for (EventExecutor e : group) {
            loops.add((EventLoop) e);
        }
    }

    /**
     * Connects {@code maxGroups} groups on one group of {@code threads} event loops of {@code spec}.
     *
     * @throws IllegalStateException when channels did not become active in time
     */
    static NettyHackbenchChannels open(Netty spec, int threads, int maxGroups) throws Exception {
        NettyHackbenchChannels t = new NettyHackbenchChannels(spec, spec.newGroup(threads));
        try {
            t.connect(maxGroups);
        } catch (Exception | Error e) {
            t.close();
            throw e;
        }
        return t;
    }

    private void connect(int groups) throws Exception {
        int fds = ChannelHackbench.FDS;
        CountDownLatch active = new CountDownLatch(2 * groups * fds * fds);
        // Issue every bind, then every connect, and only then wait: one loop round trip per channel in
        // sequence would make set-up of thousands of connections take longer than the runs.
        List<ChannelFuture> binds = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            for (int r = 0; r < fds; r++) {
                EventLoop loop = loops.get((g * fds + r) % loops.size());
                Receiver receiver = new Receiver(loop);
                receivers.add(receiver);
                binds.add(spec.serverBootstrap(loop).childHandler(new ReceiverHandler(receiver, active))
                        .bind(spec.bindAddress()));
            }
        }
        for (ChannelFuture f : binds) {
            servers.add(f.sync().channel());
        }
        List<ChannelFuture> connects = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            List<Channel> groupServers = servers.subList(g * fds, (g + 1) * fds);
            for (int s = 0; s < fds; s++) {
                EventLoop loop = loops.get((g * fds + s) % loops.size());
                List<Pump> pumps = new ArrayList<>();
                for (Channel server : groupServers) {
                    Pump pump = new Pump(active);
                    pumps.add(pump);
                    connects.add(spec.clientBootstrap(loop).handler(pump).connect(server.localAddress()));
                }
                senders.add(pumps);
            }
        }
        for (ChannelFuture f : connects) {
            clients.add(f.sync().channel());
        }
        if (!active.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(spec.name() + ": " + active.getCount()
                    + " channels did not become active");
        }
    }

    @Override
    public Measured run(int groups, int loopsPerPair) throws Exception {
        Throwable earlier = failure.get();
        if (earlier != null) {
            throw new IllegalStateException("an earlier run failed", earlier);
        }
        int active = groups * ChannelHackbench.FDS;
        if (groups < 1 || active > receivers.size()) {
            throw new IllegalArgumentException("groups must be 1.." + receivers.size() / ChannelHackbench.FDS
                    + ", was " + groups);
        }
        long expectedBytes = (long) ChannelHackbench.FDS * loopsPerPair * ChannelHackbench.MESSAGE_BYTES;
        RunState state = new RunState(active);
        current = state;
        // Reset every receiver on its own loop, so the counters stay single-threaded; idle groups' receivers
        // expect nothing (a byte there is a failure).
        List<io.netty.util.concurrent.Future<?>> resets = new ArrayList<>();
        for (int i = 0; i < receivers.size(); i++) {
            Receiver r = receivers.get(i);
            long expected = i < active ? expectedBytes : 0;
            resets.add(r.loop.submit(() -> r.reset(state, expected)));
        }
        for (io.netty.util.concurrent.Future<?> f : resets) {
            f.sync();
        }
        LoopFigures before = spec.figures(loops);
        long start = System.nanoTime();
        for (List<Pump> sender : senders.subList(0, active)) {
            EventLoop loop = sender.get(0).ctx.channel().eventLoop();
            loop.execute(() -> sender.forEach(p -> p.start(loopsPerPair)));
        }
        long budget = TIMEOUT_SECONDS + (long) active * ChannelHackbench.FDS * loopsPerPair / 20_000;
        boolean done = state.done.await(budget, TimeUnit.SECONDS);
        Throwable t = failure.get();
        if (t != null) {
            throw new IllegalStateException(spec.name() + ": run failed", t);
        }
        if (!done) {
            throw new IllegalStateException(spec.name() + ": " + state.done.getCount() + " of "
                    + active + " receivers unfinished after " + budget + " s");
        }
        LoopFigures after = spec.figures(loops);
        return new Measured(start, state.lastNanos.get(), state.bytes.get() / ChannelHackbench.MESSAGE_BYTES,
                after == null ? null : after.minus(before).describe());
    }

    @Override
    public void close() {
        try {
            closeAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeAll() throws InterruptedException {
        List<Channel> all = new ArrayList<>(clients);
        all.addAll(children);
        all.addAll(servers);
        // Close everything at once and wait for all close futures together (one at a time would cost a loop
        // round trip per channel), the peers' sides included, before the group goes down (design.md).
        CountDownLatch closed = new CountDownLatch(all.size());
        for (Channel c : all) {
            c.close();
            c.closeFuture().addListener(f -> closed.countDown());
        }
        closed.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Records the first failure and releases the waiting coordinator at once. */
    private void fail(Throwable cause) {
        failure.compareAndSet(null, cause);
        RunState s = current;
        if (s != null) {
            while (s.done.getCount() > 0) {
                s.done.countDown();
            }
        }
    }

    /** One run's completion: receivers count down, the last one's time wins. */
    private static final class RunState {
        final CountDownLatch done;
        final AtomicLong lastNanos = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();

        RunState(int receivers) {
            done = new CountDownLatch(receivers);
        }

        void finished(long nanos, long receivedBytes) {
            lastNanos.accumulateAndGet(nanos, Math::max);
            bytes.addAndGet(receivedBytes);
            done.countDown();
        }
    }

    /** One receiver: its counters are touched only on its loop (all its children live there). */
    private final class Receiver {
        final EventLoop loop;
        private RunState state;
        private long expected;
        private long received;

        Receiver(EventLoop loop) {
            this.loop = loop;
        }

        void reset(RunState state, long expectedBytes) {
            this.state = state;
            this.expected = expectedBytes;
            this.received = 0;
        }

        void read(int bytes) {
            received += bytes;
            if (state == null || received > expected) {
                fail(new IllegalStateException("receiver got " + received + " bytes, expected " + expected));
                return;
            }
            if (received == expected) {
                state.finished(System.nanoTime(), received);
            }
        }
    }

    /** The server side of one receiver, shared by its 20 children (all on the receiver's loop). */
    @ChannelHandler.Sharable
    private final class ReceiverHandler extends ChannelInboundHandlerAdapter {
        private final Receiver receiver;
        private final CountDownLatch active;

        ReceiverHandler(Receiver receiver, CountDownLatch active) {
            this.receiver = receiver;
            this.active = active;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            children.add(ctx.channel());
            active.countDown();
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int bytes = msg instanceof ByteBuf b ? b.readableBytes() : -1;
            ReferenceCountUtil.release(msg);
            if (bytes < 0) {
                fail(new IllegalStateException("unexpected message " + msg.getClass()));
                return;
            }
            receiver.read(bytes);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }
    }

    /** One sender-to-receiver connection's pump; all state on the client channel's loop. */
    private final class Pump extends ChannelInboundHandlerAdapter {
        private final CountDownLatch active;
        ChannelHandlerContext ctx;
        private int remaining;
        private boolean pumping;
        private boolean scheduled;
        private final Runnable resume = () -> {
            scheduled = false;
            pump();
        };

        Pump(CountDownLatch active) {
            this.active = active;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            active.countDown();
            ctx.fireChannelActive();
        }

        void start(int loops) {
            remaining = loops;
            pump();
        }

        private void pump() {
            if (pumping) {
                return; // re-entered from channelWritabilityChanged inside our own write/flush
            }
            pumping = true;
            try {
                if (remaining > 0 && ctx.channel().isWritable()) {
                    int burst = Math.min(BURST, remaining);
                    for (int i = 0; i < burst; i++) {
                        remaining--; // count first, then write (design.md)
                        ByteBuf m = ctx.alloc().buffer(PAYLOAD.length).writeBytes(PAYLOAD);
                        ctx.write(m, ctx.voidPromise());
                    }
                    ctx.flush();
                }
                // Let the loop's other channels have a turn; unwritable waits for channelWritabilityChanged.
                if (remaining > 0 && ctx.channel().isWritable() && !scheduled) {
                    scheduled = true;
                    ctx.executor().execute(resume);
                }
            } finally {
                pumping = false;
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable()) {
                pump();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (remaining > 0) {
                fail(new IllegalStateException("sender channel closed with " + remaining
                        + " messages unsent"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }
    }
}
