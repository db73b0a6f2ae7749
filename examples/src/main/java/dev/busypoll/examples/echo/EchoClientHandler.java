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
package dev.busypoll.examples.echo;

import dev.busypoll.testbed.measure.Percentiles;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * Ping-pong client: sends a {@code messageSize}-byte message, waits for all of its bytes to come
 * back, records the round trip and sends the next, {@code roundTrips} times; then completes
 * {@link #done()} with the histogram of round-trip times in nanoseconds. Knows nothing about the
 * transport; a stream transport may deliver the echo in pieces, so it counts bytes, not reads. Each
 * message carries its own pattern ({@link #expectedByte}), and every echoed byte is compared with what was
 * sent: an echo that comes back corrupted, reordered, from another message or longer fails
 * {@link #done()}.
 *
 * <p>One instance per connection; all its state is touched only on that channel's event loop.
 */
public final class EchoClientHandler extends ChannelInboundHandlerAdapter {

    private final int messageSize;
    private final int roundTrips;
    private final Histogram rttNanos = Percentiles.newHistogram();
    private final CompletableFuture<Histogram> done = new CompletableFuture<>();
    private int sent;
    private int pendingBytes;
    private long sentAtNanos;
    /** The current message's bytes, and a buffer to copy echoed bytes into (one bulk call each: cheap to track). */
    private final byte[] message;
    private final byte[] echoed;

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
        this.message = new byte[messageSize];
        this.echoed = new byte[messageSize];
    }

    /** Completes with the round-trip histogram (ns), or fails if the channel closes first. */
    public CompletableFuture<Histogram> done() {
        return done;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        sendNext(ctx);
    }

    /** Byte {@code index} (from 0) of the message of round trip {@code roundTrip} (from 1): differs per message. */
    static byte expectedByte(int roundTrip, int index) {
        return (byte) (roundTrip * 31 + index);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        String mismatch;
        try {
            mismatch = compare(buf);
            pendingBytes -= buf.readableBytes();
        } finally {
            buf.release();
        }
        if (mismatch != null) {
            done.completeExceptionally(new IllegalStateException("round trip " + sent + ": " + mismatch));
            ctx.close();
            return;
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

    /** What is wrong with these echoed bytes of the current message, or null if they are what was sent. */
    private String compare(ByteBuf buf) {
        int readable = buf.readableBytes();
        if (readable > pendingBytes) {
            return (readable - pendingBytes) + " bytes more than were sent";
        }
        int offset = messageSize - pendingBytes;
        buf.getBytes(buf.readerIndex(), echoed, offset, readable);
        int at = Arrays.mismatch(echoed, offset, offset + readable, message, offset, offset + readable);
        return at < 0 ? null : "byte " + (offset + at) + " came back as " + echoed[offset + at] + ", sent "
                + message[offset + at];
    }

    private void sendNext(ChannelHandlerContext ctx) {
        ByteBuf out = ctx.alloc().buffer(messageSize);
        sent++;
        for (int i = 0; i < messageSize; i++) {
            message[i] = expectedByte(sent, i);
        }
        out.writeBytes(message);
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
