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

import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.util.NetUtil;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server channel's own option, {@code SO_BACKLOG}: Netty's socket default, read back through the option, the
 * getter and {@code getOptions()}, and a value out of range refused with what to pass instead.
 */
class BusyPollServerChannelConfigTest {

    @Test
    void shouldDefaultTheBacklogToNettysSocketDefault() {
        ChannelConfig config = new BusyPollServerChannel().config();
        assertEquals(NetUtil.SOMAXCONN, config.getOption(ChannelOption.SO_BACKLOG));
        assertEquals(NetUtil.SOMAXCONN, config.getOptions().get(ChannelOption.SO_BACKLOG));
    }

    @Test
    void shouldReadTheBacklogBack() {
        ChannelConfig config = new BusyPollServerChannel().config();
        assertTrue(config.setOption(ChannelOption.SO_BACKLOG, 7));
        assertEquals(7, config.getOption(ChannelOption.SO_BACKLOG));
        assertEquals(7, config.getOptions().get(ChannelOption.SO_BACKLOG));
    }

    @Test
    void shouldSetTheBacklogThroughItsSetter() {
        BusyPollServerChannelConfig config = new BusyPollServerChannel().config();
        assertSame(config, config.setBacklog(3));
        assertEquals(3, config.getBacklog());
        assertEquals(3, config.getOption(ChannelOption.SO_BACKLOG));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config.setBacklog(-1));
        assertTrue(e.getMessage().contains("SO_BACKLOG must be >= 0"), e.getMessage());
        assertEquals(3, config.getBacklog(), "unchanged");
    }

    /** 0, as for a socket's bind and Netty's socket configs, is the default backlog. */
    @Test
    void shouldTakeZeroForTheDefaultBacklog() {
        BusyPollServerChannelConfig config = new BusyPollServerChannel().config();
        assertTrue(config.setOption(ChannelOption.SO_BACKLOG, 0));
        assertEquals(0, config.getOption(ChannelOption.SO_BACKLOG), "read back as set, as Netty's configs do");
        assertEquals(NetUtil.SOMAXCONN, config.effectiveBacklog());
    }

    @Test
    void shouldRejectANegativeBacklogSayingWhatToPass() {
        ChannelConfig config = new BusyPollServerChannel().config();
        for (int bad : new int[] {-1, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> config.setOption(ChannelOption.SO_BACKLOG, bad));
            assertTrue(e.getMessage().contains("SO_BACKLOG must be >= 0") && e.getMessage().contains("was " + bad),
                    e.getMessage());
        }
        assertEquals(NetUtil.SOMAXCONN, config.getOption(ChannelOption.SO_BACKLOG), "unchanged");
    }
}
