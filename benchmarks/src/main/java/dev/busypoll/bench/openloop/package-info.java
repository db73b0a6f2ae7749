/**
 * Latency under a fixed offered load, open loop: {@link dev.busypoll.bench.openloop.OpenLoop} paces requests at
 * scheduled times over the pairs of {@link dev.busypoll.bench.openloop.OpenLoopSession} (also the idle-cost
 * scenario's) and measures from the scheduled time; {@link dev.busypoll.bench.openloop.OpenLoopSection} renders it.
 */
package dev.busypoll.bench.openloop;
