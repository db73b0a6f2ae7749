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
package dev.busypoll.bench.grpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.busypoll.bench.latency.LatencySubject;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.testbed.NettyTransport;
import dev.busypoll.testbed.grpc.GrpcConnection;

/**
 * One row of the gRPC scenario: something that serves the testbed's {@code PricingService} and connects a client
 * channel to it. Every repetition opens a fresh server and channel and closes both afterwards.
 */
public interface GrpcTarget extends LatencySubject {
    /** Starts a server and connects a client channel to it. */
    GrpcConnection open() throws Exception;

    /** The rows in report order: gRPC's in-process reference, then grpc-netty per transport. */
    static List<GrpcTarget> all(List<Long> busyPollMicros) {
        List<GrpcTarget> list = new ArrayList<>();
        list.add(inProcess());
        list.add(over(new Netty("grpc-netty, Netty LocalChannel (LocalIoHandler)", "local", NettyTransport.LOCAL,
                0)));
        list.add(over(new Netty("grpc-netty, Netty LocalChannel (DefaultEventLoopGroup)", "local-default",
                NettyTransport.LOCAL_DEFAULT, 0)));
        list.add(over(new Netty("grpc-netty, NIO loopback TCP", "nio", NettyTransport.NIO, 0)));
        for (long us : busyPollMicros) {
            list.add(over(new Netty("grpc-netty, busypoll channel, BUSY_POLL_MICROS " + Netty.label(us),
                    "busypoll" + Netty.keySuffix(us), NettyTransport.BUSYPOLL, Math.toIntExact(us))));
        }
        return list;
    }

    /** gRPC's own in-process transport, the reference row ({@link GrpcConnection#inProcess()}). */
    static GrpcTarget inProcess() {
        return new Of("grpc-inprocess", "inprocess", 0, null, GrpcConnection::inProcess);
    }

    /**
     * grpc-netty over one Netty transport, with its label and key ({@link GrpcConnection#start}): server and
     * client on two single-threaded event-loop groups, handlers on the loops, the busy-poll setting applied.
     */
    static GrpcTarget over(Netty netty) {
        return new Of(netty.name(), netty.key(), netty.spinningThreads(), netty.unavailableReason(),
                () -> GrpcConnection.start(netty.transport(), netty.busyPollMicros()));
    }

    /** A row made of its figures and what opens it. */
    record Of(String name, String key, int spinningThreads, String unavailableReason,
              Callable<GrpcConnection> opener) implements GrpcTarget {
        @Override
        public GrpcConnection open() throws Exception {
            return opener.call();
        }
    }
}
