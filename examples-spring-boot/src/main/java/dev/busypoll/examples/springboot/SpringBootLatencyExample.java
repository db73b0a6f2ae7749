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
package dev.busypoll.examples.springboot;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.busypoll.testbed.measure.CpuClock;
import dev.busypoll.testbed.measure.LatencyComparison;
import dev.busypoll.testbed.measure.Percentiles;
import org.HdrHistogram.Histogram;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * {@code WebClient} GET round trips to the {@link PricingApplication} in the same JVM, JSON decoded, over busypoll
 * AUTO (one loop that client and server share, and two loops) and over Spring Boot's default, Reactor Netty on
 * loopback TCP (epoll where its native library is on the class path, as Boot's starter brings it on Linux, else
 * NIO), printed as p50, p99 and the process's CPU per request. Each row is an application of its own, started with
 * the properties that choose its transport; the busypoll rows call through {@link BusyPollWebConfiguration#CLIENT},
 * the TCP row through a {@code WebClient} from Boot's builder with the server's URL.
 * <p>
 * Each call is made when the previous answer arrives, on the client's event loop (no caller thread waits). Every
 * row warms up before the first measured run; the runs go round the rows so that rows compared were measured close
 * in time.
 *
 * <pre>
 * ./mvnw -B -q -pl examples-spring-boot -am verify -DskipTests -Dinvoker.skip -Dlatency
 * ./mvnw -B -q -pl examples-spring-boot -am verify -DskipTests -Dinvoker.skip -Dlatency \
 *     -Dlatency.args="--requests 50000 --runs 5"
 * </pre>
 */
public final class SpringBootLatencyExample {
    static final String AUTO_ONE_LOOP = "busypoll AUTO, 1 loop";
    static final String AUTO = "busypoll AUTO, 2 loops";
    static final String DEFAULT = "Boot default, loopback";
    private static final Duration WAIT = Duration.ofMinutes(5);

    private SpringBootLatencyExample() {
    }

    public static void main(String[] args) {
        run(LatencyComparison.Args.parse(args), System.out);
    }

    /** Starts an application per row, runs every row and prints the table; returns it for a caller to check. */
    static LatencyComparison run(LatencyComparison.Args args, PrintStream out) {
        List<ConfigurableApplicationContext> apps = new ArrayList<>();
        try {
            Map<String, WebClient> clients = new LinkedHashMap<>();
            clients.put(AUTO_ONE_LOOP, busyPollClient(start(apps, "pricing-1", 1)));
            clients.put(AUTO, busyPollClient(start(apps, "pricing-2", 2)));
            ConfigurableApplicationContext tcp = start(apps, "--server.address=127.0.0.1", "--server.port=0");
            clients.put(DEFAULT, tcp.getBean(WebClient.Builder.class)
                    .baseUrl("http://127.0.0.1:" + ((WebServerApplicationContext) tcp).getWebServer().getPort())
                    .build());

            out.printf("Spring Boot WebFlux, WebClient GET of a JSON quote, %d requests a run, %d runs, %d warm-up"
                    + " requests a row; Boot's default loops native: %s%n", args.requests(), args.runs(),
                    args.warmup(), LoopResources.hasNativeSupport());
            clients.values().forEach(client -> roundTrips(client, args.warmup()));
            LatencyComparison table = new LatencyComparison("WebClient GET round trip, medians over the runs",
                    DEFAULT);
            for (int run = 0; run < args.runs(); run++) {
                clients.forEach((row, client) -> table.add(row, roundTrips(client, args.requests())));
            }
            out.print(table);
            return table;
        } finally {
            apps.forEach(ConfigurableApplicationContext::close);
        }
    }

    private static ConfigurableApplicationContext start(List<ConfigurableApplicationContext> apps, String name,
                                                        int loops) {
        return start(apps, "--" + BusyPollWebConfiguration.ADDRESS + "=" + name, "--busypoll.web.loops=" + loops);
    }

    private static ConfigurableApplicationContext start(List<ConfigurableApplicationContext> apps, String... args) {
        SpringApplication app = new SpringApplication(PricingApplication.class);
        // quiet, and Boot's own Reactor Netty loops shut down without their 2 s quiet period when a row is done
        app.setDefaultProperties(Map.of("spring.main.banner-mode", "off", "spring.main.log-startup-info", "false",
                "logging.level.root", "warn", "spring.reactor.netty.shutdown-quiet-period", "0s"));
        ConfigurableApplicationContext context = app.run(args);
        apps.add(context);
        return context;
    }

    private static WebClient busyPollClient(ConfigurableApplicationContext app) {
        return app.getBean(BusyPollWebConfiguration.CLIENT, WebClient.class);
    }

    /** {@code requests} GETs, each sent when the previous answer arrived; latencies and the process's CPU. */
    private static LatencyComparison.Sample roundTrips(WebClient client, int requests) {
        Histogram nanos = Percentiles.newHistogram();
        long cpu = CpuClock.processNanos();
        Flux.range(0, requests).concatMap(i -> Mono.defer(() -> {
            long start = System.nanoTime();
            return client.get().uri("/prices/{symbol}", "ACME").retrieve().bodyToMono(Quote.class)
                    .doOnNext(quote -> nanos.recordValue(System.nanoTime() - start));
        }), 1).blockLast(WAIT);
        return new LatencyComparison.Sample(nanos, CpuClock.processNanos() - cpu);
    }
}
