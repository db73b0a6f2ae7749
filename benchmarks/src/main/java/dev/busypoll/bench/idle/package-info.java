/**
 * Idle cost: the CPU of each thread of an idle connected pair, per transport, after the spin window, over the open
 * loop's pairs ({@code dev.busypoll.bench.openloop}). Start at {@link dev.busypoll.bench.idle.IdleCost}.
 */
package dev.busypoll.bench.idle;
