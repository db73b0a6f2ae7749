package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.busypoll.bench.latency.LatencySubject;
import dev.busypoll.examples.grpc.GrpcExample;
import dev.busypoll.examples.grpc.PricingService;
import dev.busypoll.examples.transport.Transport;
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

    /** The rows of the scenario in report order: the reference first, then grpc-netty per transport. */
    static List<GrpcTarget> all(List<Long> busyPollMicros) {
        List<GrpcTarget> list = new ArrayList<>();
        list.add(new InProcess());
        list.add(new Netty("grpc-netty, Netty LocalChannel (LocalIoHandler)", "local", Transport.LOCAL, 0));
        list.add(new Netty("grpc-netty, NIO loopback TCP", "nio", Transport.NIO, 0));
        for (long us : busyPollMicros) {
            list.add(new Netty("grpc-netty, busypoll channel, BUSY_POLL_MICROS " + NettyTransportSpecs.label(us),
                    "busypoll" + NettyTransportSpecs.keySuffix(us), Transport.BUSYPOLL, Math.toIntExact(us)));
        }
        return list;
    }

    /**
     * grpc-netty over one of the examples' {@link Transport}s through {@link GrpcExample#start}: server and client
     * on two single-threaded event-loop groups of that transport, handlers run on the loops
     * ({@code directExecutor}), {@code BUSY_POLL_MICROS} set as a server option, a child option and a client
     * option. The calling thread blocks in {@code ClientCalls.blockingUnaryCall} and is woken by the client loop.
     *
     * <pre>
     *   caller (blocking stub) --HTTP/2 frames--&gt; client loop --[transport]--&gt; server loop (PricingService)
     *   caller &lt;--unpark-- client loop &lt;--[transport]-- server loop
     * </pre>
     */
    final class Netty implements GrpcTarget {
        private final String name;
        private final String key;
        private final Transport transport;
        private final int busyPollMicros;

        Netty(String name, String key, Transport transport, int busyPollMicros) {
            this.name = name;
            this.key = key;
            this.transport = transport;
            this.busyPollMicros = busyPollMicros;
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
            return transport == Transport.BUSYPOLL && busyPollMicros != 0 ? 2 : 0; // a fixed spin or AUTO
        }

        @Override
        public String unavailableReason() {
            return transport.isAvailable() ? null : transport + " is not available on this machine";
        }

        @Override
        public Session open() throws Exception {
            GrpcExample example = GrpcExample.start(transport, busyPollMicros);
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
