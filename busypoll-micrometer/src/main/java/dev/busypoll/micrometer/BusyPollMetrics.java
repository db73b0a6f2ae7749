/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.busypoll.micrometer;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.SingleThreadEventExecutor;

/**
 * Micrometer meters for the {@link BusyPollStats} of every loop of a busypoll event-loop group, tagged
 * {@value #LOOP_TAG} with the loop's thread name (the value Micrometer's own {@code NettyEventExecutorMetrics} puts in
 * its {@code name} tag), plus the tags given here:
 *
 * <table>
 *   <caption>Meters per loop</caption>
 *   <tr><th>name</th><th>type, unit</th><th>from {@link BusyPollStats}</th></tr>
 *   <tr><td>{@code busypoll.messages}</td><td>function counter, messages</td><td>{@code getMessages()}</td></tr>
 *   <tr><td>{@code busypoll.polls}</td><td>function counter, polls</td><td>{@code getPolls()}</td></tr>
 *   <tr><td>{@code busypoll.idle.time}, tag {@code phase} = {@code spin}, {@code yield}, {@code park}</td>
 *       <td>function counter, seconds</td><td>{@code getSpinNanos()}, {@code getYieldNanos()},
 *       {@code getParkNanos()}</td></tr>
 *   <tr><td>{@code busypoll.idle.yields}</td><td>function counter</td><td>{@code getYields()}</td></tr>
 *   <tr><td>{@code busypoll.idle.parks}</td><td>function counter</td><td>{@code getParks()}</td></tr>
 *   <tr><td>{@code busypoll.idle.standdowns}</td><td>function counter</td><td>{@code getStandDowns()}</td></tr>
 *   <tr><td>{@code busypoll.unparks}, tag {@code result} = {@code issued}, {@code avoided}</td>
 *       <td>function counter</td><td>{@code getUnparksIssued()}, {@code getUnparksAvoided()}</td></tr>
 *   <tr><td>{@code busypoll.spin.window}</td><td>time gauge</td><td>{@code getSpinWindowNanos()}</td></tr>
 *   <tr><td>{@code busypoll.wake.cost}</td><td>time gauge</td><td>{@code getWakeCostNanos()}</td></tr>
 *   <tr><td>{@code busypoll.channels}</td><td>gauge, connections</td><td>{@code getRegisteredChannels()}</td></tr>
 * </table>
 *
 * <p>The idle time's rate is the share of a core each rung takes: its {@code spin} phase is the CPU a loop burns
 * waiting. The meters read the loop's running totals when the registry asks; nothing is added to the loop's path.
 *
 * <p>{@link #bindTo} starts loops that have not run yet (as {@code NettyEventExecutorMetrics} does, to learn their
 * thread names), so bind after the group is made and before it shuts down. The meters hold the counters weakly, as
 * Micrometer's function meters do: once the group is gone they read {@code NaN}. Thread-safe; may be bound to several
 * registries.
 */
public final class BusyPollMetrics implements MeterBinder {
    /** The tag naming the loop: its thread's name. */
    public static final String LOOP_TAG = "busypoll.loop";

    private final Iterable<? extends EventExecutor> loops;
    private final Tags tags;

    /**
     * Meters for every loop of {@code loops}, usually a group made with
     * {@code new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory())}.
     */
    public BusyPollMetrics(Iterable<? extends EventExecutor> loops) {
        this(loops, Tags.empty());
    }

    /** Meters for every loop of {@code loops}, each also carrying {@code tags}. */
    public BusyPollMetrics(Iterable<? extends EventExecutor> loops, Iterable<Tag> tags) {
        this.loops = Objects.requireNonNull(loops, "loops");
        this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
    }

