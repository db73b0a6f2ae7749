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
package dev.busypoll.bench.pingpong;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.busypoll.bench.transport.Echo;
import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.NettyPair;
import dev.busypoll.bench.transport.Pipe;
import dev.busypoll.bench.transport.Pipes;
import dev.busypoll.bench.transport.ThreadTransport;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.core.IdleStats;
import io.netty.channel.EventLoop;
import org.HdrHistogram.Histogram;

/**
 * A connected client/server pair of one transport that bounces an 8-byte message: between threads
 * ({@link OverPipes}, the client is the caller's thread) or over Netty ({@link OverNetty}, the client is the
 * client channel's event loop). Used from one thread.
 */
abstract class PingPongSession implements AutoCloseable {
    /** Idle-ladder figures of the last {@link #run}, set by it when the transport has a ladder. */
    String lastRunStats;

    /**
     * Runs {@code roundTrips} round trips one after the other and returns when the last reply has arrived.
     *
     * @param histogram where each round trip's time in nanoseconds goes, or {@code null} (warm-up)
     * @return round trips completed (always {@code roundTrips} on success)
     */
    abstract long run(int roundTrips, Histogram histogram) throws Exception;

    /** Idle-ladder figures of the last {@link #run}, as one line, if the transport has a ladder; else {@code null}. */
    final String idleStats() {
        return lastRunStats;
    }

    /**
     * Closes channels and waits, then stops the threads. Interrupted while waiting, it stops waiting and keeps the
     * thread's interrupt status set.
     *
     * @throws IllegalStateException when the transport's server side had failed
     */
    @Override
    public abstract void close();

    /** Sets up client, server and their threads; the first round trip may start as soon as this returns. */
    static PingPongSession open(Transport transport) throws Exception {
        return transport instanceof Netty netty ? new OverNetty(netty) : new OverPipes((ThreadTransport) transport);
    }

    /** The pair between threads: two pipes, one each way, between the caller's thread and a server thread. */
    static final class OverPipes extends PingPongSession {
        /** The 8-byte message's sequence number, written into (and read from) the message's bytes. */
        private static final VarHandle SEQUENCE = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.nativeOrder());

        private final String name;
        private final Pipe<byte[]> ping;
        private final Pipe<byte[]> pong;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Thread server;
        private final byte[] message = new byte[Long.BYTES];

        OverPipes(ThreadTransport transport) throws Exception {
            name = transport.name();
            ping = transport.bytePipe(64, Long.BYTES, false);
            pong = transport.bytePipe(64, Long.BYTES, false);
            server = new Thread(() -> {
                try {
                    byte[] m;
                    while ((m = ping.read()) != null) {
                        pong.write(m);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    pong.closeWrite();
                }
            }, "pingpong-" + transport.key() + "-server");
            server.setDaemon(true);
            server.start();
        }

        @Override
        long run(int roundTrips, Histogram histogram) throws Exception {
            IdleStats.Snapshot client0 = pong.readerStats();
            IdleStats.Snapshot server0 = ping.readerStats();
            for (int i = 0; i < roundTrips; i++) {
                SEQUENCE.set(message, 0, (long) i);
                long t0 = System.nanoTime();
                ping.write(message);
                byte[] reply = pong.read();
                long rtt = System.nanoTime() - t0;
                if (reply == null || (long) SEQUENCE.get(reply, 0) != i) {
                    throw new IllegalStateException(name + ": " + (reply == null ? "server gone" : "wrong reply")
                            + " at round trip " + i + (failure.get() != null ? ": " + failure.get() : ""));
                }
                if (histogram != null) {
                    histogram.recordValue(rtt);
                }
            }
            if (client0 != null) {
                // The server's last wait may still be open; its figures land when that wait ends.
                lastRunStats = "client " + Pipes.describe(pong.readerStats().minus(client0)) + " | server "
                        + Pipes.describe(ping.readerStats().minus(server0));
            }
            return roundTrips;
        }

        @Override
        public void close() {
            ping.closeWrite();
            try {
                server.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (server.isAlive()) {
                server.interrupt();
            }
            ping.close();
            pong.close();
            Throwable t = failure.get();
            if (t != null) {
                throw new IllegalStateException(name + ": server failed", t);
            }
        }
    }

    /** The pair over a Netty transport: a client and a server loop of their own, the server echoing. */
    static final class OverNetty extends PingPongSession {
        private final Netty netty;
        private final PingPongClient client = new PingPongClient();
        private final NettyPair pair;

        OverNetty(Netty netty) throws Exception {
            this.netty = netty;
            this.pair = NettyPair.open(netty, new Echo(), client);
        }

        @Override
        long run(int roundTrips, Histogram histogram) throws Exception {
            EventLoop clientLoop = pair.clientLoop();
            EventLoop serverLoop = pair.serverLoop();
            LoopFigures client0 = netty.figures(clientLoop);
            LoopFigures server0 = netty.figures(serverLoop);
            CompletableFuture<Long> done = new CompletableFuture<>();
            clientLoop.execute(() -> client.start(roundTrips, histogram, done));
            long completed = done.get(NettyPair.TIMEOUT_SECONDS + roundTrips / 1_000, TimeUnit.SECONDS);
            if (client0 != null) {
                // The loops' current idle episodes are still open; their figures land when they end.
                lastRunStats = "client loop " + netty.figures(clientLoop).minus(client0).describe()
                        + " | server loop " + netty.figures(serverLoop).minus(server0).describe();
            }
            return completed;
        }

        @Override
        public void close() {
            pair.close();
        }
    }
}
