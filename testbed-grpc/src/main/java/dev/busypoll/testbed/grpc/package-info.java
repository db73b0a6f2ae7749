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
 * The gRPC service of the examples and the benchmarks, {@link dev.busypoll.testbed.grpc.PricingService}, and
 * {@link dev.busypoll.testbed.grpc.GrpcConnection}: a server serving it and a client channel connected to it, over
 * grpc-netty on any {@link dev.busypoll.testbed.NettyTransport} or over gRPC's own in-process transport. A module of
 * its own ({@code testbed-grpc}), apart from the transports, so that what needs only the transports does not bring
 * gRPC.
 */
package dev.busypoll.testbed.grpc;
