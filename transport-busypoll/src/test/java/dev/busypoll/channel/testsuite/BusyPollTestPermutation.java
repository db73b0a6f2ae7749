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
package dev.busypoll.channel.testsuite;

import java.net.SocketAddress;
import java.util.Collections;
import java.util.List;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.testsuite.transport.TestsuitePermutation;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The busypoll transport as one permutation of Netty's socket test suite: a server on a boss loop and two worker
 * loops, a client group of two loops, all with the default spin (0 µs) so the suite does not starve a 2-core
 * machine. Groups are shared by every test class of the JVM, as Netty's own permutations do.
 */
public final class BusyPollTestPermutation {
    static final EventLoopGroup BOSS =
            new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("bp-boss", true), BusyPollIoHandler.newFactory());
    static final EventLoopGroup WORKER =
            new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("bp-worker", true), BusyPollIoHandler.newFactory());
    static final EventLoopGroup CLIENT =
            new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("bp-client", true), BusyPollIoHandler.newFactory());

    private BusyPollTestPermutation() {
    }

    static List<TestsuitePermutation.BootstrapComboFactory<ServerBootstrap, Bootstrap>> socket() {
        return Collections.singletonList(new TestsuitePermutation.BootstrapComboFactory<>() {
            @Override
            public ServerBootstrap newServerInstance() {
                return new ServerBootstrap().group(BOSS, WORKER).channel(BusyPollServerChannel.class);
            }

            @Override
            public Bootstrap newClientInstance() {
                return new Bootstrap().group(CLIENT).channel(BusyPollChannel.class);
            }
        });
    }

    static SocketAddress newSocketAddress() {
        return BusyPollAddress.ANY;
    }
}
