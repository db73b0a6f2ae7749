/**
 * The gRPC service of the examples and the benchmarks, {@link dev.busypoll.testbed.grpc.PricingService}, and
 * {@link dev.busypoll.testbed.grpc.GrpcConnection}: a server serving it and a client channel connected to it, over
 * grpc-netty on any {@link dev.busypoll.testbed.NettyTransport} or over gRPC's own in-process transport. A module of
 * its own ({@code testbed-grpc}), apart from the transports, so that what needs only the transports does not bring
 * gRPC.
 */
package dev.busypoll.testbed.grpc;
