package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.bench.latency.LatencySubject;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.grpc.GrpcConnection;
import dev.busypoll.testbed.grpc.PricingService;

/**
 * One row of the gRPC scenario: something that serves {@link PricingService} and connects a client channel to it
 * ({@link GrpcConnection}). Every repetition opens a fresh server and channel and closes both afterwards.
 */
public interface GrpcTarget extends LatencySubject {
    /** Starts a server and connects a client channel to it. */
    GrpcConnection open() throws Exception;

    /**
     * The rows of the scenario in report order: the reference first, then grpc-netty per transport, the two kinds
     * of {@code LocalChannel} event loop side by side.
     */
    static List<GrpcTarget> all(List<Long> busyPollMicros) {
        List<GrpcTarget> list = new ArrayList<>();
        list.add(new InProcess());
        list.add(new Over(new Netty("grpc-netty, Netty LocalChannel (LocalIoHandler)", "local", NettyTransport.LOCAL,
                0)));
        list.add(new Over(new Netty("grpc-netty, Netty LocalChannel (DefaultEventLoopGroup)", "local-default",
                NettyTransport.LOCAL_DEFAULT, 0)));
        list.add(new Over(new Netty("grpc-netty, NIO loopback TCP", "nio", NettyTransport.NIO, 0)));
        for (long us : busyPollMicros) {
            list.add(new Over(new Netty("grpc-netty, busypoll channel, BUSY_POLL_MICROS " + Netty.label(us),
                    "busypoll" + Netty.keySuffix(us), NettyTransport.BUSYPOLL, Math.toIntExact(us))));
        }
        return list;
    }

    /**
     * grpc-netty over one Netty transport ({@link GrpcConnection#start(NettyTransport, int)}): server and client on
     * two single-threaded event-loop groups, handlers run on the loops ({@code directExecutor}), the busy-poll
     * setting applied as a server option, a child option and a client option. The calling thread blocks in
     * {@code ClientCalls.blockingUnaryCall} and is woken by the client loop.
     *
     * <pre>
     *   caller (blocking stub) --HTTP/2 frames--&gt; client loop --[transport]--&gt; server loop (PricingService)
     *   caller &lt;--unpark-- client loop &lt;--[transport]-- server loop
     * </pre>
     *
     * @param netty the transport, with the row's label and key
     */
    record Over(Netty netty) implements GrpcTarget {
        @Override
        public String name() {
            return netty.name();
        }

        @Override
        public String key() {
            return netty.key();
        }

        @Override
        public int spinningThreads() {
            return netty.spinningThreads();
        }

        @Override
        public String unavailableReason() {
            return netty.unavailableReason();
        }

        @Override
        public GrpcConnection open() throws Exception {
            return GrpcConnection.start(netty.transport(), netty.busyPollMicros());
        }
    }

    /** gRPC's own in-process transport, the reference row ({@link GrpcConnection#inProcess()}). */
    record InProcess() implements GrpcTarget {
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
        public GrpcConnection open() throws Exception {
            return GrpcConnection.inProcess();
        }
    }
}
