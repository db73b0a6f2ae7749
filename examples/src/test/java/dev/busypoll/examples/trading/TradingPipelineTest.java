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

import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.testbed.NettyTransport;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** End to end: the whole trading pipeline, on every transport, with the same handlers. */
class TradingPipelineTest {

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldAnswerEveryOrderAndDeliverAllMarketDataUnderOpenLoopLoad(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        TradingExample.Result r = TradingExample.run(transport, 2_000, 0.2, 0.5, 3,
                NettyTransport.DEFAULT_BUSY_POLL_MICROS);

        assertEverythingAnsweredAndDelivered(r, 1_000);
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldAnswerEveryOrderWithItsStagesSharingTwoLoops(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        TradingExample.Result r = TradingExample.run(
                new TransportRun(transport, NettyTransport.DEFAULT_BUSY_POLL_MICROS),
                Layout.SHARED, 2, 4_000, 0.1, 0.5, 2);

        assertEverythingAnsweredAndDelivered(r, 2_000);
        assertEquals(4_000, r.rate());
        assertEquals(new TransportRun(transport, NettyTransport.DEFAULT_BUSY_POLL_MICROS).label(), r.label());
    }

    private static void assertEverythingAnsweredAndDelivered(TradingExample.Result r, long orders) {
        assertEquals(orders, r.sent());
        TradingExample.FlowCounts flow = r.flow();
        assertEquals(r.sent(), flow.newOrders() + flow.cancels(), "every request is a new order or a cancel");
        assertEquals(flow.newOrders(), r.orderToAckNanos().getTotalCount(),
                "every new order acknowledged exactly once, accepted or rejected");
        assertTrue(flow.badOrders() > 0, "the flow includes bad orders: " + flow);
        assertTrue(flow.alwaysRejected() <= r.rejects() && r.rejects() <= flow.badOrders(),
                "rejected: every bad order that no book can take, at most every bad order; " + r.rejects()
                        + " rejects of " + flow);
        assertTrue(r.fills() > 0, "the flow trades");
        assertTrue(r.marketData() > 0);
        assertEquals(r.marketData() * (r.orderToMarketDataNanos().getTotalCount() / r.marketData()),
                r.orderToMarketDataNanos().getTotalCount(), "every subscriber timed every message");
        assertTrue(r.minReceivedPerSubscriber() >= r.marketData(), "every subscriber received what was published"
                + " while measured, and what was before it");
        assertEquals(0, r.gaps());
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(60)
    void shouldRejectBadOrdersWithoutHurtingAnyStage(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");
        EventLoopGroup group = transport.newGroup(1);
        BlockingQueue<ExecutionReport> reports = new LinkedBlockingQueue<>();
        try (TradingPipeline p = TradingPipeline.start(transport, new int[] {1}, 1, 0, 1)) {
            Channel ch = transport.bootstrap(group, 0).handler(new ChannelInitializer<>() {
                @Override
                protected void initChannel(Channel c) {
                    if (!transport.passesObjects()) {
                        c.pipeline().addLast(new TradingCodec());
                    }
                    c.pipeline().addLast(new SimpleChannelInboundHandler<ExecutionReport>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ExecutionReport r) {
                            reports.add(r);
                        }
                    });
                }
            }).connect(p.gatewayAddress()).sync().channel();

            ch.writeAndFlush(NewOrder.limit(1, 77, Side.BUY, 100, 1, 0));
            ch.writeAndFlush(NewOrder.limit(2, 1, Side.BUY, 100, -1, 0));
            ch.writeAndFlush(NewOrder.limit(3, 1, Side.BUY, -100, 1, 0));
            ch.writeAndFlush(NewOrder.limit(4, 1, Side.SELL, 100, 5, 0));
            ch.writeAndFlush(NewOrder.limit(5, 1, Side.BUY, 101, 1, 0).asPostOnly());
            ch.writeAndFlush(new CancelOrder(6, 0, 1, 424242, 0));
            ch.writeAndFlush(NewOrder.limit(7, 1, Side.BUY, 100, 2, 0));

            assertEquals(RejectReason.UNKNOWN_INSTRUMENT, next(reports, 1).reason());
            assertEquals(RejectReason.BAD_QUANTITY, next(reports, 2).reason());
            assertEquals(RejectReason.BAD_PRICE, next(reports, 3).reason());
            assertEquals(ExecType.ACCEPTED, next(reports, 4).execType());
            ExecutionReport crossed = next(reports, 5);
            assertEquals(ExecType.REJECTED, crossed.execType());
            assertEquals(RejectReason.WOULD_CROSS, crossed.reason());
            ExecutionReport cancel = next(reports, 6);
            assertEquals(ExecType.CANCEL_REJECTED, cancel.execType());
            assertEquals(RejectReason.UNKNOWN_ORDER, cancel.reason());
            assertEquals(ExecType.ACCEPTED, next(reports, 7).execType(), "the stages survived the bad orders");
            ExecutionReport fill = next(reports, 7);
            assertEquals(ExecType.FILL, fill.execType());
            assertEquals(100, fill.lastPrice());
            assertEquals(0, fill.leavesQuantity());
            ch.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** The next report for {@code clientOrderId}, skipping the maker's fills. */
    private static ExecutionReport next(BlockingQueue<ExecutionReport> reports, long clientOrderId)
            throws InterruptedException {
        while (true) {
            ExecutionReport r = reports.poll(10, TimeUnit.SECONDS);
            assertNotNull(r, "no report for order " + clientOrderId);
            if (r.clientOrderId() == clientOrderId) {
                return r;
            }
        }
    }
}
