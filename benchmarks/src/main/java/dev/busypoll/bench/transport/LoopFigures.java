package dev.busypoll.bench.transport;

import dev.busypoll.bench.Pipes;
import dev.busypoll.core.IdleStats;

/**
 * What a busy-polling event loop reports about its waiting: its idle ladder, and how many wake-ups producers
 * paid for (an unpark) or skipped because the loop was not parked (the waiters flag: a producer
 * unparks only a consumer that really parks).
 *
 * @param idle           the loop's idle-ladder counters
 * @param unparksIssued  unparks producers issued to wake this loop
 * @param unparksAvoided signals that found the loop awake and skipped the unpark
 */
public record LoopFigures(IdleStats.Snapshot idle, long unparksIssued, long unparksAvoided) {
    /** These figures minus earlier ones. */
    public LoopFigures minus(LoopFigures earlier) {
        return new LoopFigures(idle.minus(earlier.idle), unparksIssued - earlier.unparksIssued,
                unparksAvoided - earlier.unparksAvoided);
    }

    /** These figures plus others (of another loop). */
    public LoopFigures plus(LoopFigures other) {
        return new LoopFigures(idle.plus(other.idle), unparksIssued + other.unparksIssued,
                unparksAvoided + other.unparksAvoided);
    }

    /** One line for the report. */
    public String describe() {
        return Pipes.describe(idle) + "; unparks issued " + unparksIssued + ", avoided " + unparksAvoided;
    }
}
