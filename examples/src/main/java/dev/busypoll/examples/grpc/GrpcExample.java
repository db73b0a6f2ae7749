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
package dev.busypoll.examples.grpc;

import dev.busypoll.examples.support.AsyncRoundTrips;
import dev.busypoll.examples.support.Caller;
import dev.busypoll.examples.support.CallerOptions;
import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.grpc.GrpcConnection;
import dev.busypoll.testbed.grpc.PricingService;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyTable;
import io.grpc.CallOptions;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import io.netty.channel.EventLoop;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * gRPC ({@code grpc-netty}, the unshaded artifact) serving and calling {@link PricingService} over
 * any {@link NettyTransport} ({@link GrpcConnection}), and gRPC's own in-process transport for reference.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.grpc.GrpcExample \
 *      [--transport BUSYPOLL,EPOLL] [--calls 5000] [--busy-poll-micros 50]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>Besides {@link GrpcConnection#measureUnary}, the blocking caller, this adds the asynchronous caller,
 * {@link #measureUnaryAsync}, which calls from an event loop of the run's layout. Stateless.
 */
public final class GrpcExample {

    private GrpcExample() {
    }

    /**
     * The default warm-up before each measurement: 10 s, longer than the other examples' because gRPC's HTTP/2
     * path is long and on a small machine the JIT compiles it beside spinning loops.
     */
    static final double WARMUP_SECONDS = 10;

    /** The stages of a call, in the order it passes them. */
    public static final List<String> SERVICES = List.of("client", "server");

    /**
     * Serves {@link PricingService} over {@code transport} and connects a client channel to it, on {@code loops}'
     * stages {@code server} and {@code client}. Closing the result shuts those loops down.
     */
    public static GrpcConnection start(NettyTransport transport, int busyPollMicros, StageLoops loops)
            throws Exception {
        return GrpcConnection.start(transport, busyPollMicros, loops.group("server"), loops.group("client"));
    }

    /** One blocking unary call. */
    public static PricingService.QuoteReply quote(io.grpc.Channel channel, String symbol, long quantity) {
        return ClientCalls.blockingUnaryCall(channel, PricingService.QUOTE, CallOptions.DEFAULT.withDeadlineAfter(
                10, TimeUnit.SECONDS), new PricingService.QuoteRequest(symbol, quantity));
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
                common.warmUpLap(t -> {
                    try (StageLoops loops = new StageLoops(t.transport(), layout, stages, caller.otherThreads(),
                            cores); GrpcConnection ex = start(t.transport(), t.busyPollMicros(), loops)) {
                        warmUp(caller, loops, ex.channel());
                    }
                });
                for (TransportRun t : common.runs()) {
                    try (StageLoops loops = new StageLoops(t.transport(), layout, stages, caller.otherThreads(),
                            cores); GrpcConnection ex = start(t.transport(), t.busyPollMicros(), loops)) {
                        System.out.println(t.label() + ": " + quote(ex.channel(), "BUSY", 250));
                        warmUp(caller, loops, ex.channel());
                        addTimed(table, "grpc-netty " + t.label(), () -> measure(caller, loops, ex.channel()));
                    }
                }
                if (caller == Caller.BLOCKING) {
                    // The reference row: gRPC's own in-process transport, no Netty.
                    try (GrpcConnection c = GrpcConnection.inProcess()) {
                        GrpcConnection.measureUnary(c.channel(), Math.max(100, calls / 5), 0);
                        addTimed(table, "grpc-inprocess", () -> GrpcConnection.measureUnary(c.channel(), 0, calls));
                    }
                }
                System.out.println();
                System.out.print(table);
                System.out.println("(CPU/op: the whole process's CPU time per call, µs)");
                System.out.println();
            }
            return 0;
        }

        /** Adds the calls {@code timed} measures to {@code table} as {@code label}, with the process's CPU per call. */
        private void addTimed(LatencyTable table, String label, Callable<Histogram> timed) throws Exception {
            long cpu = CpuClock.processNanos();
            Histogram h = timed.call();
            table.add(label, h, (CpuClock.processNanos() - cpu) / 1e3 / calls);
        }

        /** Measures {@code --calls} calls. */
        private Histogram measure(Caller caller, StageLoops loops, io.grpc.Channel channel) throws Exception {
            return caller == Caller.ASYNC ? measureUnaryAsync(loops.loop(Caller.STAGE), channel, calls)
                    : GrpcConnection.measureUnary(channel, 0, calls);
        }

        /** Makes unmeasured calls for {@code --warmup-seconds}. */
        private void warmUp(Caller caller, StageLoops loops, io.grpc.Channel channel) throws Exception {
            long end = System.nanoTime() + (long) (calling.warmupSeconds() * 1e9);
            do {
                if (caller == Caller.ASYNC) {
                    measureUnaryAsync(loops.loop(Caller.STAGE), channel, 1_000);
                } else {
                    GrpcConnection.measureUnary(channel, 0, 1_000);
                }
            } while (System.nanoTime() - end < 0);
        }
    }
}
