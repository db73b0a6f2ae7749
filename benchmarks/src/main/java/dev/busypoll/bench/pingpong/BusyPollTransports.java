package dev.busypoll.bench.pingpong;

import java.util.ArrayList;
import java.util.List;

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import dev.busypoll.channel.BusyPollStats;
import io.netty.channel.MultiThreadIoEventLoopGroup;

/**
 * The busypoll channel rows: a {@link BusyPollChannel} client and the {@link BusyPollServerChannel}'s child on
 * two different busy-polling event loops (one single-threaded group each), one row per {@code BUSY_POLL_MICROS}.
 * The option is set the way users set it: {@code ServerBootstrap.option} and {@code childOption}, and
 * {@code Bootstrap.option}. The topology is {@link NettyTransport}'s.
 */
public final class BusyPollTransports {
    private BusyPollTransports() {
    }

    /** One transport per busy-poll time, in the order given. */
    public static List<PingPongTransport> forMicros(List<Long> busyPollMicros) {
        List<PingPongTransport> list = new ArrayList<>();
        for (long us : busyPollMicros) {
            int micros = Math.toIntExact(us);
            list.add(new NettyTransport("busypoll channel, BUSY_POLL_MICROS " + us, "busypoll" + us,
                    micros > 0 ? 2 : 0, () -> null,
                    () -> new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory()),
                    BusyPollServerChannel.class, BusyPollChannel.class, () -> BusyPollAddress.ANY,
                    b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, micros)
                            .childOption(BusyPollChannelOption.BUSY_POLL_MICROS, micros),
                    b -> b.option(BusyPollChannelOption.BUSY_POLL_MICROS, micros),
                    loop -> {
                        BusyPollStats stats = BusyPollIoHandler.stats(loop);
                        return new LoopFigures(stats.idleStats().snapshot(), stats.getUnparksIssued(),
                                stats.getUnparksAvoided());
                    }));
        }
        return list;
    }
}
