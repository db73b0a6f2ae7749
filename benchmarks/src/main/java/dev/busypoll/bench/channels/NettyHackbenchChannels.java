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

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;

/**
 * The channel hackbench over one Netty transport, all on ONE event loop group: every (sender, receiver) pair of a
 * group is one connection; a receiver is a server channel whose children share its {@link NettyEnd.Sink} and loop,
 * a sender owns one {@link NettyEnd.Pump} per receiver on one loop, loops assigned round-robin. A run with fewer
 * groups than connected drives the first ones. docs/scenarios-throughput.md draws the topology.
 */
final class NettyHackbenchChannels implements ChannelHackbenchSession {
    /** Messages written between two flushes (and between two turns of the loop). */
    static final int BURST = 16;
    private static final long TIMEOUT_SECONDS = 60;

    private final Netty spec;
    private final EventLoopGroup group;
    private final List<EventLoop> loops = new ArrayList<>();
    private final List<Channel> channels = new ArrayList<>();
    private final Queue<Channel> children = new ConcurrentLinkedQueue<>();
    private final List<NettyEnd.Sink> receivers = new ArrayList<>();
    private final List<List<NettyEnd.Pump>> senders = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile CountDownLatch done = new CountDownLatch(0);

    private NettyHackbenchChannels(Netty spec, EventLoopGroup group) {
        this.spec = spec;
        this.group = group;
        for (EventExecutor e : group) {
            loops.add((EventLoop) e);
        }
    }

    /** Connects {@code maxGroups} groups on one group of {@code threads} event loops of {@code spec}. */
    static NettyHackbenchChannels open(Netty spec, int threads, int maxGroups) throws Exception {
        NettyHackbenchChannels t = new NettyHackbenchChannels(spec, spec.newGroup(threads));
        try {
            t.connect(maxGroups);
        } catch (Exception | Error e) {
            t.close();
            throw e;
        }
        return t;
    }

    private EventLoop loop(int g, int i) {
        return loops.get((g * ChannelHackbench.FDS + i) % loops.size());
    }

    private void connect(int groups) throws Exception {
        int fds = ChannelHackbench.FDS;
        CountDownLatch active = new CountDownLatch(2 * groups * fds * fds);
        // Issue every bind, then every connect, and only then wait: one loop round trip per channel in
        // sequence would make set-up of thousands of connections take longer than the runs.
        List<ChannelFuture> binds = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            for (int r = 0; r < fds; r++) {
                NettyEnd.Sink receiver = new NettyEnd.Sink(ch -> {
                    children.add(ch);
                    active.countDown();
                }, this::fail);
                receivers.add(receiver);
                binds.add(spec.serverBootstrap(loop(g, r)).childHandler(receiver).bind(spec.bindAddress()));
            }
        }
        List<Channel> servers = sync(binds);
        List<ChannelFuture> connects = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            for (int s = 0; s < fds; s++) {
                List<NettyEnd.Pump> pumps = new ArrayList<>();
                for (Channel server : servers.subList(g * fds, (g + 1) * fds)) {
                    NettyEnd.Pump pump = new NettyEnd.Pump(ChannelHackbench.MESSAGE_BYTES, BURST, 1,
                            ch -> active.countDown(), this::fail);
                    pumps.add(pump);
                    connects.add(spec.clientBootstrap(loop(g, s)).handler(pump).connect(server.localAddress()));
                }
                senders.add(pumps);
            }
        }
        sync(connects);
        if (!active.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(spec.name() + ": " + active.getCount()
                    + " channels did not become active");
        }
    }

    private List<Channel> sync(List<ChannelFuture> futures) throws InterruptedException {
        List<Channel> list = new ArrayList<>();
        for (ChannelFuture f : futures) {
            list.add(f.sync().channel());
            channels.add(list.get(list.size() - 1));
        }
        return list;
    }

    @Override
    public Measured run(int groups, int loopsPerPair) throws Exception {
        Throwable earlier = failure.get();
        if (earlier != null) {
            throw new IllegalStateException("an earlier run failed", earlier);
        }
        int active = groups * ChannelHackbench.FDS;
        if (groups < 1 || active > receivers.size()) {
            throw new IllegalArgumentException("groups must be 1.." + receivers.size() / ChannelHackbench.FDS
                    + ", was " + groups);
        }
        long expectedBytes = (long) ChannelHackbench.FDS * loopsPerPair * ChannelHackbench.MESSAGE_BYTES;
        CountDownLatch finished = new CountDownLatch(active);
        done = finished;
        AtomicLong last = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        // Reset every receiver on its own loop, so its counters stay single-threaded; idle groups' receivers
        // expect nothing (a byte there is a failure).
        List<Future<?>> resets = new ArrayList<>();
        for (int i = 0; i < receivers.size(); i++) {
            NettyEnd.Sink r = receivers.get(i);
            long expected = i < active ? expectedBytes : 0;
            resets.add(loop(i / ChannelHackbench.FDS, i % ChannelHackbench.FDS).submit(() -> r.reset(expected, null,
                    nanos -> {
                        last.accumulateAndGet(nanos, Math::max);
                        bytes.addAndGet(expected);
                        finished.countDown();
                    })));
        }
        for (Future<?> f : resets) {
            f.sync();
        }
        LoopFigures before = spec.figures(loops);
        long start = System.nanoTime();
        for (int s = 0; s < active; s++) {
            List<NettyEnd.Pump> sender = senders.get(s);
            loop(s / ChannelHackbench.FDS, s % ChannelHackbench.FDS).execute(() -> sender.forEach(p ->
                    p.start(loopsPerPair, null)));
        }
        long budget = TIMEOUT_SECONDS + (long) active * ChannelHackbench.FDS * loopsPerPair / 20_000;
        boolean ended = finished.await(budget, TimeUnit.SECONDS);
        Throwable t = failure.get();
        if (t != null) {
            throw new IllegalStateException(spec.name() + ": run failed", t);
        }
        if (!ended) {
            throw new IllegalStateException(spec.name() + ": " + finished.getCount() + " of " + active
                    + " receivers unfinished after " + budget + " s");
        }
        LoopFigures after = spec.figures(loops);
        return new Measured(start, last.get(), bytes.get() / ChannelHackbench.MESSAGE_BYTES,
                after == null ? null : after.minus(before).describe());
    }

    /** Records the first failure and releases the waiting coordinator at once. */
    private void fail(Throwable cause) {
        failure.compareAndSet(null, cause);
        CountDownLatch d = done;
        while (d.getCount() > 0) {
            d.countDown();
        }
    }

    /** Closes every channel, the peers' sides included, then the group; an interrupt cuts it short. */
    @Override
    public void close() {
        List<Channel> all = new ArrayList<>(channels);
        all.addAll(children);
        NettyPair.close(all, group);
    }
}
