/**
 * Ping-pong of an 8-byte message, the in-JVM {@code perf bench sched pipe}, over every transport side by side.
 * Start at {@link dev.busypoll.bench.pingpong.PingPong}.
 */
package dev.busypoll.bench.pingpong;
