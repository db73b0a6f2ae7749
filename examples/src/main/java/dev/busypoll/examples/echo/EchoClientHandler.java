package dev.busypoll.examples.echo;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.HdrHistogram.Histogram;

import java.util.concurrent.CompletableFuture;

/**
 * Ping-pong client: sends a {@code messageSize}-byte message, waits for all of its bytes to come
 * back, records the round trip and sends the next, {@code roundTrips} times; then completes
 * {@link #done()} with the histogram of round-trip times in nanoseconds. Knows nothing about the
 * transport; a stream transport may deliver the echo in pieces, so it counts bytes, not reads.
 *
 * <p>One instance per connection; all its state is touched only on that channel's event loop.
 */
public final class EchoClientHandler extends ChannelInboundHandlerAdapter {

    private final int messageSize;
    private final int roundTrips;
    private final Histogram rttNanos = new Histogram(3_600_000_000_000L, 3);
    private final CompletableFuture<Histogram> done = new CompletableFuture<>();
    private int sent;
    private int pendingBytes;
    private long sentAtNanos;

    /**
     * @param messageSize bytes per message, at least 1
     * @param roundTrips  round trips to time, at least 1
     */
    public EchoClientHandler(int messageSize, int roundTrips) {
        if (messageSize < 1 || roundTrips < 1) {
            throw new IllegalArgumentException("messageSize and roundTrips must be >= 1");
        }
        this.messageSize = messageSize;
        this.roundTrips = roundTrips;
    }

    /** Completes with the round-trip histogram (ns), or fails if the channel closes first. */
    public CompletableFuture<Histogram> done() {
        return done;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        sendNext(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        try {
            pendingBytes -= buf.readableBytes();
        } finally {
            buf.release();
        }
        if (pendingBytes > 0) {
            return;
        }
        rttNanos.recordValue(System.nanoTime() - sentAtNanos);
        if (sent < roundTrips) {
            sendNext(ctx);
        } else {
            done.complete(rttNanos);
        }
    }

    private void sendNext(ChannelHandlerContext ctx) {
        ByteBuf out = ctx.alloc().buffer(messageSize);
        out.writeZero(messageSize);
        sent++;
        pendingBytes = messageSize;
        sentAtNanos = System.nanoTime();
        ctx.writeAndFlush(out);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        done.completeExceptionally(new IllegalStateException("channel closed after " + sent + " round trips"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        done.completeExceptionally(cause);
        ctx.close();
    }
}
