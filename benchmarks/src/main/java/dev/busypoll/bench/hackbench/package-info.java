/**
 * hackbench inside one JVM (thread mode, pipes): the Linux "pipe busy wait" RFC's own experiment, kernel pipes
 * against transport-core's busy-wait pipe. Start at {@link dev.busypoll.bench.hackbench.Hackbench}, whose javadoc
 * draws the thread topology.
 */
package dev.busypoll.bench.hackbench;
