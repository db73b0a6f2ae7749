/**
 * Two throughput scenarios over Netty channels, every transport of {@link
 * dev.busypoll.bench.transport.Netty#all} side by side with a plain-thread floor:
 * <ul>
 *   <li>{@link dev.busypoll.bench.channels.ChannelHackbench} ({@code hackbench-channels}): hackbench's
 *       20 senders x 20 receivers per group, each pair a channel, on one event loop group of N threads;</li>
 *   <li>{@link dev.busypoll.bench.channels.Streaming} ({@code streaming}): one client streaming 64-byte
 *       messages one way to one server child, flushed in batches.</li>
 * </ul>
 * Both respect the channels' writability, count received bytes (TCP may split messages), and report CPU
 * time beside every speed figure.
 */
package dev.busypoll.bench.channels;
