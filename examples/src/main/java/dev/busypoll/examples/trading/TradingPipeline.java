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
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.measure.Percentiles;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;

import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The trading prototype wired up on one {@link Transport}, its stages placed on event loops by a
 * {@link Layout} ({@link #STAGES}; under {@link Layout#DEDICATED} every stage on a loop of its own):
 *
 * <pre>
 *  [client] --orders--> [gateway] --orders--> [engine] --market data--> [publisher] ==> [subscriber] x N
 *     ^                    |  ^                  |
 *     +------reports-------+  +-----reports------+
 * </pre>
 *
 * Threads: the stages' event loops and nothing else: the {@link LoadGenerator} paces from the
 * client's loop, and the caller only waits. On in-JVM transports the
 * immutable messages travel by reference; on network transports a {@link TradingCodec} is added
 * in front of each stage handler. The handlers are the same either way.
 *
 * <p>Start with {@link #start}, use from one thread, {@link #close} when done.
 */
public final class TradingPipeline implements AutoCloseable {

    /** The stages, in the order an order passes them; the N subscribers are one stage. */
    public static final List<String> STAGES = List.of("client", "gateway", "engine", "publisher", "subscribers");

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final NettyTransport transport;
    private final StageLoops loops;
    private final List<Channel> connections = new ArrayList<>();
    private final List<Channel> servers = new ArrayList<>();
    private final List<MarketDataSubscriber> subscribers = new ArrayList<>();
    private final MarketDataPublisher publisher = new MarketDataPublisher();
    private final EventLoopGroup subscriberGroup;
    /** The matching engine's handler, once wired: its market-data count tells when none is in flight. */
    private volatile MatchingEngineHandler engine;
    private OrderEntryClient client;
    private Channel clientChannel;
    private SocketAddress gatewayAddress;

    private TradingPipeline(NettyTransport transport, StageLoops loops) {
        this.transport = transport;
        this.loops = loops;
        this.subscriberGroup = loops.group("subscribers");
    }

    /**
     * Binds and connects every stage and waits until all subscribers are attached.
     *
     * @param transport       what carries the messages between stages
     * @param instruments     the listed instrument ids
     * @param subscriberCount market-data subscribers to fan out to
     * @param busyPollMicros  busy-poll budget for the transport (ignored by those without one)
     * @param seed            seed of the client's order flow
     */
    public static TradingPipeline start(NettyTransport transport, int[] instruments, int subscriberCount,
                                        int busyPollMicros, long seed) throws Exception {
        return start(transport, Layout.DEDICATED, 1, instruments, subscriberCount, busyPollMicros, seed);
    }

    /**
     * As {@link #start(NettyTransport, int[], int, int, long)}, with the stages placed by {@code layout} on
     * {@code cores} cores ({@link Layout#loops}: no busy thread besides the loops).
     */
    public static TradingPipeline start(NettyTransport transport, Layout layout, int cores, int[] instruments,
                                        int subscriberCount, int busyPollMicros, long seed) throws Exception {
        TradingPipeline p = new TradingPipeline(transport, new StageLoops(transport, layout, STAGES, 0, cores));
        try {
            p.wire(instruments, subscriberCount, busyPollMicros, seed);
            return p;
        } catch (Exception | Error e) {
            p.close();
            throw e;
        }
    }

    private void wire(int[] instruments, int subscriberCount, int busyPollMicros, long seed) throws Exception {
        String prefix = "trading-" + INSTANCES.incrementAndGet() + "-";
        EventLoopGroup publisherGroup = loops.group("publisher");
        EventLoopGroup engineGroup = loops.group("engine");
        EventLoopGroup gatewayGroup = loops.group("gateway");
        EventLoopGroup clientGroup = loops.group("client");

        Channel mdIn = bind(publisherGroup, prefix + "md-in", busyPollMicros, publisher::engineHandler);
        Channel mdOut = bind(publisherGroup, prefix + "md-out", busyPollMicros, publisher::subscriberHandler);

        Channel engineToPublisher = connect(engineGroup, mdIn.localAddress(), busyPollMicros,
                ChannelInboundHandlerAdapter::new);
        MatchingEngineHandler engine = new MatchingEngineHandler(instruments, engineToPublisher);
        this.engine = engine;
        Channel engineServer = bind(engineGroup, prefix + "engine", busyPollMicros, () -> engine);

        OrderGateway gateway = new OrderGateway(instruments);
        ChannelHandler gatewayEngineSide = gateway.engineHandler();
        gateway.attachEngine(connect(gatewayGroup, engineServer.localAddress(), busyPollMicros,
                () -> gatewayEngineSide));
        Channel gatewayServer = bind(gatewayGroup, prefix + "gateway", busyPollMicros, gateway::newSessionHandler);

        for (int i = 0; i < subscriberCount; i++) {
            MarketDataSubscriber s = new MarketDataSubscriber();
            subscribers.add(s);
            connect(subscriberGroup, mdOut.localAddress(), busyPollMicros, () -> s);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (publisher.subscribers() < subscriberCount) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("subscribers did not attach: " + publisher.subscribers());
            }
            Thread.sleep(1);
        }

        gatewayAddress = gatewayServer.localAddress();
        client = new OrderEntryClient(new OrderFlow(instruments, seed));
        OrderEntryClient c = client;
        clientChannel = connect(clientGroup, gatewayServer.localAddress(), busyPollMicros, () -> c);
    }

    private ChannelInitializer<Channel> init(Supplier<? extends ChannelHandler> handler) {
        boolean codec = !transport.passesObjects();
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                if (codec) {
                    ch.pipeline().addLast(new TradingCodec());
                }
                ch.pipeline().addLast(handler.get());
            }
        };
    }

    private Channel bind(EventLoopGroup group, String name, int busyPollMicros,
                         Supplier<? extends ChannelHandler> handler) throws InterruptedException {
        Channel ch = transport.serverBootstrap(group, busyPollMicros).childHandler(init(handler))
                .bind(transport.bindAddress(name)).sync().channel();
        servers.add(ch);
        return ch;
    }

    private Channel connect(EventLoopGroup group, SocketAddress remote, int busyPollMicros,
                            Supplier<? extends ChannelHandler> handler) throws InterruptedException {
        Channel ch = transport.bootstrap(group, busyPollMicros).handler(init(handler)).connect(remote).sync().channel();
        connections.add(ch);
        return ch;
    }

    /** @return the transport this pipeline runs on */
    public NettyTransport transport() {
        return transport;
    }

    /** @return the stages' event loops, and how they are laid out */
    public StageLoops loops() {
        return loops;
    }

    /** @return the order-entry client */
    public OrderEntryClient client() {
        return client;
    }

    /** @return the client's channel (its event loop runs the client) */
    public Channel clientChannel() {
        return clientChannel;
    }

    /** @return where more order-entry clients can connect (they need a {@link TradingCodec} when
     *          {@code !transport().passesObjects()}) */
    public SocketAddress gatewayAddress() {
        return gatewayAddress;
    }

    /** @return the market-data publisher */
    public MarketDataPublisher publisher() {
        return publisher;
    }

    /** @return the market-data subscribers */
    public List<MarketDataSubscriber> subscribers() {
        return subscribers;
    }

    /**
     * Waits until the client has sent {@code expectedSent} requests, every request has its
     * answer and every subscriber has received everything published.
     */
    public void awaitQuiet(long expectedSent, long timeout, TimeUnit unit) throws Exception {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!isQuiet(expectedSent)) {
            if (System.nanoTime() > deadline) {
                StringBuilder sb = new StringBuilder("pipeline not quiet: sent=").append(client.sent())
                        .append("/").append(expectedSent).append(" answered=").append(client.answered())
                        .append(" published=").append(publisher.published()).append(" received=");
                subscribers.forEach(s -> sb.append(s.received()).append(' '));
                throw new TimeoutException(sb.toString());
            }
            Thread.sleep(1);
        }
    }

    private boolean isQuiet(long expectedSent) {
        if (client.sent() != expectedSent || client.answered() != expectedSent) {
            return false;
        }
        long published = publisher.published();
        // Market data still in flight from the engine to the publisher would otherwise look quiet.
        if (published != engine.marketDataSent()) {
            return false;
        }
        for (MarketDataSubscriber s : subscribers) {
            if (s.received() != published) {
                return false;
            }
        }
        return true;
    }

    /** Clears the latency histograms (on their event loops); call while the pipeline is quiet. */
    public void resetLatencies() throws Exception {
        clientChannel.eventLoop().submit(() -> client.ackNanos().reset()).get();
        subscriberGroup.next().submit(() -> subscribers.forEach(s -> s.latencyNanos().reset())).get();
    }

    /** @return a copy of the order-to-ack histogram (ns), taken on the client's event loop */
    public Histogram orderToAck() throws Exception {
        return clientChannel.eventLoop().submit(() -> client.ackNanos().copy()).get();
    }

    /** @return the order-to-market-data histogram (ns) of all subscribers together */
    public Histogram orderToMarketData() throws Exception {
        return subscriberGroup.next().submit(() -> {
            Histogram all = Percentiles.newHistogram();
            subscribers.forEach(s -> all.add(s.latencyNanos()));
            return all;
        }).get();
    }

    /** Closes every connection, then every server, then shuts the event loops down. */
    @Override
    public void close() {
        for (int i = connections.size() - 1; i >= 0; i--) {
            connections.get(i).close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        for (Channel s : servers) {
            s.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        loops.close();
    }
}
