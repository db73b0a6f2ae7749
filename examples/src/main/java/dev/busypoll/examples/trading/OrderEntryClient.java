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
package dev.busypoll.examples.trading;

import dev.busypoll.testbed.measure.Percentiles;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The trading client: sends the requests of an {@link OrderFlow} when the {@link LoadGenerator}
 * says they are due, and records order-to-ack latency (ACCEPTED or REJECTED arrival minus the
 * order's scheduled send time, so a late sender or a slow pipeline is charged, never hidden).
 *
 * <p>Threading: one instance per connection; everything but the counters runs on its event loop.
 * The counters may be read from any thread.
 */
public final class OrderEntryClient extends ChannelInboundHandlerAdapter {

    private final OrderFlow flow;
    private final Histogram ackNanos = Percentiles.newHistogram();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong rejects = new AtomicLong();
    private final AtomicLong fills = new AtomicLong();
    private ChannelHandlerContext ctx;

    /** @param flow the requests to send */
    public OrderEntryClient(OrderFlow flow) {
        this.flow = flow;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Sends {@code count} requests scheduled at {@code firstNanos}, {@code firstNanos + intervalNanos},
     * ... and flushes once. Must run on the channel's event loop.
     */
    void sendScheduled(long firstNanos, long intervalNanos, int count) {
        for (int i = 0; i < count; i++) {
            ctx.write(flow.next(firstNanos + i * intervalNanos), ctx.voidPromise());
        }
        sent.lazySet(sent.get() + count);
        ctx.flush();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ExecutionReport report)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        long now = System.nanoTime();
        flow.onReport(report);
        switch (report.execType()) {
            case ACCEPTED -> ackNanos.recordValue(Math.max(0, now - report.originNanos()));
            case REJECTED -> {
                ackNanos.recordValue(Math.max(0, now - report.originNanos()));
                rejects.lazySet(rejects.get() + 1);
            }
            case FILL -> fills.lazySet(fills.get() + 1);
            default -> {
            }
        }
        if (report.isFirstAnswer()) {
            answered.lazySet(answered.get() + 1);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** @return requests sent */
    public long sent() {
        return sent.get();
    }

    /** @return requests answered (each gets exactly one first answer) */
    public long answered() {
        return answered.get();
    }

    /** @return orders rejected, by the gateway or the engine */
    public long rejects() {
        return rejects.get();
    }

    /** @return fill reports received (this client is on both sides of its trades) */
    public long fills() {
        return fills.get();
    }

    /** The order-to-ack histogram (ns); touch it only on this handler's event loop. */
    Histogram ackNanos() {
        return ackNanos;
    }

    /** @return the order flow; touch it only on this handler's event loop */
    OrderFlow flow() {
        return flow;
    }
}
