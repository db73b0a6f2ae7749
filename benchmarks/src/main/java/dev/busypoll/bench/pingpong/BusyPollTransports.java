package dev.busypoll.bench.pingpong;

import java.util.ArrayList;
import java.util.List;

/**
 * The busypoll channel rows: {@code BusyPollChannel} client and {@code BusyPollServerChannel} server child on
 * two different busy-polling event loops, one row per {@code BUSY_POLL_MICROS}.
 */
public final class BusyPollTransports {
    private BusyPollTransports() {
    }

    /** Why the busypoll channel is not available in this build, or {@code null}. */
    public static String unavailableReason() {
        return "the busypoll Netty transport (branch netty) is not in this build yet";
    }

    /** One transport per busy-poll time, in the order given. */
    public static List<PingPongTransport> forMicros(List<Long> busyPollMicros) {
        List<PingPongTransport> list = new ArrayList<>();
        for (long us : busyPollMicros) {
            list.add(new UnavailableTransport("busypoll channel, BUSY_POLL_MICROS " + us, "busypoll" + us,
                    unavailableReason()));
        }
        return list;
    }
}
