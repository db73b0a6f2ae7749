/**
 * What the closed-loop latency scenarios (ping-pong, gRPC) share: the subject of a row, one repetition's
 * figures, a row of repetitions with its merged histogram, the interleaved repetition loop with its watchdog,
 * and the table and CSV over the rows with ratios to reference rows.
 */
package dev.busypoll.bench.latency;
