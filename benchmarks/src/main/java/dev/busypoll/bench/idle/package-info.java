/**
 * Idle cost: {@link dev.busypoll.bench.idle.IdleCost} measures the CPU of each thread of an idle
 * connected pair, per transport, after the spin window; {@link dev.busypoll.bench.idle.IdleSection} renders it.
 * The pairs are the open-loop scenario's ({@code dev.busypoll.bench.openloop}).
 */
package dev.busypoll.bench.idle;
