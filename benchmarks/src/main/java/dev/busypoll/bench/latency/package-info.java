/**
 * What the closed-loop latency scenarios (ping-pong, gRPC) share: the subject of a row, one repetition's figures, a
 * row of repetitions, the interleaved repetition loop with its watchdog, and the tables, plots and files over the
 * rows. Why the repetitions are interleaved: docs/scenarios-latency.md.
 */
package dev.busypoll.bench.latency;
