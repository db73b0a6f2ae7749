package dev.busypoll.bench.channels;

/**
 * One way of running the channel hackbench's message pattern: G groups, in each {@value ChannelHackbench#FDS}
 * senders that each deliver {@code loops} messages of {@value ChannelHackbench#MESSAGE_BYTES} bytes to each of
 * the group's {@value ChannelHackbench#FDS} receivers, all concurrently. Implementations are used by one
 * coordinating thread at a time; a session's threads are the implementation's own.
 */
interface HackbenchChannelsTransport {
    /** Row label. */
    String name();

    /** Short key for CSV files. */
    String key();

    /** How many threads may busy-wait at the same time with {@code groups} groups (oversubscription warning). */
    int spinningThreads(int groups);

    /** {@code null} when the transport can run here, otherwise why not. */
    String unavailableReason();

    /**
     * Sets up {@code maxGroups} groups (channels connected and active, or nothing for threads); the caller closes
     * it. One session serves every group count up to {@code maxGroups}, so the connections are made once.
     */
    Session open(int maxGroups) throws Exception;

    /** A set-up topology that runs the pattern once per {@link #run} call. Used by one thread. */
    interface Session extends AutoCloseable {
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
