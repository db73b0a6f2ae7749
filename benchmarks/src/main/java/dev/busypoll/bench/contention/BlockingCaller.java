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
package dev.busypoll.bench.contention;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import dev.busypoll.bench.latency.LatencyRuns;
import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;

/**
 * The blocking caller, the shape of most application code (a servlet thread, a test, a command-line tool): a plain
 * thread hands each request to the client loop and blocks on a future until the reply is back, one request at a
 * time. The caller is a third busy thread beside the two loops, woken for every reply.
 *
 * <pre>
 *  [caller thread] --execute--> [client loop] --request--> [server loop]
 *        ^                         |     ^                       |
 *        +---- future completed ---+     +-------- echo ---------+
 * </pre>
 *
 * Used from the calling thread, which is the caller; the handler's state is confined to the client loop.
 */
final class BlockingCaller {
    /** How long one call may take before the run fails. */
    static final long CALL_TIMEOUT_SECONDS = 30;

    private BlockingCaller() {
    }

    /** Opens a pair over {@code t}, makes {@code warmup} calls, then times {@code calls} calls; closes the pair. */
    static LatencyRuns.Measured measure(Netty t, int warmup, int calls) throws Exception {
        Replies replies = new Replies();
        try (NettyPair pair = NettyPair.open(t, new Echo(), replies)) {
            Channel ch = pair.client();
            call(ch, replies, warmup, null);
            Histogram nanos = Shape.histogram();
            return LatencyRuns.timed(t.name() + " blocking caller", calls, () -> {
                call(ch, replies, calls, nanos);
                return nanos;
            }, () -> null);
        }
    }

    /** Makes {@code n} calls one after the other, each timed into {@code nanos} unless it is {@code null}. */
    private static void call(Channel ch, Replies replies, int n, Histogram nanos) throws Exception {
        for (int i = 0; i < n; i++) {
            long sequence = i;
            CompletableFuture<Long> reply = new CompletableFuture<>();
            long t0 = System.nanoTime();
            ch.eventLoop().execute(() -> replies.send(ch, sequence, reply));
            long answer = reply.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            long t1 = System.nanoTime();
            if (answer != sequence) {
                throw new IllegalStateException("reply " + answer + " to request " + sequence);
            }
            if (nanos != null) {
                nanos.recordValue(t1 - t0);
            }
        }
    }

    /** The client side: sends a request and completes its future with the reply. Confined to the client loop. */
    private static final class Replies extends ChannelInboundHandlerAdapter {
        private CompletableFuture<Long> pending;

        void send(Channel ch, long sequence, CompletableFuture<Long> reply) {
            if (pending != null) {
                reply.completeExceptionally(new IllegalStateException("a call is already in flight"));
                return;
            }
            pending = reply;
            ch.writeAndFlush(ch.alloc().buffer(Long.BYTES).writeLong(sequence), ch.voidPromise());
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            CompletableFuture<Long> reply = pending;
            pending = null;
            try {
                if (reply == null || !(msg instanceof ByteBuf buf) || buf.readableBytes() != Long.BYTES) {
                    throw new IllegalStateException("unexpected reply " + msg);
                }
                reply.complete(buf.readLong());
            } catch (RuntimeException e) {
                if (reply != null) {
                    reply.completeExceptionally(e);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (pending != null) {
                pending.completeExceptionally(new IllegalStateException("channel closed during a call"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (pending != null) {
                pending.completeExceptionally(cause);
            }
            ctx.close();
        }
    }
}
