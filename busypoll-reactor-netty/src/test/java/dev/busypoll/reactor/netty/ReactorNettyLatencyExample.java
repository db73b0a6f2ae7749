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
package dev.busypoll.reactor.netty;

import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyComparison;
import dev.busypoll.testbed.measure.Percentiles;
import org.HdrHistogram.Histogram;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * HTTP GET round trips between a Reactor Netty {@code HttpClient} and {@code HttpServer} in one JVM, over busypoll
 * AUTO (one loop that client and server share, and two loops) and over Reactor Netty's own transports on loopback TCP (its default, which is epoll or io_uring where their
 * native library is on the class path, and NIO), printed as p50, p99 and the process's CPU per request. Netty's
 * {@code LocalChannel} has no row: Reactor Netty does not run on it.
 * <p>
 * Each call is made when the previous answer arrives, on the client's event loop (no caller thread waits), so a
 * row shows the transport and Reactor Netty, not a wake-up of the caller. Every row warms up before the first
 * measured run; the runs go round the rows so that rows compared were measured close in time.
 *
 * <pre>
 * ./mvnw -B -q -pl busypoll-reactor-netty -am verify -DskipTests -Dinvoker.skip -Dlatency
 * ./mvnw -B -q -pl busypoll-reactor-netty -am verify -DskipTests -Dinvoker.skip -Dlatency \
 *     -Dlatency.args="--requests 50000 --runs 5"
 * </pre>
 */
public final class ReactorNettyLatencyExample {
    static final String AUTO_ONE_LOOP = "busypoll AUTO, 1 loop";
    static final String AUTO = "busypoll AUTO, 2 loops";
    static final String DEFAULT = "Reactor default, loopback";
    static final String NIO = "NIO, loopback";
    private static final Duration WAIT = Duration.ofMinutes(5);

    private ReactorNettyLatencyExample() {
    }

    public static void main(String[] args) {
        run(LatencyComparison.Args.parse(args), System.out);
    }

    /** Runs every row and prints the table; returns it for a caller that checks the rows. */
    static LatencyComparison run(LatencyComparison.Args args, PrintStream out) {
        BusyPollLoopResources oneLoop = BusyPollLoopResources.create("busypoll-shared", 1,
                BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
        BusyPollLoopResources busyPoll = BusyPollLoopResources.create("busypoll", 2,
                BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
        LoopResources nio = LoopResources.create("nio", 1, 2, true);
        Map<String, HttpClient> clients = new LinkedHashMap<>();
        Map<String, DisposableServer> servers = new LinkedHashMap<>();
        try {
            servers.put(AUTO_ONE_LOOP, server(HttpServer.create().runOn(oneLoop)
                    .bindAddress(() -> BusyPollAddress.ANY)));
            servers.put(AUTO, server(HttpServer.create().runOn(busyPoll).bindAddress(() -> BusyPollAddress.ANY)));
            servers.put(DEFAULT, server(HttpServer.create().host("127.0.0.1").port(0)));
            servers.put(NIO, server(HttpServer.create().runOn(nio, false).host("127.0.0.1").port(0)));
            clients.put(AUTO_ONE_LOOP, HttpClient.create().runOn(oneLoop)
                    .remoteAddress(servers.get(AUTO_ONE_LOOP)::address));
            clients.put(AUTO, HttpClient.create().runOn(busyPoll).remoteAddress(servers.get(AUTO)::address));
            clients.put(DEFAULT, HttpClient.create().remoteAddress(servers.get(DEFAULT)::address));
            clients.put(NIO, HttpClient.create().runOn(nio, false).remoteAddress(servers.get(NIO)::address));

            out.printf("Reactor Netty HTTP GET, %d requests a run, %d runs, %d warm-up requests a row; default"
                    + " loops native: %s%n", args.requests(), args.runs(), args.warmup(),
                    LoopResources.hasNativeSupport());
            clients.values().forEach(client -> roundTrips(client, args.warmup()));
            LatencyComparison table = new LatencyComparison("HTTP GET round trip, medians over the runs", DEFAULT);
            for (int run = 0; run < args.runs(); run++) {
                clients.forEach((row, client) -> table.add(row, roundTrips(client, args.requests())));
            }
            out.print(table);
            return table;
        } finally {
            servers.values().forEach(server -> server.disposeNow(WAIT));
            oneLoop.disposeLater(Duration.ZERO, WAIT).block(WAIT);
            busyPoll.disposeLater(Duration.ZERO, WAIT).block(WAIT);
            nio.disposeLater(Duration.ZERO, WAIT).block(WAIT);
        }
    }

    private static DisposableServer server(HttpServer server) {
        return server.route(routes -> routes.get("/price", (req, res) -> res.sendString(Mono.just("42.17"))))
                .bindNow(WAIT);
    }

    /** {@code requests} GETs, each sent when the previous answer arrived; latencies and the process's CPU. */
    private static LatencyComparison.Sample roundTrips(HttpClient client, int requests) {
        Histogram nanos = Percentiles.newHistogram();
        long cpu = CpuClock.processNanos();
        Flux.range(0, requests).concatMap(i -> Mono.defer(() -> {
            long start = System.nanoTime();
            return client.get().uri("/price").responseSingle((res, body) -> body.asString())
                    .doOnNext(price -> nanos.recordValue(System.nanoTime() - start));
        }), 1).blockLast(WAIT);
        return new LatencyComparison.Sample(nanos, CpuClock.processNanos() - cpu);
    }
}
