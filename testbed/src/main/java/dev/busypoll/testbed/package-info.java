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
/**
 * What the examples and the benchmarks both set up, defined once: {@link dev.busypoll.testbed.NettyTransport}, the
 * Netty transports they run on (the busypoll channel, {@code LocalChannel} on both kinds of event loop, NIO and
 * epoll over loopback TCP). The gRPC service they call is in the {@code testbed-grpc} module, so that what needs only
 * the transports does not bring gRPC.
 */
package dev.busypoll.testbed;
