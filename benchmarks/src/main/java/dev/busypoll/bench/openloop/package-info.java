/**
 * Latency under a fixed offered load, open loop: {@link dev.busypoll.bench.openloop.OpenLoop}
 * paces 8-byte requests at scheduled times over every transport ({@link
 * dev.busypoll.bench.openloop.NettyOpenLoopTransport}, {@link dev.busypoll.bench.openloop.FloorOpenLoopTransport})
 * and measures from the scheduled time; {@link dev.busypoll.bench.openloop.OpenLoopSection} renders it. The
 * connected pairs are reused by the idle-cost scenario ({@code dev.busypoll.bench.idle}).
 */
package dev.busypoll.bench.openloop;
