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
package dev.busypoll.examples.http;

import dev.busypoll.examples.support.AsyncRoundTrips;
import dev.busypoll.examples.support.Caller;
import dev.busypoll.examples.support.CallerOptions;
import dev.busypoll.examples.support.ExampleOptions;
import dev.busypoll.examples.support.Layout;
import dev.busypoll.examples.support.StageLoops;
import dev.busypoll.examples.support.TransportRun;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyTable;
import dev.busypoll.testbed.measure.Percentiles;
import io.netty.channel.Channel;
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
 *      [--transport busypoll:auto,local,nio] [--caller BLOCKING,ASYNC] [--layout SHARED] \
 *      [--requests 20000] [--warmup-seconds 3] [--pipeline 16] [--busy-poll-micros auto]
 * </pre>
 * {@code --help} lists the options and their defaults.
 *
 * <p>The services are the stages {@code orders} and {@code inventory}, placed on event loops by a
 * {@link Layout} ({@link StageLoops}); an {@link Caller#ASYNC} caller runs on a loop of its layout
 * too. {@link #start} and the blocking measurements are called from a plain thread.
 */
public final class HttpMicroservicesExample implements AutoCloseable {

    /** The services, in the order a request passes them. */
    public static final List<String> SERVICES = List.of("orders", "inventory");

    private final StageLoops loops;
    private final Channel server;
    private final InventoryService inventory;
    private final HttpServiceClient client;
    private final OrderService orders;

    private HttpMicroservicesExample(NettyTransport transport, Map<String, Integer> stock, int busyPollMicros,
                                     StageLoops loops) throws InterruptedException {
        this.loops = loops;
        inventory = new InventoryService(stock);
        server = transport.serverBootstrap(loops.group("inventory"), busyPollMicros)
                .childHandler(InventoryService.initializer(inventory))
                .bind(transport.bindAddress("inventory-" + System.nanoTime())).sync().channel();
        client = HttpServiceClient.connect(transport.bootstrap(loops.group("orders"), busyPollMicros),
                server.localAddress());
        orders = new OrderService(client);
    }

    /**
     * Starts the inventory service on {@code transport} and connects the order service to it, each on an event
     * loop of its own, for a blocking caller.
     */
    public static HttpMicroservicesExample start(NettyTransport transport, Map<String, Integer> stock,
                                                 int busyPollMicros) throws InterruptedException {
        return start(transport, stock, busyPollMicros, Layout.DEDICATED, Caller.BLOCKING, 1);
    }

    /**
     * Starts the services with their stages (and an {@link Caller#ASYNC} caller's) placed by {@code layout} on
     * {@code cores} cores.
     */
    public static HttpMicroservicesExample start(NettyTransport transport, Map<String, Integer> stock,
                                                 int busyPollMicros, Layout layout, Caller caller, int cores)
            throws InterruptedException {
        StageLoops loops = new StageLoops(transport, layout, caller.stages(SERVICES), caller.otherThreads(), cores);
        try {
            return new HttpMicroservicesExample(transport, stock, busyPollMicros, loops);
        } catch (InterruptedException | RuntimeException | Error e) {
            loops.close();
            throw e;
        }
    }

    /** @return the services' event loops, and how they are laid out */
    public StageLoops loops() {
        return loops;
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

    /**
     * Times {@code n} GETs one after the other from the {@link Caller#ASYNC} caller's loop (started with it): the
     * round trip as that loop sees it, in ns.
     */
    public Histogram measureRoundTripsAsync(String sku, int n) throws Exception {
        return AsyncRoundTrips.measure(loops.loop(Caller.STAGE), n, () -> client.get("/stock/" + sku).thenApply(r -> {
            if (r.status() != 200) {
                throw new IllegalStateException("GET failed: " + r);
            }
            return r;
        })).get(n + 10L, TimeUnit.SECONDS);
    }

    /** Runs {@code caller}'s round trips, unmeasured, for {@code seconds}: until the JIT has compiled the path. */
    public void warmUp(Caller caller, String sku, double seconds) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
            if (caller == Caller.ASYNC) {
                measureRoundTripsAsync(sku, 1_000);
            } else {
                measureRoundTrips(sku, 1_000);
            }
        } while (System.nanoTime() - end < 0);
    }

    /** Times {@code n} GETs one after the other: the request-response round trip, in ns. */
    public Histogram measureRoundTrips(String sku, int n) throws Exception {
        Histogram h = Percentiles.newHistogram();
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
        Histogram h = Percentiles.newHistogram();
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
        loops.close();
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

        @Option(names = "--requests", paramLabel = "N", description = "Timed GETs per transport and caller."
                + " Default: ${DEFAULT-VALUE}.")
        private int requests = 20_000;

        @Option(names = "--pipeline", paramLabel = "DEPTH", description = "GETs per pipelined batch."
                + " Default: ${DEFAULT-VALUE}.")
        private int depth = 16;

        @Mixin
        private CallerOptions calling = new CallerOptions(3);

        @Override
        public Integer call() throws Exception {
            int cores = ExampleOptions.cores();
            for (Caller caller : calling.callers()) {
                Layout layout = common.announceLayout(caller + " caller: ", caller.stages(SERVICES),
                        caller.otherThreads());
                LatencyTable single = new LatencyTable("HTTP/1.1 GET round trip, keep-alive, " + caller
                        + " caller");
                LatencyTable batch = new LatencyTable("HTTP/1.1 " + depth + " pipelined GETs, time to the last"
                        + " response, " + caller + " caller");
                common.warmUpLap(t -> {
                    try (HttpMicroservicesExample ex = start(t.transport(), stock(), t.busyPollMicros(), layout,
                            caller, cores)) {
                        ex.warmUp(caller, "plum", calling.warmupSeconds());
                    }
                });
                for (TransportRun t : common.runs()) {
                    run(t, layout, caller, cores, single, batch);
                }
                System.out.println();
                System.out.print(single);
                if (caller == Caller.BLOCKING) {
                    System.out.println();
                    System.out.print(batch);
                }
                System.out.println();
            }
            return 0;
        }

        /** The inventory's stock at start: the basket's SKUs and the plum that the timed GETs ask for. */
        private static Map<String, Integer> stock() {
            Map<String, Integer> stock = new LinkedHashMap<>();
            stock.put("apple", 10);
            stock.put("pear", 5);
            stock.put("plum", 100);
            return stock;
        }

        private void run(TransportRun t, Layout layout, Caller caller, int cores, LatencyTable single,
                         LatencyTable batch) throws Exception {
            try (HttpMicroservicesExample ex = start(t.transport(), stock(), t.busyPollMicros(), layout, caller,
                    cores)) {
                Map<String, Integer> basket = new LinkedHashMap<>();
                basket.put("apple", 3);
                basket.put("pear", 7);
                basket.put("kiwi", 1);
                System.out.println(t.label() + ": basket " + basket);
                for (OrderService.LineResult r : ex.orders().reserve(basket).get(10, TimeUnit.SECONDS)) {
                    System.out.println("  " + r.sku() + " x" + r.quantity() + " -> " + r.status() + " "
                            + Json.write(r.body()));
                }
                ex.warmUp(caller, "plum", calling.warmupSeconds());
                long cpu = CpuClock.processNanos();
                Histogram h = caller == Caller.ASYNC ? ex.measureRoundTripsAsync("plum", requests)
                        : ex.measureRoundTrips("plum", requests);
                single.add(t.label(), h, (CpuClock.processNanos() - cpu) / 1e3 / requests);
                if (caller == Caller.BLOCKING) {
                    int batches = Math.max(1, requests / depth);
                    cpu = CpuClock.processNanos();
                    Histogram b = ex.measurePipelinedBatches("plum", batches, depth);
                    batch.add(t.label(), b, (CpuClock.processNanos() - cpu) / 1e3 / batches);
                }
                System.out.println("  connections accepted by the inventory: "
                        + ex.inventory().connectionsAccepted());
            }
        }
    }
}
