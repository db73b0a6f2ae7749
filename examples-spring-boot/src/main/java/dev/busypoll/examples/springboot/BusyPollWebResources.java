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

import java.time.Duration;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.reactor.netty.BusyPollLoopResources;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.ConnectionProvider;

/**
 * What the application's busypoll side runs on: busypoll AUTO event loops, the {@link BusyPollAddress} its web
 * server binds, and the pool of connections its {@code WebClient} keeps to that address.
 * <p>
 * The pool is this class's own, not Reactor Netty's global one, because its connections live on these loops: closing
 * closes them first and then the loops, each waited for, so that nothing is left on a loop that is gone. Spring
 * closes it at shutdown, after the web server has stopped.
 * <p>
 * Thread-safe; {@link #close} once.
 */
public final class BusyPollWebResources implements AutoCloseable {
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final BusyPollAddress address;
    private final BusyPollLoopResources loops;
    private final ConnectionProvider connections;

    /**
     * @param name  the in-JVM name the server binds and the client connects to
     * @param loops how many busypoll event loops server and client share
     */
    public BusyPollWebResources(String name, int loops) {
        this.address = new BusyPollAddress(name);
        this.loops = BusyPollLoopResources.create("busypoll-web", loops,
                BusyPollIoHandler.newFactory(BusyPollChannelOption.AUTO));
        this.connections = ConnectionProvider.create("busypoll-web");
    }

    /** The address the server binds. */
    public BusyPollAddress address() {
        return address;
    }

    /** {@code server} run on these loops and bound to {@link #address()}. */
    public HttpServer serve(HttpServer server) {
        return server.runOn(loops).bindAddress(() -> address);
    }

    /**
     * A client on these loops and this pool that connects to {@link #address()} for every request whose URI is a
     * path; an absolute URI ({@code http://host/...}) names a TCP host, which busypoll's loops refuse.
     */
    public HttpClient client() {
        return HttpClient.create(connections).runOn(loops).remoteAddress(() -> address);
    }

    /** Closes the pool's connections, then shuts the loops down; waits for both. */
    @Override
    public void close() {
        try {
            connections.disposeLater().block(CLOSE_TIMEOUT);
        } finally {
            loops.disposeLater(Duration.ZERO, CLOSE_TIMEOUT).block(CLOSE_TIMEOUT);
        }
    }
}
