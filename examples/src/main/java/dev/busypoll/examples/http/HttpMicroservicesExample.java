package dev.busypoll.examples.http;

import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.LatencyTable;
import dev.busypoll.examples.transport.Transport;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two HTTP/1.1 microservices in one JVM, {@link OrderService} calling {@link InventoryService},
 * over any {@link Transport}: a basket reserved with pipelined JSON POSTs on one keep-alive
 * connection, then the round-trip latency of single GETs and of pipelined batches.
 *
 * <pre>
 * java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.http.HttpMicroservicesExample \
 *      [--transport LOCAL,NIO] [--requests 5000] [--pipeline 16] [--busy-poll-micros 50]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>Each service runs on an event loop of its own; {@link #start} and the measurements are called
 * from a plain thread.
 */
public final class HttpMicroservicesExample implements AutoCloseable {

    private final EventLoopGroup inventoryGroup;
    private final EventLoopGroup ordersGroup;
    private final Channel server;
    private final InventoryService inventory;
    private final HttpServiceClient client;
    private final OrderService orders;

    private HttpMicroservicesExample(Transport transport, Map<String, Integer> stock, int busyPollMicros)
            throws InterruptedException {
        inventoryGroup = transport.newGroup(1);
        ordersGroup = transport.newGroup(1);
        inventory = new InventoryService(stock);
        server = transport.serverBootstrap(inventoryGroup, busyPollMicros)
                .childHandler(InventoryService.initializer(inventory))
                .bind(transport.bindAddress("inventory-" + System.nanoTime())).sync().channel();
        client = HttpServiceClient.connect(transport.bootstrap(ordersGroup, busyPollMicros), server.localAddress());
        orders = new OrderService(client);
    }

    /** Starts the inventory service on {@code transport} and connects the order service to it. */
    public static HttpMicroservicesExample start(Transport transport, Map<String, Integer> stock,
                                                 int busyPollMicros) throws InterruptedException {
        return new HttpMicroservicesExample(transport, stock, busyPollMicros);
    }

    /** @return the order service */
    public OrderService orders() {
        return orders;
    }

    /** @return the inventory service */
    public InventoryService inventory() {
        return inventory;
    }

    /** @return the order service's HTTP client (one keep-alive connection) */
    public HttpServiceClient client() {
        return client;
    }

    /** Times {@code n} GETs one after the other: the request-response round trip, in ns. */
    public Histogram measureRoundTrips(String sku, int n) throws Exception {
        Histogram h = LatencyTable.newNanosHistogram();
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            HttpServiceClient.Response r = client.get("/stock/" + sku).get(10, TimeUnit.SECONDS);
            h.recordValue(System.nanoTime() - start);
            if (r.status() != 200) {
                throw new IllegalStateException("GET failed: " + r);
            }
        }
        return h;
    }

    /** Times {@code batches} batches of {@code depth} pipelined GETs: the time to the last answer, in ns. */
    public Histogram measurePipelinedBatches(String sku, int batches, int depth) throws Exception {
        Histogram h = LatencyTable.newNanosHistogram();
        List<CompletableFuture<HttpServiceClient.Response>> calls = new ArrayList<>(depth);
        for (int b = 0; b < batches; b++) {
            calls.clear();
            long start = System.nanoTime();
            for (int i = 0; i < depth; i++) {
                calls.add(client.get("/stock/" + sku));
            }
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            h.recordValue(System.nanoTime() - start);
        }
        return h;
    }

    @Override
    public void close() {
        client.close();
        server.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        ordersGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        inventoryGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /** A demo basket against a small stock list, then the latency tables, per transport. */
    public static void main(String[] argv) throws Exception {
        ExampleOptions.execute(new Cli(), argv);
    }

    /** The example's command line, parsed by picocli; {@link #call} runs the example. */
    @Command(name = "HttpMicroservicesExample",
            description = "Two HTTP/1.1 microservices over each transport: a basket, then the GET latency tables.")
    public static final class Cli implements Callable<Integer> {

        @Mixin
        private ExampleOptions common = new ExampleOptions();

        @Option(names = "--requests", paramLabel = "N", description = "Timed GETs per transport."
                + " Default: ${DEFAULT-VALUE}.")
        private int requests = 5_000;

        @Option(names = "--pipeline", paramLabel = "DEPTH", description = "GETs per pipelined batch."
                + " Default: ${DEFAULT-VALUE}.")
        private int depth = 16;

        @Override
        public Integer call() throws Exception {
            int busyPoll = common.busyPollMicros();
            LatencyTable single = new LatencyTable("HTTP/1.1 GET round trip, keep-alive");
            LatencyTable batch = new LatencyTable("HTTP/1.1 " + depth + " pipelined GETs, time to the last response");
            for (Transport t : common.transports()) {
                Map<String, Integer> stock = new LinkedHashMap<>();
                stock.put("apple", 10);
                stock.put("pear", 5);
                stock.put("plum", 100);
                try (HttpMicroservicesExample ex = start(t, stock, busyPoll)) {
                    Map<String, Integer> basket = new LinkedHashMap<>();
                    basket.put("apple", 3);
                    basket.put("pear", 7);
                    basket.put("kiwi", 1);
                    System.out.println(t + ": basket " + basket);
                    for (OrderService.LineResult r : ex.orders().reserve(basket).get(10, TimeUnit.SECONDS)) {
                        System.out.println("  " + r.sku() + " x" + r.quantity() + " -> " + r.status() + " "
                                + Json.write(r.body()));
                    }
                    ex.measureRoundTrips("plum", Math.max(1, requests / 5)); // warm-up
                    single.add(t.name(), ex.measureRoundTrips("plum", requests));
                    batch.add(t.name(), ex.measurePipelinedBatches("plum", Math.max(1, requests / depth), depth));
                    System.out.println("  connections accepted by the inventory: "
                            + ex.inventory().connectionsAccepted());
                }
            }
            System.out.println();
            System.out.print(single);
            System.out.println();
            System.out.print(batch);
            return 0;
        }
    }
}
