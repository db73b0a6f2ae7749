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
package dev.busypoll.bench.idle;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import dev.busypoll.bench.config.Checks;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.testbed.measure.Table;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;

/**
 * Memory per idle connection: per in-JVM transport, {@code connections} connections (both ends) on one group of two
 * loops, no message sent; the heap used after a full GC with them, less before, per connection. Used from one
 * thread; asks for GC ({@link System#gc()}), so it runs with nothing else measured.
 */
public final class IdleMemory {
    /** The transports that keep both ends of a connection on the heap: LocalChannel twice and busypoll. */
    static final List<String> KEYS = List.of("local-default", "local-io", "busypoll0");
    /** Idle connections per transport: enough that the heap's own noise is a few bytes per connection. */
    public static final int CONNECTIONS = 5_000;
    private static final long TIMEOUT_SECONDS = 60;

    private IdleMemory() {
    }

    /** One transport: its name and key, bytes per connection, or why it has none ("failed: ..."). */
    public record Row(String name, String key, int connections, double bytesPerConnection, String unavailable) {
    }

    /** The in-JVM Netty transports, in report order (busypoll once: its spin setting takes no memory). */
    public static List<Netty> transports() {
        return Netty.all(List.of(0L)).stream().filter(t -> KEYS.contains(t.key())).toList();
    }

    /** Measures every transport of {@code transports}, one at a time, printing one progress line each. */
    public static List<Row> run(List<Netty> transports, int connections, PrintStream progress) {
        Checks.check(connections >= 1, "connections must be >= 1", connections);
        List<Row> rows = new ArrayList<>();
        for (Netty t : transports) {
            Row r;
            try {
                r = new Row(t.name(), t.key(), connections, measure(t, connections), null);
                progress.printf("idle memory %-42s %8.0f bytes per connection (%d connections)%n", t.name(),
                        r.bytesPerConnection(), connections);
            } catch (Exception | AssertionError e) {
                r = new Row(t.name(), t.key(), connections, Double.NaN, "failed: " + e);
                progress.printf("idle memory %-42s FAILED: %s%n", t.name(), e);
            }
            rows.add(r);
        }
        return List.copyOf(rows);
    }

    /** The table: bytes per connection and the ratio to LocalChannel on DefaultEventLoopGroup. */
    public static Table table(List<Row> rows) {
        Table t = new Table(List.of("transport", "connections", "heap bytes per idle connection (both ends)",
                "/ LocalChannel(Default)"));
        Row local = rows.stream().filter(r -> r.key().equals("local-default")).findFirst().orElse(null);
        for (Row r : rows) {
            boolean ok = r.unavailable() == null;
            t.add(List.of(r.name(), String.valueOf(r.connections()),
                    ok ? Table.fmt(r.bytesPerConnection(), 0) : Table.label(r.unavailable()),
                    ok && local != null && local.unavailable() == null
                            ? Table.fmt(r.bytesPerConnection() / local.bytesPerConnection(), 2) + "x" : "n/a"));
        }
        return t;
    }

    private static double measure(Netty t, int connections) throws Exception {
        EventLoopGroup group = t.newGroup(2);
        List<Channel> channels = new ArrayList<>();
        Queue<Channel> children = new ConcurrentLinkedQueue<>();
        ChannelHandler accept = new Idle(children);
        ChannelHandler idle = new Idle(null);
        try {
            Channel server = t.serverBootstrap(group).childHandler(accept).bind(t.bindAddress()).sync().channel();
            channels.add(server);
            connect(t, group, server, idle, 1, channels); // classes loaded, pools made, before the first reading
            waitFor(children, 1);
            long before = heapAfterGc();
            connect(t, group, server, idle, connections, channels);
            waitFor(children, connections + 1);
            long after = heapAfterGc();
            return (after - before) / (double) connections;
        } finally {
            List<Channel> all = new ArrayList<>(channels);
            all.addAll(children);
            NettyPair.close(all, group);
        }
    }

    private static void connect(Netty t, EventLoopGroup group, Channel server, ChannelHandler handler, int n,
                                List<Channel> channels) throws InterruptedException {
        List<ChannelFuture> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            futures.add(t.clientBootstrap(group).handler(handler).connect(server.localAddress()));
        }
        for (ChannelFuture f : futures) {
            channels.add(f.sync().channel());
        }
    }

    private static void waitFor(Queue<Channel> children, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (children.size() < n) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(children.size() + " of " + n + " connections accepted");
            }
            Thread.sleep(1);
        }
    }

    /** Heap used after a few full collections, bytes. */
    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** A handler shared by every channel, doing nothing but counting accepted children when asked to. */
    @ChannelHandler.Sharable
    private static final class Idle extends ChannelInboundHandlerAdapter {
        private final Queue<Channel> children;

        Idle(Queue<Channel> children) {
            this.children = children;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (children != null) {
                children.add(ctx.channel());
            }
            ctx.fireChannelActive();
        }
    }
}
