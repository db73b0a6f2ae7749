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
package dev.busypoll.bench.channels;

import java.util.ArrayList;

import dev.busypoll.bench.hackbench.Hackbench;
import dev.busypoll.bench.transport.Floor;
import dev.busypoll.bench.transport.Netty;
import dev.busypoll.bench.transport.Pipe;
import dev.busypoll.bench.transport.Transport;
import dev.busypoll.bench.transport.Workers;

/**
 * The channel hackbench's message pattern set up over one transport for up to {@code maxGroups} groups, so the
 * connections are made once. Used by one coordinating thread; a session's threads are its own.
 */
interface ChannelHackbenchSession extends AutoCloseable {
    /**
     * Runs the pattern once over the first {@code groups} groups (the others stay idle), {@code loops} messages per
     * sender per receiver, and returns when every receiver of them got all its messages.
     */
    Measured run(int groups, int loops) throws Exception;

    /** Tears the topology down, waiting for it (an interrupt cuts the wait short and stays set). */
    @Override
    void close();

    /**
     * Sets up {@code maxGroups} groups over {@code transport}: channels connected and active on one group of
     * {@code threads} event loops, or nothing yet for the floor's threads. The caller closes it.
     */
    static ChannelHackbenchSession open(Transport transport, int threads, int maxGroups) throws Exception {
        if (transport instanceof Netty netty) {
            return NettyHackbenchChannels.open(netty, threads, maxGroups);
        }
        if (transport instanceof Floor floor) {
            return floor(floor);
        }
        throw new IllegalArgumentException(transport.name() + ": hackbench-channels runs on the floor and Netty only");
    }

    /**
     * The floor: the thread-mode hackbench's threads and MPSC pipes ({@value ChannelHackbench#FLOOR_CAPACITY}
     * messages) over {@code floor}; a run's threads stay alive until the next run or the end, across the CPU clock's
     * window.
     */
    private static ChannelHackbenchSession floor(Floor floor) {
        return new ChannelHackbenchSession() {
            private Workers workers = new Workers(true);

            @Override
            public Measured run(int groups, int loops) throws Exception {
                close();
                workers = new Workers(true);
                Hackbench.Traffic traffic = Hackbench.start(floor, groups, loops, ChannelHackbench.FLOOR_CAPACITY,
                        workers, new ArrayList<Pipe<byte[]>>());
                long t0 = workers.run("floor", 120 + (long) groups * ChannelHackbench.FDS * loops / 10_000);
                return new Measured(t0, traffic.lastNanos().get(), traffic.received().get(), null);
            }

            @Override
            public void close() {
                workers.close();
            }
        };
    }

    /**
     * How many threads of {@code transport} may busy-wait at once with {@code groups} groups: of the one group's
     * {@code threads} event loops, or of the floor's 40 threads per group.
     */
    static int spinningThreads(Transport transport, int threads, int groups) {
        return transport.spinningThreads(transport instanceof Netty ? threads : 2 * ChannelHackbench.FDS * groups);
    }
}
