/**
 * The transports every scenario compares, each described once ({@link dev.busypoll.bench.transport.Transport}):
 * plain threads with one-way pipes and the Netty transports with their connected pairs; the busy-wait pipes are
 * made in one place ({@link dev.busypoll.bench.transport.Pipes}).
 */
package dev.busypoll.bench.transport;
