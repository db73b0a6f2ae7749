package dev.busypoll.bench.pingpong;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.bench.transport.NamedTransport;
import dev.busypoll.bench.transport.NettyTransportSpec;

/**
 * Ping-pong over a Netty transport: a client channel on one single-threaded event loop group, the server (and
 * its accepted child) on another, an 8-byte {@link ByteBuf} echoed back. One round trip is timed on the
 * client's event loop from the write to the reply's {@code channelRead}.
 *
 * <pre>
 *   main thread: start(n) ------------------+                       waits on a future, parked
 *                                           v
 *   client loop (group C, 1 thread)               server loop (group S, 1 thread)
 *     sentAt = nanoTime
 *     writeAndFlush(8 bytes) ----&gt; [transport] ----&gt; child channelRead
 *     channelRead: record(nanoTime - sentAt) &lt;------- writeAndFlush(same buffer)
 *       count, then write the next one
 * </pre>
 *
 * <p>The set-up follows design.md's pitfalls: traffic starts only after both sides ran {@code channelActive}
 * ({@link dev.busypoll.bench.transport.NettyPair}), the pump counts before it writes, and channels are closed (and waited for) before the groups
 * are shut down.
 */
public final class NettyTransport extends NamedTransport implements PingPongTransport {
    private static final long TIMEOUT_SECONDS = 30;

    private final NettyTransportSpec spec;

    /** @param spec the transport to bounce messages over */
    public NettyTransport(NettyTransportSpec spec) {
        super(spec, 2); // the client loop and the server loop
        this.spec = spec;
    }

    @Override
    public Session open() throws Exception {
        Client client = new Client();
        NettyPair pair = NettyPair.open(spec, new Echo(), client);
        EventLoop clientLoop = pair.clientLoop();
        EventLoop serverLoop = pair.serverLoop();
        return new Session() {
            private String lastRunStats;

            @Override
            public long run(int roundTrips, Histogram histogram) throws Exception {
                LoopFigures client0 = spec.figures(clientLoop);
                LoopFigures server0 = spec.figures(serverLoop);
                CompletableFuture<Long> done = new CompletableFuture<>();
                clientLoop.execute(() -> client.start(roundTrips, histogram, done));
                long completed = done.get(TIMEOUT_SECONDS + roundTrips / 1_000, TimeUnit.SECONDS);
                if (client0 != null) {
                    // The loops' current idle episodes are still open; their figures land when they end.
                    lastRunStats = "client loop " + spec.figures(clientLoop).minus(client0).describe()
                            + " | server loop " + spec.figures(serverLoop).minus(server0).describe();
                }
                return completed;
            }

            @Override
            public String idleStats() {
                return lastRunStats;
            }

            @Override
            public void close() {
                pair.close();
            }
        };
    }

    /**
     * The client side: the pump. All state is touched only on the client's event loop, except that
     * {@link #start} is handed over with {@code execute} and the result comes back through a future.
     */
    static final class Client extends ChannelInboundHandlerAdapter {
        private ChannelHandlerContext ctx;
        private int remaining;
        private long completed;
        private long sequence;
        private int pendingBytes;
        private long sentAt;
        private Histogram histogram;
        private CompletableFuture<Long> done;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            ctx.fireChannelActive();
        }

        void start(int roundTrips, Histogram histogram, CompletableFuture<Long> done) {
            if (this.done != null && !this.done.isDone()) {
                done.completeExceptionally(new IllegalStateException("a run is already in progress"));
                return;
            }
            this.histogram = histogram;
            this.done = done;
            this.completed = 0;
            this.remaining = roundTrips;
            if (roundTrips == 0) {
                done.complete(0L);
                return;
            }
            send();
        }

        private void send() {
            ByteBuf buf = ctx.alloc().buffer(8).writeLong(sequence++);
            pendingBytes = 8;
            sentAt = System.nanoTime();
            ctx.writeAndFlush(buf, ctx.voidPromise());
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = System.nanoTime();
            int bytes = msg instanceof ByteBuf buf ? buf.readableBytes() : -1;
            ReferenceCountUtil.release(msg);
            if (bytes < 0 || done == null || done.isDone()) {
                fail(new IllegalStateException("unexpected message " + msg.getClass().getName()));
                return;
            }
            pendingBytes -= bytes; // TCP may split the 8 bytes; a round trip ends with its last byte
            if (pendingBytes > 0) {
                return;
            }
            if (pendingBytes < 0) {
                fail(new IllegalStateException("received more bytes than sent"));
                return;
            }
            if (histogram != null) {
                histogram.recordValue(now - sentAt);
            }
            // Count first, then write (design.md: a write may re-enter this handler).
            completed++;
            if (--remaining == 0) {
                done.complete(completed);
            } else {
                send();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (done != null && !done.isDone()) {
                fail(new IllegalStateException("channel closed after " + completed + " round trips"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }

        private void fail(Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
            }
        }
    }
}
