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
 * gRPC unary round trips over grpc-netty on each transport beside gRPC's own in-process transport, the scenario's
 * floor in the summary; the service and the measurement are the testbed's ({@link
 * dev.busypoll.testbed.grpc.GrpcConnection}). Start at {@link dev.busypoll.bench.grpc.GrpcBench}.
 */
package dev.busypoll.bench.grpc;
