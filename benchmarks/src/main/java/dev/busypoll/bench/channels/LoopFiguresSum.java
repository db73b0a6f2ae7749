package dev.busypoll.bench.channels;

import java.util.List;

import io.netty.channel.EventLoop;

import dev.busypoll.bench.transport.LoopFigures;
import dev.busypoll.bench.transport.NettyTransportSpec;

/**
 * The waiting figures of several event loops added up, so a scenario with N loops reports one line. Stateless.
 */
final class LoopFiguresSum {
    private LoopFiguresSum() {
    }

    /** The sum of {@code spec.figures(loop)} over {@code loops}, or {@code null} when the loops have no ladder. */
    static LoopFigures of(NettyTransportSpec spec, List<EventLoop> loops) {
        LoopFigures sum = null;
        for (EventLoop loop : loops) {
            LoopFigures f = spec.figures(loop);
            if (f == null) {
                return null;
            }
            sum = sum == null ? f : new LoopFigures(sum.idle().plus(f.idle()), sum.unparksIssued() + f.unparksIssued(),
                    sum.unparksAvoided() + f.unparksAvoided());
        }
        return sum;
    }
}
