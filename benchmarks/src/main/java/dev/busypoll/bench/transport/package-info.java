/**
 * The transports every scenario compares, each described once ({@link dev.busypoll.bench.transport.Transport}): the
 * floor, the kernel pipe and transport-core's busy-wait pipe between plain threads ({@link
 * dev.busypoll.bench.transport.ThreadTransport}, one-way {@link dev.busypoll.bench.transport.Pipe}s), and the Netty
 * transports ({@link dev.busypoll.bench.transport.Netty}: LocalChannel on both loop types, NIO and epoll over
 * loopback TCP, the busypoll channel at each {@code BUSY_POLL_MICROS}) with their connected pairs ({@link
 * dev.busypoll.bench.transport.NettyPair}). The scenarios put their traffic shapes on top.
 */
package dev.busypoll.bench.transport;
