package dev.busypoll.bench.channels;

import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Transport;

/**
 * The channel hackbench's message pattern set up over one transport: G groups, in each {@value ChannelHackbench#FDS}
 * senders that each deliver {@code loops} messages of {@value ChannelHackbench#MESSAGE_BYTES} bytes to each of
 * the group's {@value ChannelHackbench#FDS} receivers, all concurrently; on the floor ({@link FloorHackbenchChannels})
 * or on a Netty transport ({@link NettyHackbenchChannels}). One session serves every group count up to the
 * {@code maxGroups} it was opened for, so the connections are made once. Used by one coordinating thread; a
 * session's threads are its own.
 */
interface ChannelHackbenchSession extends AutoCloseable {
    /**
     * Runs the pattern once over the first {@code groups} groups (the others stay idle) and returns when every
     * receiver of them got all its messages.
     *
     * @param groups how many groups take part, at most the session's {@code maxGroups}
     * @param loops  messages per sender per receiver
     */
    Measured run(int groups, int loops) throws Exception;

    /** Tears the topology down, waiting for it (an interrupt cuts the wait short and stays set). */
    @Override
    void close();

    /**
     * Sets up {@code maxGroups} groups over {@code transport}: channels connected and active on one group of
     * {@code threads} event loops, or nothing yet for the floor's threads. The caller closes it.
     *
     * @throws IllegalArgumentException for a transport of another kind
     */
    static ChannelHackbenchSession open(Transport transport, int threads, int maxGroups) throws Exception {
        if (transport instanceof Netty netty) {
            return NettyHackbenchChannels.open(netty, threads, maxGroups);
        }
        if (transport instanceof Floor floor) {
            return new FloorHackbenchChannels(floor);
        }
        throw new IllegalArgumentException(transport.name() + ": hackbench-channels runs on the floor and Netty only");
    }

    /**
     * How many threads of {@code transport} may busy-wait at once with {@code groups} groups: of the one group's
     * {@code threads} event loops, or of the floor's 40 threads per group (for the oversubscription warning).
     */
    static int spinningThreads(Transport transport, int threads, int groups) {
        return transport.spinningThreads(transport instanceof Netty ? threads : 2 * ChannelHackbench.FDS * groups);
    }

    /**
     * One run as the transport saw it.
     *
     * @param startNanos {@link System#nanoTime()} when the start signal was given
     * @param endNanos   {@link System#nanoTime()} when the last receiver got its last message
     * @param messages   messages received by all receivers together
     * @param idle       the busy-polling loops' waiting figures over the run, or {@code null}
     */
    record Measured(long startNanos, long endNanos, long messages, String idle) {
    }
}
