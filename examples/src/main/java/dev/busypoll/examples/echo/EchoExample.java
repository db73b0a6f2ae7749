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
package dev.busypoll.examples.echo;

import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyTable;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Echo server and ping-pong client on one transport, in one JVM: the smallest complete use of a
 * transport. The server and the client each get an event loop of their own.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.echo.EchoExample \
 *      [--transport LOCAL,NIO] [--round-trips 20000] [--size 8] [--warmup-seconds 2] [--busy-poll-micros 50]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>{@link #run} is safe to call from any thread that is not one of Netty's event loops.
 */
public final class EchoExample {

    /** The stages: the client's loop, which times the round trips, and the server's. */
    public static final List<String> STAGES = List.of("client", "server");

    private EchoExample() {
    }

    /**
     * Starts an echo server, times {@code roundTrips} ping-pongs of {@code size} bytes from one
     * client connection, closes everything and returns the round-trip times in nanoseconds.
     */
    public static Histogram run(NettyTransport transport, int roundTrips, int size, int busyPollMicros)
            throws Exception {
        return run(transport, roundTrips, size, busyPollMicros, Layout.DEDICATED, 1);
    }

    /** As {@link #run(NettyTransport, int, int, int)}, with client and server placed by {@code layout}. */
    public static Histogram run(NettyTransport transport, int roundTrips, int size, int busyPollMicros, Layout layout,
                                int cores) throws Exception {
        try (StageLoops loops = new StageLoops(transport, layout, STAGES, 0, cores)) {
            EventLoopGroup serverGroup = loops.group("server");
            EventLoopGroup clientGroup = loops.group("client");
            Channel server = transport.serverBootstrap(serverGroup, busyPollMicros)
                    .childHandler(new EchoServerHandler())
                    .bind(transport.bindAddress("echo-" + System.nanoTime())).sync().channel();
            EchoClientHandler client = new EchoClientHandler(size, roundTrips);
            Channel ch = transport.bootstrap(clientGroup, busyPollMicros)
                    .handler(client)
                    .connect(server.localAddress()).sync().channel();
            try {
                return client.done().get(60, TimeUnit.SECONDS);
            } finally {
                // Close both ends before shutting the groups down: peers live on other loops.
                ch.close().sync();
                server.close().sync();
            }
        }
    }

    /** Runs the echo on each transport named by {@code --transport} and prints one table. */
    public static void main(String[] argv) throws Exception {
        ExampleOptions.execute(new Cli(), argv);
    }

    /** The example's command line, parsed by picocli; {@link #call} runs the example. */
    @Command(name = "EchoExample", description = "Echo ping-pong over each transport, then one latency table.")
    public static final class Cli implements Callable<Integer> {

        @Mixin
        private ExampleOptions common = new ExampleOptions();

        @Option(names = "--round-trips", paramLabel = "N", description = "Timed round trips per transport."
                + " Default: ${DEFAULT-VALUE}.")
        private int roundTrips = 20_000;

        @Option(names = "--size", paramLabel = "BYTES", description = "Bytes per message. Default: ${DEFAULT-VALUE}.")
        private int size = 8;

        @Option(names = "--warmup-seconds", paramLabel = "S", description = "Unmeasured round trips for this long"
                + " on every transport before the first is measured. Default: ${DEFAULT-VALUE}.")
        private double warmupSeconds = 2;

        @Override
        public Integer call() throws Exception {
            int cores = ExampleOptions.cores();
            Layout layout = common.announceLayout("", STAGES, 0);
            LatencyTable table = new LatencyTable("echo round trip, " + size + " B, " + roundTrips + " round trips");
            common.warmUpLap(t -> {
                long end = System.nanoTime() + (long) (warmupSeconds * 1e9);
                do {
                    run(t.transport(), Math.min(10_000, roundTrips), size, t.busyPollMicros(), layout, cores);
                } while (System.nanoTime() - end < 0);
            });
            for (TransportRun t : common.runs()) {
                run(t.transport(), Math.max(1, roundTrips / 5), size, t.busyPollMicros(), layout, cores); // warm-up
                long cpu = CpuClock.processNanos();
                Histogram h = run(t.transport(), roundTrips, size, t.busyPollMicros(), layout, cores);
                table.add(t.label(), h, (CpuClock.processNanos() - cpu) / 1e3 / roundTrips);
            }
            System.out.print(table);
            System.out.println("(CPU/op: the whole process's CPU time per round trip, µs, start-up and shutdown"
                    + " included)");
            return 0;
        }
    }
}
