/**
 * The gRPC service of the examples and the benchmarks, {@link dev.busypoll.testbed.grpc.PricingService}, and
 * {@link dev.busypoll.testbed.grpc.GrpcConnection}: a server serving it and a client channel connected to it, over
 * grpc-netty on any {@link dev.busypoll.testbed.NettyTransport} or over gRPC's own in-process transport.
 */
package dev.busypoll.testbed.grpc;
