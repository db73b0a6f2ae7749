/**
 * What the examples and the benchmarks both set up, defined once: {@link dev.busypoll.testbed.NettyTransport}, the
 * Netty transports they run on (the busypoll channel, {@code LocalChannel} on both kinds of event loop, NIO and
 * epoll over loopback TCP). The gRPC service they call is in the {@code testbed-grpc} module, so that what needs only
 * the transports does not bring gRPC.
 */
package dev.busypoll.testbed;
