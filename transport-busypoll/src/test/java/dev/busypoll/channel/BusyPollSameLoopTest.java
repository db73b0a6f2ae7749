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
package dev.busypoll.channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ManualIoEventLoop;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two ends of a connection on one loop, driven step by step on the test thread ({@link ManualIoEventLoop}). Each
 * connection reads in write order, and a reply that a write's listener sends back is read after the write that
 * caused it, whatever the loop did for the channels earlier in the same batch of tasks (connecting them, say);
 * across connections no order is promised (see {@link BusyPollChannel}, "Order"). The peer reads a write within
 * the writer's flush, as {@code LocalChannel} does; yet no channel reads within its own write or its own read (a
 * reply the peer writes back at once waits for the loop's next pass, as on a socket), the nesting is bounded, the
 * loop runs its tasks between the round trips of an echo, and what the writer's handlers flushed meanwhile still
 * goes out.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyPollSameLoopTest {
    private ManualIoEventLoop loop;
    private final List<String> reads = new ArrayList<>();
    private final List<Channel> children = new ArrayList<>();

    /** Records which side read how many bytes, then releases it. */
    private final class Recorder extends ChannelInboundHandlerAdapter {
        private final String side;

        Recorder(String side) {
            this.side = side;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            reads.add(side + " read " + ((ByteBuf) msg).readableBytes());
            ReferenceCountUtil.release(msg);
        }
    }

    /** Writes back what it reads. */
    @ChannelHandler.Sharable
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush(msg);
        }
    }

    @BeforeEach
    void startLoop() {
        loop = new ManualIoEventLoop(Thread.currentThread(), BusyPollIoHandler.newFactory());
        loop.runNow();
    }

    @AfterEach
    void stopLoop() {
        for (Channel child : children) {
            child.close();
        }
        loop.shutdown();
        while (!loop.isTerminated()) {
            loop.runNow();
        }
    }

    private void runUntil(BooleanSupplier done) {
        for (int i = 0; i < 10_000 && !done.getAsBoolean(); i++) {
            loop.runNow();
        }
        assertTrue(done.getAsBoolean(), "the loop got there");
    }

    private static ByteBuf bytes(int n) {
        return Unpooled.wrappedBuffer(new byte[n]);
    }

    /** Binds a server whose children get {@code child}, connects a client with {@code client}; both connected. */
    private Channel connect(String name, ChannelHandler child, ChannelHandler client) {
        int before = children.size();
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(child);
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress(name));
        runUntil(bind::isDone);
        ChannelFuture connect = new Bootstrap().group(loop).channel(BusyPollChannel.class).handler(client)
                .connect(bind.channel().localAddress());
        runUntil(() -> connect.isDone() && children.size() == before + 1 && children.get(before).isActive());
        assertTrue(connect.isSuccess(), "connected");
        bind.channel().close();
        return connect.channel();
    }

    @Test
    void shouldReadAPeerOnTheSameLoopWithinTheWritersFlush() {
        Channel client = connect("same-loop-now", new Recorder("child"), new Recorder("client"));
        List<String> seenAfterFlush = new ArrayList<>();
        loop.execute(() -> {
            client.writeAndFlush(bytes(100));
            seenAfterFlush.addAll(reads);
        });
        runUntil(() -> reads.size() == 1);
        assertEquals(List.of("child read 100"), seenAfterFlush, "read within the writing task");
        client.close();
        runUntil(() -> !client.isOpen() && !children.get(0).isOpen());
    }

    /**
     * An HTTP client's shape: it writes a request, and only once the write call returns does it get ready for the
     * response. A server on the same loop answers at once, within the client's flush: the client reads the answer
     * after its write call, as over a socket.
     */
    @Test
    void shouldNotReadAChannelWithinItsOwnWriteWhenThePeerAnswersAtOnce() {
        boolean[] writing = {false};
        List<Boolean> readWhileWriting = new ArrayList<>();
        Channel client = connect("same-loop-answer", new Echo(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                readWhileWriting.add(writing[0]);
                ReferenceCountUtil.release(msg);
            }
        });
        loop.execute(() -> {
            writing[0] = true;
            try {
                client.writeAndFlush(bytes(10));
            } finally {
                writing[0] = false;
            }
        });
        runUntil(() -> readWhileWriting.size() == 1);
        assertEquals(List.of(false), readWhileWriting, "the answer is read after the write call returned");
        client.close();
        runUntil(() -> !client.isOpen() && !children.get(0).isOpen());
    }

    /**
     * A child, read from the ready list, writes to a second connection whose far end, on the same loop, makes the
     * child's own client write to it: the child is not read again within its own {@code channelRead}.
     */
    @Test
    void shouldNotReadAChannelWithinItsOwnRead() {
        int[] depth = {0};
        int[] deepest = {0};
        Channel[] firstClient = {null};
        Channel second = connect("same-loop-second", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                firstClient[0].writeAndFlush(bytes(2)); // to the first child, which is inside its channelRead
            }
        }, new Recorder("second client"));
        firstClient[0] = connect("same-loop-first", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                depth[0]++;
                deepest[0] = Math.max(deepest[0], depth[0]);
                try {
                    reads.add("first child read " + ((ByteBuf) msg).readableBytes());
                    ReferenceCountUtil.release(msg);
                    if (reads.size() == 1) {
                        second.writeAndFlush(bytes(1));
                    }
                } finally {
                    depth[0]--;
                }
            }
        }, new Recorder("first client"));
        Channel firstChild = children.get(1);
        // Not reading while its client writes: the child then reads from the ready list, not within that flush.
        firstChild.config().setAutoRead(false);
        firstClient[0].writeAndFlush(bytes(3));
        runUntil(() -> firstChild.unsafe().outboundBuffer() != null && ((BusyPollChannel) firstChild).link.inbound.hasNext());
        firstChild.config().setAutoRead(true);
        runUntil(() -> reads.size() == 2);
        assertEquals(List.of("first child read 3", "first child read 2"), reads);
        assertEquals(1, deepest[0], "channelRead never ran within itself");
        firstClient[0].close();
        second.close();
        runUntil(() -> !firstClient[0].isOpen() && !second.isOpen());
    }

    /**
     * A chain of connections, each child writing on to the next connection's client as it reads: the reads nest at
     * most {@link ReadyList#MAX_NESTED_POLLS} deep within the first write, and the rest follow from the
     * ready list.
     */
    @Test
    void shouldBoundTheNestingOfReadsWithinAFlush() {
        int links = ReadyList.MAX_NESTED_POLLS + 4;
        Channel[] clients = new Channel[links];
        for (int i = links - 1; i >= 0; i--) {
            int next = i + 1;
            clients[i] = connect("same-loop-chain-" + i, new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    reads.add("link " + (next - 1));
                    ReferenceCountUtil.release(msg);
                    if (next < links) {
                        clients[next].writeAndFlush(bytes(1));
                    }
                }
            }, new Recorder("client"));
        }
        List<String> readWithinTheFirstWrite = new ArrayList<>();
        loop.execute(() -> {
            clients[0].writeAndFlush(bytes(1));
            readWithinTheFirstWrite.addAll(reads);
        });
        runUntil(() -> reads.size() == links);
        assertEquals(ReadyList.MAX_NESTED_POLLS, readWithinTheFirstWrite.size(), readWithinTheFirstWrite::toString);
        for (int i = 0; i < links; i++) {
            assertEquals("link " + i, reads.get(i));
        }
        for (Channel client : clients) {
            client.close();
        }
        runUntil(() -> children.stream().noneMatch(Channel::isOpen));
    }

    @Test
    void shouldRunTheLoopsTasksBetweenTheRoundTripsOfAnEchoOnOneLoop() {
        int roundTrips = 1_000;
        int[] done = {0};
        int[] taskRanAt = {-1};
        Channel client = connect("same-loop-echo", new Echo(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                if (++done[0] == 10) {
                    loop.execute(() -> taskRanAt[0] = done[0]);
                }
                if (done[0] < roundTrips) {
                    ctx.writeAndFlush(bytes(8));
                }
            }
        });
        loop.execute(() -> client.writeAndFlush(bytes(8)));
        runUntil(() -> done[0] == roundTrips);
        assertTrue(taskRanAt[0] >= 10 && taskRanAt[0] < roundTrips, "the task ran at round trip " + taskRanAt[0]);
        client.close();
        runUntil(() -> !client.isOpen() && !children.get(0).isOpen());
    }

    /**
     * The peer, read within the client's flush, makes the client write and flush again: Netty does not re-enter a
     * flush, so the client's flush goes on from the ready list, and nothing stays behind in its outbound buffer.
     */
    @Test
    void shouldSendWhatTheWriterFlushedWhileItsPeerReadWithinTheFlush() {
        Channel[] client = {null};
        client[0] = connect("same-loop-flush-again", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                int n = ((ByteBuf) msg).readableBytes();
                reads.add("child read " + n);
                ReferenceCountUtil.release(msg);
                if (n == 1) {
                    client[0].writeAndFlush(bytes(2));
                }
            }
        }, new Recorder("client"));
        loop.execute(() -> client[0].writeAndFlush(bytes(1)));
        runUntil(() -> reads.size() == 2);
        assertEquals(List.of("child read 1", "child read 2"), reads);
        assertFalse(client[0].unsafe().outboundBuffer().totalPendingWriteBytes() > 0, "nothing left behind");
        client[0].close();
        runUntil(() -> !client[0].isOpen() && !children.get(0).isOpen());
    }

    /** One task writes A to one channel, B to another, then C to the first: each reads its own in write order. */
    @Test
    void shouldReadEachConnectionInWriteOrderWhenOneTaskWritesToTwo() {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Recorder("child" + children.size()));
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress("same-loop-two-connections"));
        runUntil(bind::isDone);
        Channel server = bind.channel();
        Bootstrap bootstrap = new Bootstrap().group(loop).channel(BusyPollChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                    }
                });
        ChannelFuture first = bootstrap.connect(server.localAddress());
        runUntil(() -> first.isDone() && children.size() == 1);
        ChannelFuture second = bootstrap.connect(server.localAddress());
        runUntil(() -> second.isDone() && children.size() == 2);
        loop.execute(() -> {
            first.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[1]));
            second.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[2]));
            first.channel().writeAndFlush(Unpooled.wrappedBuffer(new byte[3]));
        });
        runUntil(() -> reads.size() == 3);
        assertEquals(List.of("child0 read 1", "child0 read 3"),
                reads.stream().filter(r -> r.startsWith("child0")).collect(java.util.stream.Collectors.toList()));
        assertEquals(List.of("child1 read 2"),
                reads.stream().filter(r -> r.startsWith("child1")).collect(java.util.stream.Collectors.toList()));
        first.channel().close();
        second.channel().close();
        server.close();
        runUntil(() -> !first.channel().isOpen() && !second.channel().isOpen() && !server.isOpen());
    }

    @Test
    void shouldReadInCausalOrderWhenTheWritesRunInTheTaskBatchThatConnected() {
        ChannelFuture bind = new ServerBootstrap().group(loop).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Recorder("child"));
                        children.add(ch);
                    }
                }).bind(new BusyPollAddress("same-loop-order"));
        runUntil(bind::isDone);
        Channel server = bind.channel();
        ChannelFuture connect = new Bootstrap().group(loop).channel(BusyPollChannel.class)
                .handler(new Recorder("client")).connect(server.localAddress());
        Channel client = connect.channel();
        ByteBuf data = Unpooled.wrappedBuffer(new byte[1024]);
        ByteBuf reply = Unpooled.wrappedBuffer(new byte[512]);
        // A task submitted as the connect completes runs in the same batch of tasks, after the connect's own, and
        // before the loop next polls its channels (a thread that awaited the connect can be as quick): the client
        // writes, and its write's listener makes the child write back.
        connect.addListener(f -> loop.execute(() -> {
            Channel child = children.get(0);
            ChannelPromise written = client.newPromise();
            written.addListener(w -> child.writeAndFlush(reply));
            client.writeAndFlush(data, written);
        }));
        runUntil(() -> reads.size() == 2);
        assertEquals(List.of("child read 1024", "client read 512"), reads,
                "the child reads the client's write before the client reads the reply it caused");
        client.close();
        server.close();
        runUntil(() -> !client.isOpen() && !server.isOpen());
    }
}
