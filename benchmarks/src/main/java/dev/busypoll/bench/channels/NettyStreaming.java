package dev.busypoll.bench.channels;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;

/**
 * Streaming over one Netty transport: a client channel on a single-threaded group streams {@value
 * Streaming#MESSAGE_BYTES}-byte buffers one way to the server's accepted child on another single-threaded group.
 *
 * <pre>
 *   client loop (group C, 1 thread)                    server loop (group S, 1 thread)
 *     pump: write batch, flush, repeat  ---- 64 B x n ----&gt;  child channelRead: count bytes, release
 *       stops when unwritable (resumes on                     last byte: note the time, complete
 *       channelWritabilityChanged) or when the
 *       in-flight window is full (resumed by the receiver)
 * </pre>
 *
 * <p>Flow control: Netty's writability (water marks) for the transports that have backpressure, and an {@link
 * InFlightWindow} of {@value #WINDOW_BYTES} bytes for every transport so LocalChannel, which has none, cannot
 * grow the heap without bound. Set-up follows design.md's pitfalls (both ends active before traffic, count
 * before writing, close channels before the groups).
 */
final class NettyStreaming implements StreamingSession {
    /** Bytes in flight at most (a memory guard; above the socket and queue buffers of the other transports). */
    static final long WINDOW_BYTES = 1 << 20;
    /** Batches written in one turn of the client loop before it lets the loop run its other work. */
    private static final int BATCHES_PER_TURN = 64;
    private static final long TIMEOUT_SECONDS = 60;
    private static final byte[] PAYLOAD = new byte[Streaming.MESSAGE_BYTES];

    private final Netty spec;
    private final Sink sink;
    private final Pump pump;
    private final NettyPair pair;

    private NettyStreaming(Netty spec, Sink sink, Pump pump) throws Exception {
        this.spec = spec;
        this.sink = sink;
        this.pump = pump;
        this.pair = NettyPair.open(spec, sink, pump);
    }

    /**
     * Connects a client to a server of {@code spec}.
     *
     * @param batch messages written between two flushes
     */
    static NettyStreaming open(Netty spec, int batch) throws Exception {
        return new NettyStreaming(spec, new Sink(), new Pump(batch));
    }

    @Override
    public Measured run(long messages) throws Exception {
        EventLoop clientLoop = pair.clientLoop();
        EventLoop serverLoop = pair.serverLoop();
        CompletableFuture<Long> done = new CompletableFuture<>();
        long expected = messages * PAYLOAD.length;
        InFlightWindow window = new InFlightWindow(WINDOW_BYTES, clientLoop, pump::pump);
        serverLoop.submit(() -> sink.reset(expected, window, done)).sync();
        LoopFigures before = spec.figures(List.of(clientLoop, serverLoop));
        long start = System.nanoTime();
        clientLoop.execute(() -> pump.start(messages, window, done));
        long end = done.get(TIMEOUT_SECONDS + messages / 100_000, TimeUnit.SECONDS);
        LoopFigures after = spec.figures(List.of(clientLoop, serverLoop));
        return new Measured(start, end, sink.bytes / PAYLOAD.length,
                after == null ? null : after.minus(before).describe());
    }

    @Override
    public void close() {
        pair.close();
    }

    /** A message as the pump writes it: a {@value Streaming#MESSAGE_BYTES}-byte buffer from {@code alloc}, filled. */
    static ByteBuf message(ByteBufAllocator alloc) {
        return alloc.buffer(PAYLOAD.length).writeBytes(PAYLOAD);
    }

    /** Takes a message as the sink does: its readable bytes (-1 when it is not a buffer), and releases it. */
    static int consume(Object msg) {
        int n = msg instanceof ByteBuf b ? b.readableBytes() : -1;
        ReferenceCountUtil.release(msg);
        return n;
    }

    /** The receiving side; its counters are touched only on the server loop (after {@link #reset}). */
    static final class Sink extends ChannelInboundHandlerAdapter {
        /** Read by the coordinator after {@code done} completed (the future orders it). */
        long bytes;
        private long expected;
        private InFlightWindow window;
        private CompletableFuture<Long> done;

        void reset(long expectedBytes, InFlightWindow window, CompletableFuture<Long> done) {
            this.bytes = 0;
            this.expected = expectedBytes;
            this.window = window;
            this.done = done;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int n = consume(msg);
            if (n < 0 || done == null) {
                fail(new IllegalStateException("unexpected message " + msg.getClass().getName()));
                return;
            }
            bytes += n;
            if (bytes > expected) {
                fail(new IllegalStateException("received " + bytes + " bytes, expected " + expected));
                return;
            }
            if (bytes == expected) {
                done.complete(System.nanoTime());
            }
            window.received(bytes);
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

    /** The sending side; all state on the client loop. */
    static final class Pump extends ChannelInboundHandlerAdapter {
        private final int batch;
        private ChannelHandlerContext ctx;
        private long remaining;
        private long sentBytes;
        private boolean pumping;
        private InFlightWindow window;
        private CompletableFuture<Long> done;

        Pump(int batch) {
            this.batch = batch;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            ctx.fireChannelActive();
        }

        void start(long messages, InFlightWindow window, CompletableFuture<Long> done) {
            this.remaining = messages;
            this.sentBytes = 0;
            this.window = window;
            this.done = done;
            pump();
        }

        /** Writes batches while allowed; idempotent, so the window, writability and the loop may all call it. */
        void pump() {
            if (pumping || remaining == 0) {
                return; // re-entered from channelWritabilityChanged inside our own write or flush
            }
            pumping = true;
            try {
                for (int turn = 0; turn < BATCHES_PER_TURN; turn++) {
                    if (remaining == 0 || !ctx.channel().isWritable() || !window.mayWrite(sentBytes)) {
                        return; // writability or the window resumes us
                    }
                    int n = (int) Math.min(batch, remaining);
                    for (int i = 0; i < n; i++) {
                        remaining--; // count first, then write (design.md)
                        sentBytes += PAYLOAD.length;
                        ctx.write(message(ctx.alloc()), ctx.voidPromise());
                    }
                    ctx.flush();
                }
                if (remaining > 0) {
                    ctx.executor().execute(this::pump); // let the loop run its other work, then go on
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
            if (done != null && !done.isDone()) {
                done.completeExceptionally(new IllegalStateException("client closed with " + remaining
                        + " messages unsent"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
            }
            ctx.close();
        }
    }
}
