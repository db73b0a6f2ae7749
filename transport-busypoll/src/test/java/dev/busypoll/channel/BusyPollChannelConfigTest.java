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
package dev.busypoll.channel;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transport's options on both channel kinds: each one set, read back through the option and the getter, listed
 * by {@code getOptions()}; unset ones read as the loop's defaults (or the class defaults before registration); and
 * how a loop ranks its channels' {@code BUSY_POLL_MICROS}.
 */
class BusyPollChannelConfigTest {

    private static void assertRoundTrip(BusyPollChannelConfig config) {
        assertSame(config, config.setBusyPollMicros(40));
        assertSame(config, config.setBusyPollBudget(9));
        assertSame(config, config.setSendQueueCapacity(11));
        assertSame(config, config.setSendBufferSize(1234));
        assertSame(config, config.setAllowHalfClosure(true));
        assertEquals(40, config.getBusyPollMicros());
        assertEquals(9, config.getBusyPollBudget());
        assertEquals(11, config.getSendQueueCapacity());
        assertEquals(1234, config.getSendBufferSize());
        assertEquals(true, config.isAllowHalfClosure());
        assertEquals(40, config.explicitBusyPollMicros());
        assertEquals(9, config.explicitBudget());

        Map<ChannelOption<?>, Object> options = config.getOptions();
        assertEquals(40, options.get(BusyPollChannelOption.BUSY_POLL_MICROS));
        assertEquals(9, options.get(BusyPollChannelOption.BUSY_POLL_BUDGET));
        assertEquals(11, options.get(BusyPollChannelOption.SEND_QUEUE_CAPACITY));
        assertEquals(1234, options.get(ChannelOption.SO_SNDBUF));
        assertEquals(true, options.get(ChannelOption.ALLOW_HALF_CLOSURE));

        assertEquals(true, config.setOption(BusyPollChannelOption.BUSY_POLL_MICROS, 41));
        assertEquals(true, config.setOption(BusyPollChannelOption.BUSY_POLL_BUDGET, 10));
        assertEquals(true, config.setOption(BusyPollChannelOption.SEND_QUEUE_CAPACITY, 12));
        assertEquals(true, config.setOption(ChannelOption.SO_SNDBUF, 1235));
        assertEquals(true, config.setOption(ChannelOption.ALLOW_HALF_CLOSURE, false));
        assertEquals(41, config.getOption(BusyPollChannelOption.BUSY_POLL_MICROS));
        assertEquals(10, config.getOption(BusyPollChannelOption.BUSY_POLL_BUDGET));
        assertEquals(12, config.getOption(BusyPollChannelOption.SEND_QUEUE_CAPACITY));
        assertEquals(1235, config.getOption(ChannelOption.SO_SNDBUF));
        assertEquals(false, config.getOption(ChannelOption.ALLOW_HALF_CLOSURE));
        // Netty's own options still go to DefaultChannelConfig.
        assertEquals(true, config.setOption(ChannelOption.AUTO_READ, false));
        assertEquals(false, config.getOption(ChannelOption.AUTO_READ));
    }

    private static void assertDefaults(BusyPollChannelConfig config, int micros, int budget) {
        assertEquals(micros, config.getBusyPollMicros());
        assertEquals(budget, config.getBusyPollBudget());
        assertEquals(BusyPollChannelConfig.NOT_SET, config.explicitBusyPollMicros());
        assertEquals(-1, config.explicitBudget(), "no budget of its own: the loop's");
        assertEquals(InboundQueue.DEFAULT_CAPACITY, config.getSendQueueCapacity());
        config.setWriteBufferWaterMark(new WriteBufferWaterMark(100, 200));
        assertEquals(200, config.getSendBufferSize(), "unset: the high water mark");
        assertEquals(false, config.isAllowHalfClosure());
    }

    @Test
    void shouldDefaultToTheClassDefaultsBeforeRegistration() {
        assertDefaults(new BusyPollChannel().config(), BusyPollIoHandler.DEFAULT_BUSY_POLL_MICROS,
                BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET);
        assertDefaults(new BusyPollServerChannel().config(), BusyPollIoHandler.DEFAULT_BUSY_POLL_MICROS,
                BusyPollIoHandler.DEFAULT_BUSY_POLL_BUDGET);
    }

    @Test
    void shouldReadEveryOptionBackOnBothChannelKinds() {
        assertRoundTrip(new BusyPollChannel().config());
        assertRoundTrip(new BusyPollServerChannel().config());
    }

    @Test
    void shouldDefaultToTheLoopsSettingsOnceRegistered() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, BusyPollIoHandler.newFactory(25, 13));
        try {
            Channel client = new BusyPollChannel();
            Channel server = new BusyPollServerChannel();
            Connections.done(group.register(client), "register the client");
            Connections.done(group.register(server), "register the server");
            assertDefaults((BusyPollChannelConfig) client.config(), 25, 13);
            assertDefaults((BusyPollChannelConfig) server.config(), 25, 13);
            BusyPollStats stats = BusyPollIoHandler.stats(group.next());
            ((BusyPollChannelConfig) server.config()).setBusyPollMicros(60);
            group.next().execute(() -> { }); // the next idle episode recomputes
            BusyPollChannelTest.waitUntil(() -> stats.getEffectiveBusyPollMicros() == 60);
            ((BusyPollChannelConfig) client.config()).setBusyPollMicros(70);
            group.next().execute(() -> { });
            BusyPollChannelTest.waitUntil(() -> stats.getEffectiveBusyPollMicros() == 70);
            Connections.done(client.close(), "close the client");
            Connections.done(server.close(), "close the server");
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void shouldLeaveTheBacklogToTheServerChannel() {
        BusyPollChannelConfig config = new BusyPollChannel().config();
        assertFalse(config.setOption(ChannelOption.SO_BACKLOG, 5), "a connection has no backlog: unknown option");
        assertNull(config.getOption(ChannelOption.SO_BACKLOG));
        assertFalse(config.getOptions().containsKey(ChannelOption.SO_BACKLOG));
    }
}