    /**
     * Registers the meters of every loop.
     *
     * @throws IllegalArgumentException if a loop does not run {@link BusyPollIoHandler}; nothing is registered then
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        for (EventExecutor loop : loops) {
            if (!(BusyPollIoHandler.isBusyPoll(loop) && loop instanceof SingleThreadEventExecutor)) {
                throw new IllegalArgumentException("BusyPollMetrics reads busypoll event loops, but " + loop
                        + " does not run BusyPollIoHandler; bind it to a group made with"
                        + " new MultiThreadIoEventLoopGroup(BusyPollIoHandler.newFactory()), and Micrometer's"
                        + " NettyEventExecutorMetrics to other groups");
            }
        }
        for (EventExecutor loop : loops) {
            // threadProperties() starts a loop that has not run yet and waits for it: its stats exist from then on.
            String name = ((SingleThreadEventExecutor) loop).threadProperties().name();
            bind(registry, BusyPollIoHandler.stats(loop), tags.and(LOOP_TAG, name));
        }
    }

    private static void bind(MeterRegistry registry, BusyPollStats stats, Tags tags) {
        counter(registry, "busypoll.messages", "Messages read and fired through pipelines", BaseUnits.MESSAGES,
                stats, tags, BusyPollStats::getMessages);
        counter(registry, "busypoll.polls", "Polls of a ready channel, each taking at most its budget", "polls",
                stats, tags, BusyPollStats::getPolls);
        idleTime(registry, stats, tags, "spin", BusyPollStats::getSpinNanos);
        idleTime(registry, stats, tags, "yield", BusyPollStats::getYieldNanos);
        idleTime(registry, stats, tags, "park", BusyPollStats::getParkNanos);
        counter(registry, "busypoll.idle.yields", "Thread.yield() calls of the idle ladder", null,
                stats, tags, BusyPollStats::getYields);
        counter(registry, "busypoll.idle.parks", "Parks of the idle ladder", null,
                stats, tags, BusyPollStats::getParks);
        counter(registry, "busypoll.idle.standdowns", "AUTO idle episodes that parked at once for contended cores",
                null, stats, tags, BusyPollStats::getStandDowns);
        String signals = "Signals from producers to the loop: issued unparked it, avoided found it awake";
        counter(registry, "busypoll.unparks", signals, null,
                stats, tags.and("result", "issued"), BusyPollStats::getUnparksIssued);
        counter(registry, "busypoll.unparks", signals, null,
                stats, tags.and("result", "avoided"), BusyPollStats::getUnparksAvoided);
        timeGauge(registry, "busypoll.spin.window", "The spin window in effect (AUTO: the one chosen last)",
                stats, tags, BusyPollStats::getSpinWindowNanos);
        timeGauge(registry, "busypoll.wake.cost", "The loop's measured cost of a park and wake-up",
                stats, tags, BusyPollStats::getWakeCostNanos);
        Gauge.builder("busypoll.channels", stats, s -> s.getRegisteredChannels())
                .description("Channels registered on the loop").baseUnit(BaseUnits.CONNECTIONS).tags(tags)
                .register(registry);
    }

    private static void idleTime(MeterRegistry registry, BusyPollStats stats, Tags tags, String phase,
                                 ToLongFunction<BusyPollStats> nanos) {
        FunctionCounter.builder("busypoll.idle.time", stats, s -> nanos.applyAsLong(s) / 1e9)
                .description("Time the idle ladder spent in one phase").baseUnit("seconds")
                .tags(tags.and("phase", phase)).register(registry);
    }

    private static void counter(MeterRegistry registry, String name, String description, String unit,
                                BusyPollStats stats, Tags tags, ToLongFunction<BusyPollStats> count) {
        FunctionCounter.builder(name, stats, s -> count.applyAsLong(s))
                .description(description).baseUnit(unit).tags(tags).register(registry);
    }

    private static void timeGauge(MeterRegistry registry, String name, String description, BusyPollStats stats,
                                  Tags tags, ToDoubleFunction<BusyPollStats> nanos) {
        TimeGauge.builder(name, stats, TimeUnit.NANOSECONDS, nanos).description(description).tags(tags)
                .register(registry);
    }
}
