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
package dev.busypoll.channel;

import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Test helper: a server group and a client group of busypoll loops (default spin) for one test class, started
 * before its first test and shut down after its last. Register as a static {@code @RegisterExtension} field.
 */
final class LoopGroups implements BeforeAllCallback, AfterAllCallback {
    private final int serverThreads;
    private final int clientThreads;
    private EventLoopGroup server;
    private EventLoopGroup client;

    LoopGroups(int serverThreads, int clientThreads) {
        this.serverThreads = serverThreads;
        this.clientThreads = clientThreads;
    }

    EventLoopGroup server() {
        return server;
    }

    EventLoopGroup client() {
        return client;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = new MultiThreadIoEventLoopGroup(serverThreads, BusyPollIoHandler.newFactory());
        client = new MultiThreadIoEventLoopGroup(clientThreads, BusyPollIoHandler.newFactory());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        client.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
