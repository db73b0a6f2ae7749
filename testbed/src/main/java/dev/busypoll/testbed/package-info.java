/**
 * What the examples and the benchmarks both set up, defined once: {@link dev.busypoll.testbed.NettyTransport}, the
 * Netty transports they run on (the busypoll channel, {@code LocalChannel} on both kinds of event loop, NIO and
 * epoll over loopback TCP), and in {@code dev.busypoll.testbed.grpc} the gRPC service they call and the
 * server-and-channel pair that serves it over any of those transports.
 */
package dev.busypoll.testbed;
