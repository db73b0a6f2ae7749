/**
 * gRPC unary round trips: grpc-netty on the busypoll channel, on Netty's {@code LocalChannel} (on
 * {@code LocalIoHandler} and on {@code DefaultEventLoopGroup}) and over NIO loopback TCP, beside gRPC's own in-process
 * transport, which is also the scenario's floor in the report's summary. The service, servers, channels and the
 * measurement itself are the testbed module's, shared with the examples ({@link
 * dev.busypoll.testbed.grpc.GrpcConnection}); start at {@link dev.busypoll.bench.grpc.GrpcBench}.
 */
package dev.busypoll.bench.grpc;
