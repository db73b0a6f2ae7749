package dev.busypoll.bench.channels;

/**
 * One measured run of a channel scenario: messages received, seconds from the start signal to the last message
 * received, CPU seconds over the same window (NaN when unknown), the busy-polling loops' waiting figures over it (or
 * {@code null}).
 */
public record Run(long messages, double seconds, double cpuSeconds, String idle) {
    /** Messages per second. */
    public double messagesPerSecond() {
        return messages / seconds;
    }

    /** CPU µs per message. */
    public double cpuMicrosPerMessage() {
        return cpuSeconds * 1e6 / messages;
    }

    /** Wall µs per message. */
    public double microsPerMessage() {
        return seconds * 1e6 / messages;
    }
}
