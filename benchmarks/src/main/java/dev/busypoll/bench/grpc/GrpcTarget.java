package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import dev.busypoll.bench.latency.LatencySubject;
import dev.busypoll.examples.grpc.GrpcExample;
import dev.busypoll.examples.grpc.PricingService;
import dev.busypoll.examples.transport.Transport;
import dev.busypoll.bench.transport.NettyTransportSpec;
import dev.busypoll.bench.transport.NettyTransportSpecs;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;

/**
 * One row of the gRPC scenario: something that serves {@link PricingService} and hands out a client
 * {@link Channel} to it. Every repetition opens a fresh server and channel and closes both afterwards.
 */
public interface GrpcTarget extends LatencySubject {
    /** Starts a server and connects a client channel to it. */
    Session open() throws Exception;

    /** A server and a connected client channel. */
    interface Session extends AutoCloseable {
        /** The client channel. */
        Channel channel();

        /** Shuts the channel, the server and their threads down. */
        @Override
        void close();
    }

    /**
     * The rows of the scenario in report order: the reference first, then grpc-netty per transport, the two kinds
     * of {@code LocalChannel} event loop side by side.
     */
    static List<GrpcTarget> all(List<Long> busyPollMicros) {
        List<GrpcTarget> list = new ArrayList<>();
        list.add(new InProcess());
        list.add(new Netty("grpc-netty, Netty LocalChannel (LocalIoHandler)", "local", Transport.LOCAL, 0));
        list.add(Netty.localDefault());
        list.add(new Netty("grpc-netty, NIO loopback TCP", "nio", Transport.NIO, 0));
        for (long us : busyPollMicros) {
            list.add(new Netty("grpc-netty, busypoll channel, BUSY_POLL_MICROS " + NettyTransportSpecs.label(us),
                    "busypoll" + NettyTransportSpecs.keySuffix(us), Transport.BUSYPOLL, Math.toIntExact(us)));
        }
        return list;
    }

    /**
     * grpc-netty through {@link GrpcExample#start}: server and client on two single-threaded event-loop groups,
     * handlers run on the loops ({@code directExecutor}); over one of the examples' {@link Transport}s with
     * {@code BUSY_POLL_MICROS} set as a server option, a child option and a client option, or over
     * {@code LocalChannel} on {@code DefaultEventLoopGroup} ({@link #localDefault()}). The calling thread blocks
     * in {@code ClientCalls.blockingUnaryCall} and is woken by the client loop.
     *
     * <pre>
     *   caller (blocking stub) --HTTP/2 frames--&gt; client loop --[transport]--&gt; server loop (PricingService)
     *   caller &lt;--unpark-- client loop &lt;--[transport]-- server loop
     * </pre>
     */
    final class Netty implements GrpcTarget {
        /** Starts one server and client channel. */
        @FunctionalInterface
        interface Starter {
            GrpcExample start() throws Exception;
        }

        private final String name;
        private final String key;
        private final int spinningThreads;
        private final Supplier<String> unavailable;
        private final Starter starter;

        Netty(String name, String key, Transport transport, int busyPollMicros) {
            // a fixed spin or AUTO spins on both loops
            this(name, key, transport == Transport.BUSYPOLL && busyPollMicros != 0 ? 2 : 0,
                    () -> transport.isAvailable() ? null : transport + " is not available on this machine",
                    () -> GrpcExample.start(transport, busyPollMicros));
        }

        private Netty(String name, String key, int spinningThreads, Supplier<String> unavailable, Starter starter) {
            this.name = name;
            this.key = key;
            this.spinningThreads = spinningThreads;
            this.unavailable = unavailable;
            this.starter = starter;
        }

        /**
         * grpc-netty over {@code LocalChannel} on {@code DefaultEventLoopGroup}, key {@code local-default}: the
         * transport most Netty users of in-JVM channels run, and the report's {@code LocalChannel} reference in
         * every other scenario. The examples' {@link Transport} has no such constant, so the groups, channel
         * classes and address come from the benchmarks' own description of it,
         * {@link NettyTransportSpecs#localDefault()}; it has no options to set.
         */
        static Netty localDefault() {
            NettyTransportSpec spec = NettyTransportSpecs.localDefault();
            return new Netty("grpc-netty, Netty LocalChannel (DefaultEventLoopGroup)", spec.key(), 0,
                    spec::unavailableReason, () -> GrpcExample.start(spec.newGroup().apply(1),
                            spec.newGroup().apply(1), spec.serverChannel(), spec.clientChannel(),
                            spec.bindAddress().get()));
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public int spinningThreads() {
            return spinningThreads;
        }

        @Override
        public String unavailableReason() {
            return unavailable.get();
        }

        @Override
        public Session open() throws Exception {
            GrpcExample example = starter.start();
            return new Session() {
                @Override
                public Channel channel() {
                    return example.channel();
                }

                @Override
                public void close() {
                    example.close();
                }
            };
        }
    }

    /** gRPC's own in-process transport, the reference row: as {@link GrpcExample#measureInProcess}. */
    final class InProcess implements GrpcTarget {
        @Override
        public String name() {
            return "grpc-inprocess";
        }

        @Override
        public String key() {
            return "inprocess";
        }

        @Override
        public int spinningThreads() {
            return 0;
        }

        @Override
        public String unavailableReason() {
            return null;
        }

        @Override
        public Session open() throws Exception {
            String name = "bench-grpc-inprocess-" + System.nanoTime();
            Server server = InProcessServerBuilder.forName(name).directExecutor()
                    .addService(PricingService.definition()).build().start();
            ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
            return new Session() {
                @Override
                public Channel channel() {
                    return channel;
                }

                @Override
                public void close() {
                    try {
                        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
        }
    }
}
