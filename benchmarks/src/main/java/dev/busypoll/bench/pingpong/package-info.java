/**
 * Ping-pong of an 8-byte message, the in-JVM {@code perf bench sched pipe}: the raw-queue floor, the busy-wait
 * pipe, Netty's {@code LocalChannel} on two kinds of loop, NIO over loopback TCP and the busypoll channel, side by
 * side. Start at {@link dev.busypoll.bench.pingpong.PingPong}; {@link dev.busypoll.bench.pingpong.PingPongSession}
 * draws the topology over each kind of transport.
 */
package dev.busypoll.bench.pingpong;
