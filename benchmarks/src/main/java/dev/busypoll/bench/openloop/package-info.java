/**
 * Latency under a fixed offered load, open loop: {@link dev.busypoll.bench.openloop.OpenLoop}
 * paces 8-byte requests at scheduled times over every transport (the pairs of {@link
 * dev.busypoll.bench.openloop.OpenLoopSession}, on the floor and on every Netty transport) and measures from the
 * scheduled time; {@link dev.busypoll.bench.openloop.OpenLoopSection} renders it. The connected pairs are reused by
 * the idle-cost scenario ({@code dev.busypoll.bench.idle}).
 */
package dev.busypoll.bench.openloop;
