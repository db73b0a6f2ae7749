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

import java.util.List;

import dev.busypoll.bench.latency.LatencyRows;
import dev.busypoll.bench.report.Section;

/** Renders a {@link GrpcBench.Result} as the report's gRPC section, its CSV and .hgrm files. Stateless. */
public final class GrpcSection {
    private GrpcSection() {
    }

    /** The section ({@link LatencyRows#section}). */
    public static Section of(GrpcBench.Result result) {
        GrpcBench.Config c = result.config();
        String method = "One unary call = one op, made with the blocking stub from one thread, one call at "
                + "a time, timed by the testbed's GrpcConnection.measureUnary. grpc-netty rows: server and client on "
                + "two single-threaded event-loop groups of the transport, handlers on the loops "
                + "(directExecutor). " + c.repetitions() + " repetitions per row (interleaved, each round in a "
                + "shuffled order, the busypoll channel's rows one after another), each a fresh "
                + "server and channel, " + c.warmupCalls() + " warm-up then " + c.calls() + " measured calls; "
                + "every figure is the median over the repetitions. CPU µs/op = process CPU time / calls. Ratios: "
                + "this row / the reference (lower is better).";
        return LatencyRows.section("grpc", "gRPC unary round trips (busypoll.Pricing/Quote)", method,
                result.notes(), result.table(), "gRPC unary call", "call µs", "calls", result.rows(), List.of());
    }
}
