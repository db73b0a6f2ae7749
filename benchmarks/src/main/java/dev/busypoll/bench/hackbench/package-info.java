/** hackbench inside one JVM (thread mode, pipes): kernel pipes against transport-core's busy-wait pipe. */
package dev.busypoll.bench.hackbench;
