package dev.busypoll.examples.grpc;

import dev.busypoll.examples.support.AsyncRoundTrips;
import dev.busypoll.examples.support.Caller;
import dev.busypoll.examples.support.CallerOptions;
import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.LatencyTable;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.examples.transport.Transport;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.net.SocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * gRPC ({@code grpc-netty}, the unshaded artifact) serving and calling {@link PricingService} over
 * any {@link Transport}: the server through {@code NettyServerBuilder.forAddress(..)},
 * {@code channelType}, {@code bossEventLoopGroup}, {@code workerEventLoopGroup} and
 * {@code withChildOption} for the busy-poll budget; the client through
 * {@code NettyChannelBuilder.channelType(channelClass, addressClass)} and {@code eventLoopGroup}.
 * Beside them, gRPC's own in-process transport for reference.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.grpc.GrpcExample \
 *      [--transport BUSYPOLL,EPOLL] [--calls 5000] [--busy-poll-micros 50]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>{@link #measureUnary} is the reusable part: the unary round-trip latency over a channel, for
 * benchmark reports. Server and client run their handlers on the event loops
 * ({@code directExecutor()}): the service never blocks.
 */
public final class GrpcExample implements AutoCloseable {

    private final EventLoopGroup serverGroup;
    private final EventLoopGroup clientGroup;
    private final Server server;
    private final ManagedChannel channel;

    private GrpcExample(EventLoopGroup serverGroup, EventLoopGroup clientGroup, Server server,
                        ManagedChannel channel) {
        this.serverGroup = serverGroup;
        this.clientGroup = clientGroup;
        this.server = server;
        this.channel = channel;
    }

    /**
     * The default warm-up before each measurement: 10 s. gRPC's HTTP/2 path is long; after 3 s busypoll's rows
     * were still compiling (AUTO's async p50 60 µs after 3 s, 20 µs after 10 s, on 2 cores).
     */
    static final double WARMUP_SECONDS = 10;

    /** The stages of a call, in the order it passes them. */
    public static final List<String> SERVICES = List.of("client", "server");

    /**
     * Serves {@link PricingService} over {@code transport} and connects a client channel to it, on {@code loops}'
     * stages {@code server} and {@code client}. Closing the result shuts those loops down.
     */
    public static GrpcExample start(Transport transport, int busyPollMicros, StageLoops loops) throws Exception {
        return start(loops.group("server"), loops.group("client"), transport.serverChannelClass(),
                transport.channelClass(), transport.addressClass(), transport.bindAddress("grpc-" + System.nanoTime()),
                transport.serverOptions(busyPollMicros), transport.connectionOptions(busyPollMicros));
    }

    /** Serves {@link PricingService} over {@code transport} and connects a client channel to it. */
    public static GrpcExample start(Transport transport, int busyPollMicros) throws Exception {
        return start(transport.newGroup(1), transport.newGroup(1), transport.serverChannelClass(),
                transport.channelClass(), transport.addressClass(), transport.bindAddress("grpc-" + System.nanoTime()),
                transport.serverOptions(busyPollMicros), transport.connectionOptions(busyPollMicros));
    }

    /**
     * Serves {@link PricingService} on {@code serverGroup} and connects a client channel on {@code clientGroup}:
     * for channel types and event loops the examples' {@link Transport} does not offer (benchmarks compare Netty's
     * {@code LocalChannel} on the deprecated {@code DefaultEventLoopGroup}, which users still run). The result owns
     * both groups: {@link #close()} shuts them down, and so does a failed start.
     *
     * @param serverGroup        the server's accepting and connection loops
     * @param clientGroup        the client channel's loop
     * @param serverChannelClass the server channel class
     * @param channelClass       the client channel class
     * @param bindAddress        where the server binds; the client connects to the address it bound
     */
    public static GrpcExample start(EventLoopGroup serverGroup, EventLoopGroup clientGroup,
                                    Class<? extends ServerChannel> serverChannelClass,
                                    Class<? extends Channel> channelClass, SocketAddress bindAddress)
            throws Exception {
        return start(serverGroup, clientGroup, serverChannelClass, channelClass, bindAddress.getClass(), bindAddress,
                Map.of(), Map.of());
    }

    @SuppressWarnings("unchecked")
    private static GrpcExample start(EventLoopGroup serverGroup, EventLoopGroup clientGroup,
                                     Class<? extends ServerChannel> serverChannelClass,
                                     Class<? extends Channel> channelClass, Class<? extends SocketAddress> addressClass,
                                     SocketAddress bindAddress, Map<ChannelOption<?>, Object> serverOptions,
                                     Map<ChannelOption<?>, Object> connectionOptions) throws Exception {
        try {
            NettyServerBuilder sb = NettyServerBuilder.forAddress(bindAddress)
                    .channelType(serverChannelClass)
                    .bossEventLoopGroup(serverGroup)
                    .workerEventLoopGroup(serverGroup)
                    .directExecutor()
                    .addService(PricingService.definition());
            for (Map.Entry<ChannelOption<?>, Object> o : connectionOptions.entrySet()) {
                sb.withChildOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            for (Map.Entry<ChannelOption<?>, Object> o : serverOptions.entrySet()) {
                sb.withOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            Server server = sb.build().start();
            SocketAddress address = server.getListenSockets().get(0);

            NettyChannelBuilder cb = NettyChannelBuilder.forAddress(address)
                    .channelType(channelClass, addressClass)
                    .eventLoopGroup(clientGroup)
                    .directExecutor()
                    .usePlaintext();
            for (Map.Entry<ChannelOption<?>, Object> o : connectionOptions.entrySet()) {
                cb.withOption((ChannelOption<Object>) o.getKey(), o.getValue());
            }
            return new GrpcExample(serverGroup, clientGroup, server, cb.build());
        } catch (Exception | Error e) {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** @return the client channel */
    public ManagedChannel channel() {
        return channel;
    }

    /** One blocking unary call. */
    public static PricingService.QuoteReply quote(io.grpc.Channel channel, String symbol, long quantity) {
        return ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT.withDeadlineAfter(
                10, TimeUnit.SECONDS), new PricingService.QuoteRequest(symbol, quantity));
    }

    /**
     * The unary round-trip latency of {@link PricingService#QUOTE} over {@code channel}: {@code warmup}
     * untimed calls, then {@code calls} timed ones, one at a time from the calling thread.
     *
     * @return round-trip times in nanoseconds
     */
    public static Histogram measureUnary(io.grpc.Channel channel, int warmup, int calls) {
        PricingService.QuoteRequest request = new PricingService.QuoteRequest("BUSY", 100);
        for (int i = 0; i < warmup; i++) {
            ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT, request);
        }
        Histogram h = LatencyTable.newNanosHistogram();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT, request);
            h.recordValue(System.nanoTime() - start);
        }
        return h;
    }

