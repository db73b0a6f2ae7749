/**
 * The transports every scenario compares, each described once ({@link dev.busypoll.bench.transport.Transport}):
 * plain threads with one-way pipes and the Netty transports with their connected pairs.
 */
package dev.busypoll.bench.transport;
