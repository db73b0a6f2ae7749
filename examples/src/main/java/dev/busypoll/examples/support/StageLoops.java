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
package dev.busypoll.examples.support;

import dev.busypoll.testbed.NettyTransport;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The event loops of one example run: the stages, in the order the flow passes them, placed on single-threaded
 * groups of one {@link Transport} by a {@link Layout}. Under {@link Layout#SHARED} consecutive stages share a loop
 * (stage {@code i} of {@code s} on loop {@code i * loops / s}), so the hops between neighbours stay on one thread.
 * Each loop's thread is named after its stages and the transport, for profilers and thread dumps.
 *
 * <p>Threading: build and {@link #close()} from one thread; the groups are Netty's and thread-safe.
 */
public final class StageLoops implements AutoCloseable {

    private final String description;
    private final List<String> stages;
    private final List<EventLoopGroup> groups = new ArrayList<>();
    private final int[] loopOfStage;

    /**
     * @param transport    the transport whose event loops run the stages
     * @param layout       how the stages share loops
     * @param stages       the stages' names, in the order the flow passes them
     * @param otherThreads busy threads of the run that are not event loops (see {@link Layout#loops})
     * @param cores        the cores the run may use
     */
    public StageLoops(NettyTransport transport, Layout layout, List<String> stages, int otherThreads, int cores) {
        this.stages = List.copyOf(stages);
        this.description = describe(layout, this.stages, otherThreads, cores);
        loopOfStage = assign(layout, this.stages.size(), otherThreads, cores);
        List<List<String>> names = new ArrayList<>();
        for (int i = 0; i < loopOfStage.length; i++) {
            if (loopOfStage[i] == names.size()) {
                names.add(new ArrayList<>());
            }
            names.get(loopOfStage[i]).add(this.stages.get(i));
        }
        try {
            for (List<String> n : names) {
                groups.add(transport.newGroup(1, new DefaultThreadFactory(
                        String.join("+", n) + "-" + transport.name().toLowerCase(Locale.ROOT), true)));
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** @return the group (one event loop) that runs {@code stage} */
    public EventLoopGroup group(String stage) {
        int i = stages.indexOf(stage);
        if (i < 0) {
            throw new IllegalArgumentException("unknown stage '" + stage + "', expected one of " + stages);
        }
        return groups.get(loopOfStage[i]);
    }

    /** @return the event loop that runs {@code stage} */
    public EventLoop loop(String stage) {
        return group(stage).next();
    }

    /** @return how many event loops the stages run on */
    public int loopCount() {
        return groups.size();
    }

    /** @return the layout, the loops and the stages on each, as one line: {@code SHARED, 2 loops: a+b | c} */
    public String describe() {
        return description;
    }

    /**
     * What {@link #describe()} would say of these loops, without starting them: {@code SHARED, 2 loops: a+b | c}.
     */
    public static String describe(Layout layout, List<String> stages, int otherThreads, int cores) {
        int[] loopOf = assign(layout, stages.size(), otherThreads, cores);
        int loops = loopOf[loopOf.length - 1] + 1;
        StringBuilder sb = new StringBuilder().append(layout).append(", ").append(loops)
                .append(loops == 1 ? " loop: " : " loops: ");
        for (int i = 0; i < stages.size(); i++) {
            if (i > 0) {
                sb.append(loopOf[i] == loopOf[i - 1] ? "+" : " | ");
            }
            sb.append(stages.get(i));
        }
        return sb.toString();
    }

    /** The loop of every stage: stage {@code i} of {@code s} on loop {@code i * loops / s}. */
    private static int[] assign(Layout layout, int stages, int otherThreads, int cores) {
        int loops = layout.loops(stages, otherThreads, cores);
        int[] loopOf = new int[stages];
        for (int i = 0; i < stages; i++) {
            loopOf[i] = (int) ((long) i * loops / stages);
        }
        return loopOf;
    }

    /**
     * Shuts every loop down and waits (up to 5 s each) until it has. The quiet period (10 ms) lets each loop pass
     * through its I/O handler once more after the last task, which closes the channels still registered: with
     * none, Netty may end the loop straight after its tasks and leave them to the handler's final clean-up.
     */
    @Override
    public void close() {
        for (EventLoopGroup g : groups) {
            g.shutdownGracefully(10, 1_000, TimeUnit.MILLISECONDS);
        }
        for (EventLoopGroup g : groups) {
            g.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }
}
