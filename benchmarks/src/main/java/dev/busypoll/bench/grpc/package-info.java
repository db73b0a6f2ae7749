/**
 * gRPC unary round trips over grpc-netty on each transport beside gRPC's own in-process transport, the scenario's
 * floor in the summary; the service and the measurement are the testbed's ({@link
 * dev.busypoll.testbed.grpc.GrpcConnection}). Start at {@link dev.busypoll.bench.grpc.GrpcBench}.
 */
package dev.busypoll.bench.grpc;
