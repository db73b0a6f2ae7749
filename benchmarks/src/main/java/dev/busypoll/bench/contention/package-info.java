/**
 * The contention section: AUTO, busypoll at 0 µs and {@code LocalChannel} side by side in a measuring JVM of their
 * own under conditions a shared machine has (one core, busy neighbours, a CPU quota), each condition made and undone
 * by the report itself; the headline is the share of cells where AUTO is no worse than {@code LocalChannel}. Method,
 * cells and the rule: docs/scenarios-contention.md.
 */
package dev.busypoll.bench.contention;
