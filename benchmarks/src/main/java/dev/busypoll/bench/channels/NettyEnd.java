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
package dev.busypoll.bench.channels;

import java.util.function.Consumer;
import java.util.function.LongConsumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * The ends of the channel scenarios' one-way traffic, a {@link Pump} and a {@link Sink}: each tells {@code onActive}
 * its channel is active, and reports a failure (an exception, a closed channel, a wrong count) to {@code fail} and
 * closes the channel. All state on the channel's loop.
 */
abstract class NettyEnd extends ChannelInboundHandlerAdapter {
    private final Consumer<Channel> onActive;
    final Consumer<Throwable> fail;

    NettyEnd(Consumer<Channel> onActive, Consumer<Throwable> fail) {
        this.onActive = onActive;
        this.fail = fail;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        onActive.accept(ctx.channel());
        ctx.fireChannelActive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail.accept(cause);
        ctx.close();
    }

    /** A message as a pump writes it: a buffer from {@code alloc} filled with {@code payload}. */
    static ByteBuf message(ByteBufAllocator alloc, byte[] payload) {
        return alloc.buffer(payload.length).writeBytes(payload);
    }

    /** Takes a message as a sink does: its readable bytes (-1 when it is not a buffer), and releases it. */
    static int consume(Object msg) {
        int n = msg instanceof ByteBuf b ? b.readableBytes() : -1;
        ReferenceCountUtil.release(msg);
        return n;
    }

    /**
     * Writes messages in batches, a flush after each, up to {@code batchesPerTurn} batches per turn of its loop
     * before it lets the loop run its other work; it stops while the channel is unwritable (resumed by {@code
     * channelWritabilityChanged}) or the in-flight window, if any, is full (resumed by the window).
     */
    static final class Pump extends NettyEnd {
        private final byte[] payload;
        private final int batch;
        private final int batchesPerTurn;
        private final Runnable resume = () -> {
            scheduled = false;
            pump();
        };
        private ChannelHandlerContext ctx;
        private long remaining;
        private long sentBytes;
        private boolean pumping;
        private boolean scheduled;
        private InFlightWindow window;

        Pump(int messageBytes, int batch, int batchesPerTurn, Consumer<Channel> onActive, Consumer<Throwable> fail) {
            super(onActive, fail);
            this.payload = new byte[messageBytes];
            this.batch = batch;
            this.batchesPerTurn = batchesPerTurn;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
        }

        /** Starts sending {@code messages} messages, within {@code window} unless it is {@code null}. */
        void start(long messages, InFlightWindow window) {
            this.remaining = messages;
            this.sentBytes = 0;
            this.window = window;
            pump();
        }

        /** Writes batches while allowed; idempotent, so the window, writability and the loop may all call it. */
        void pump() {
            if (pumping) {
                return; // re-entered from channelWritabilityChanged inside our own write or flush
            }
            pumping = true;
            try {
                for (int turn = 0; turn < batchesPerTurn; turn++) {
                    if (remaining == 0 || !ctx.channel().isWritable()
                            || window != null && !window.mayWrite(sentBytes)) {
                        return; // writability or the window resumes us
                    }
                    long n = Math.min(batch, remaining);
                    for (long i = 0; i < n; i++) {
                        remaining--; // count first, then write (design.md)
                        sentBytes += payload.length;
                        ctx.write(message(ctx.alloc(), payload), ctx.voidPromise());
                    }
                    ctx.flush();
                }
                if (remaining > 0 && ctx.channel().isWritable() && !scheduled) {
                    scheduled = true;
                    ctx.executor().execute(resume); // let the loop run its other work, then go on
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
                fail.accept(new IllegalStateException("sender closed with " + remaining + " messages unsent"));
            }
            ctx.fireChannelInactive();
        }
    }

    /**
     * Counts the bytes of every message its channels read toward the total {@link #reset} expects, calls {@code
     * finished} with the time of the last one, and tells the in-flight window, if any. Shared by the channels of
     * one receiver, all on one loop.
     */
    @ChannelHandler.Sharable
    static final class Sink extends NettyEnd {
        /** Bytes received; read by the coordinator after the run's end was signalled. */
        long bytes;
        private long expected;
        private InFlightWindow window;
        private LongConsumer finished;

        Sink(Consumer<Channel> onActive, Consumer<Throwable> fail) {
            super(onActive, fail);
        }

        /** Expects {@code expectedBytes} from now on; call on the sink's loop. */
        void reset(long expectedBytes, InFlightWindow window, LongConsumer finished) {
            this.bytes = 0;
            this.expected = expectedBytes;
            this.window = window;
            this.finished = finished;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int n = consume(msg);
            if (n < 0 || finished == null) {
                fail.accept(new IllegalStateException("unexpected message " + msg.getClass().getName()));
                return;
            }
            bytes += n;
            if (bytes > expected) {
                fail.accept(new IllegalStateException("received " + bytes + " bytes, expected " + expected));
                return;
            }
            if (bytes == expected) {
                finished.accept(System.nanoTime());
            }
            if (window != null) {
                window.received(bytes);
            }
        }
    }
}
