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
package dev.busypoll.vertx;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyComparison;
import dev.busypoll.testbed.measure.Percentiles;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import org.HdrHistogram.Histogram;

/**
 * HTTP GET round trips between one Vert.x instance's HTTP client and server, over busypoll AUTO
 * ({@link BusyPollTransport}) and over Vert.x's default transport (NIO) on loopback TCP, printed as p50, p99 and
 * the process's CPU per request. Netty's {@code LocalChannel} has no row: Vert.x does not run on it.
 * <p>
 * Each call is made when the previous answer arrived, on the client's event loop (no caller thread waits), so a
 * row shows the transport and Vert.x, not a wake-up of the caller. Every row warms up before the first measured
 * run; the runs go round the rows so that rows compared were measured close in time.
 *
 * <pre>
 * ./mvnw -B -q -pl busypoll-vertx -am verify -DskipTests -Dinvoker.skip -Dlatency
 * ./mvnw -B -q -pl busypoll-vertx -am verify -DskipTests -Dinvoker.skip -Dlatency \
 *     -Dlatency.args="--requests 50000 --runs 5"
 * </pre>
 */
public final class VertxLatencyExample {
    static final String AUTO = "busypoll AUTO";
    static final String DEFAULT = "Vert.x default (NIO), loopback";
    private static final long WAIT_MINUTES = 5;

    private VertxLatencyExample() {
    }

    public static void main(String[] args) throws Exception {
        run(LatencyComparison.Args.parse(args), System.out);
    }

    /** A Vert.x instance with an HTTP server at {@code address} and a client to it. */
    private record Instance(Vertx vertx, HttpServer server, HttpClientAgent client, RequestOptions price) {
        static Instance start(Vertx vertx, SocketAddress address) throws Exception {
            HttpServer server = await(vertx.createHttpServer()
                    .requestHandler(req -> req.response().end("42.17")).listen(address));
            SocketAddress bound = address.isDomainSocket() ? address
                    : SocketAddress.inetSocketAddress(server.actualPort(), address.host());
            return new Instance(vertx, server, vertx.createHttpClient(),
                    new RequestOptions().setServer(bound).setURI("/price"));
        }

        void close() throws Exception {
            await(vertx.close());
        }
    }

    /** Runs every row and prints the table; returns it for a caller that checks the rows. */
    static LatencyComparison run(LatencyComparison.Args args, PrintStream out) throws Exception {
        Map<String, Instance> rows = new LinkedHashMap<>();
        try {
            rows.put(AUTO, Instance.start(Vertx.builder().withTransport(BusyPollTransport.create(
                    BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO))).build(),
                    SocketAddress.domainSocketAddress("price")));
            rows.put(DEFAULT, Instance.start(Vertx.vertx(), SocketAddress.inetSocketAddress(0, "127.0.0.1")));

            out.printf("Vert.x HTTP GET, %d requests a run, %d runs, %d warm-up requests a row%n", args.requests(),
                    args.runs(), args.warmup());
            for (Instance instance : rows.values()) {
                roundTrips(instance, args.warmup());
            }
            LatencyComparison table = new LatencyComparison("HTTP GET round trip, medians over the runs", DEFAULT);
            for (int run = 0; run < args.runs(); run++) {
                for (Map.Entry<String, Instance> row : rows.entrySet()) {
                    table.add(row.getKey(), roundTrips(row.getValue(), args.requests()));
                }
            }
            out.print(table);
            return table;
        } finally {
            for (Instance instance : rows.values()) {
                instance.close();
            }
        }
    }

    /** {@code requests} GETs, each sent when the previous answer arrived; latencies and the process's CPU. */
    private static LatencyComparison.Sample roundTrips(Instance instance, int requests) throws Exception {
        Histogram nanos = Percentiles.newHistogram();
        CompletableFuture<Void> done = new CompletableFuture<>();
        long cpu = CpuClock.processNanos();
        instance.vertx().getOrCreateContext().runOnContext(v -> next(instance, requests, nanos, done));
        done.get(WAIT_MINUTES, TimeUnit.MINUTES);
        return new LatencyComparison.Sample(nanos, CpuClock.processNanos() - cpu);
    }

    private static void next(Instance instance, int remaining, Histogram nanos, CompletableFuture<Void> done) {
        if (remaining == 0) {
            done.complete(null);
            return;
        }
        long start = System.nanoTime();
        instance.client().request(instance.price())
                .compose(req -> req.send().compose(HttpClientResponse::body))
                .onComplete(reply -> {
                    if (reply.failed()) {
                        done.completeExceptionally(reply.cause());
                        return;
                    }
                    nanos.recordValue(System.nanoTime() - start);
                    next(instance, remaining - 1, nanos, done);
                });
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(WAIT_MINUTES, TimeUnit.MINUTES);
    }
}