    /** One unary call whose answer completes the result (on the client's event loop: direct executor). */
    public static CompletableFuture<PricingService.QuoteReply> quoteAsync(io.grpc.Channel channel,
                                                                         PricingService.QuoteRequest request) {
        CompletableFuture<PricingService.QuoteReply> reply = new CompletableFuture<>();
        ClientCalls.asyncUnaryCall(channel.newCall(PricingService.QUOTE, CallOptions.DEFAULT), request,
                new StreamObserver<>() {
                    @Override
                    public void onNext(PricingService.QuoteReply value) {
                        reply.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        reply.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        reply.completeExceptionally(new IllegalStateException("a unary call ended without a reply"));
                    }
                });
        return reply;
    }

    /**
     * The unary round-trip latency of {@link PricingService#QUOTE} over {@code channel} with the
     * {@link Caller#ASYNC} caller on {@code caller}: {@code calls} calls one after the other, each made when the
     * answer to the one before reached that loop.
     *
     * @return round-trip times in nanoseconds
     */
    public static Histogram measureUnaryAsync(EventLoop caller, io.grpc.Channel channel, int calls)
            throws Exception {
        PricingService.QuoteRequest request = new PricingService.QuoteRequest("BUSY", 100);
        return AsyncRoundTrips.measure(caller, calls, () -> quoteAsync(channel, request))
                .get(calls + 10L, TimeUnit.SECONDS);
    }

    /** {@link #measureUnary} over gRPC's own in-process transport, the reference row. */
    public static Histogram measureInProcess(int warmup, int calls) throws Exception {
        String name = "grpc-inprocess-" + System.nanoTime();
        Server server = InProcessServerBuilder.forName(name).directExecutor()
                .addService(PricingService.definition()).build().start();
        ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        try {
            return measureUnary(channel, warmup, calls);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Shuts the client channel, then the server, then their event loops down. */
    @Override
    public void close() {
        try {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /** One quote per transport, then the unary latency table including grpc-inprocess. */
    public static void main(String[] argv) throws Exception {
        ExampleOptions.execute(new Cli(), argv);
    }

    /** The example's command line, parsed by picocli; {@link #call} runs the example. */
    @Command(name = "GrpcExample",
            description = "gRPC unary calls over each transport and over grpc-inprocess, then one latency table.")
    public static final class Cli implements Callable<Integer> {

        @Mixin
        private ExampleOptions common = new ExampleOptions();

        @Option(names = "--calls", paramLabel = "N", description = "Timed unary calls per transport."
                + " Default: ${DEFAULT-VALUE}.")
        private int calls = 20_000;

        @Mixin
        private CallerOptions calling = new CallerOptions(WARMUP_SECONDS);

        @Override
        public Integer call() throws Exception {
            int cores = ExampleOptions.cores();
            for (Caller caller : calling.callers()) {
                List<String> stages = caller.stages(SERVICES);
                Layout layout = common.announceLayout(caller + " caller: ", stages, caller.otherThreads());
                LatencyTable table = new LatencyTable("gRPC unary round trip (busypoll.Pricing/Quote), " + calls
                        + " calls, " + caller + " caller");
                for (TransportRun t : common.runs()) {
                    try (StageLoops loops = new StageLoops(t.transport(), layout, stages, caller.otherThreads(),
                            cores); GrpcExample ex = start(t.transport(), t.busyPollMicros(), loops)) {
                        System.out.println(t.label() + ": " + quote(ex.channel(), "BUSY", 250));
                        table.add("grpc-netty " + t.label(), measure(caller, loops, ex.channel()));
                    }
                }
                if (caller == Caller.BLOCKING) {
                    table.add("grpc-inprocess", measureInProcess(Math.max(100, calls / 5), calls));
                }
                System.out.println();
                System.out.print(table);
                System.out.println();
            }
            return 0;
        }

        /** Warms the path up for {@code --warmup-seconds}, then measures {@code --calls} calls. */
        private Histogram measure(Caller caller, StageLoops loops, io.grpc.Channel channel) throws Exception {
            long end = System.nanoTime() + (long) (calling.warmupSeconds() * 1e9);
            do {
                if (caller == Caller.ASYNC) {
                    measureUnaryAsync(loops.loop(Caller.STAGE), channel, 1_000);
                } else {
                    measureUnary(channel, 0, 1_000);
                }
            } while (System.nanoTime() - end < 0);
            return caller == Caller.ASYNC ? measureUnaryAsync(loops.loop(Caller.STAGE), channel, calls)
                    : measureUnary(channel, 0, calls);
        }
    }
}
