/**
 * The Netty transports every channel scenario compares, described once: {@link
 * dev.busypoll.bench.transport.NettyTransportSpec} says how to make a transport's event loops, channels and
 * addresses, and {@link dev.busypoll.bench.transport.NettyTransportSpecs} lists them (LocalChannel on both
 * loop types, NIO and epoll over loopback TCP, the busypoll channel at each {@code BUSY_POLL_MICROS}).
 * Ping-pong, hackbench over channels, streaming and the open-loop latency scenario all build on it, so a row
 * called "Netty NIO, loopback TCP" is the same set-up in every table.
 */
package dev.busypoll.bench.transport;
