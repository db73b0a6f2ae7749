/**
 * Two throughput scenarios over Netty channels, every transport of {@link dev.busypoll.bench.transport.Netty#all}
 * beside a plain-thread floor: {@link dev.busypoll.bench.channels.ChannelHackbench} ({@code hackbench-channels})
 * and {@link dev.busypoll.bench.channels.Streaming} ({@code streaming}), with the streaming cost ladder.
 */
package dev.busypoll.bench.channels;
