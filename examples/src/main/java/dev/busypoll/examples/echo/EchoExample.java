package dev.busypoll.examples.echo;

import dev.busypoll.examples.support.CpuTime;
import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.LatencyTable;
import dev.busypoll.examples.transport.Transport;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Echo server and ping-pong client on one transport, in one JVM: the smallest complete use of a
 * transport. The server and the client each get an event loop of their own.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.echo.EchoExample \
 *      [--transport LOCAL,NIO] [--round-trips 20000] [--size 8] [--busy-poll-micros 50]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>{@link #run} is safe to call from any thread that is not one of Netty's event loops.
 */
public final class EchoExample {

    private EchoExample() {
    }

    /**
     * Starts an echo server, times {@code roundTrips} ping-pongs of {@code size} bytes from one
     * client connection, closes everything and returns the round-trip times in nanoseconds.
     */
    public static Histogram run(Transport transport, int roundTrips, int size, int busyPollMicros)
            throws Exception {
        EventLoopGroup serverGroup = transport.newGroup(1);
        EventLoopGroup clientGroup = transport.newGroup(1);
        try {
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
        } finally {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
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

        @Override
        public Integer call() throws Exception {
            int busyPoll = common.busyPollMicros();
            LatencyTable table = new LatencyTable("echo round trip, " + size + " B, " + roundTrips + " round trips");
            for (Transport t : common.transports()) {
                run(t, Math.max(1, roundTrips / 5), size, busyPoll); // warm-up
                long cpu = CpuTime.processNanos();
                Histogram h = run(t, roundTrips, size, busyPoll);
                table.add(t.name(), h, (CpuTime.processNanos() - cpu) / 1e3 / roundTrips);
            }
            System.out.print(table);
            System.out.println("(CPU/op: the whole process's CPU time per round trip, µs, start-up and shutdown"
                    + " included)");
            return 0;
        }
    }
}
