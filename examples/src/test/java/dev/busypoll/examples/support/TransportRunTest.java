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

import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.testbed.NettyTransport;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A row of a run: a transport, with a spin time of its own or the command line's. */
class TransportRunTest {

    @Test
    void shouldTakeTheDefaultSpinTimeForABareName() {
        assertEquals(new TransportRun(NettyTransport.BUSYPOLL, 7), TransportRun.parse("busypoll", 7));
        assertEquals(new TransportRun(NettyTransport.LOCAL, 7), TransportRun.parse("LOCAL", 7));
    }

    @Test
    void shouldReadASpinTimeOfItsOwn() {
        assertEquals(new TransportRun(NettyTransport.BUSYPOLL, 0), TransportRun.parse("busypoll:0", 7));
        assertEquals(new TransportRun(NettyTransport.BUSYPOLL, BusyPollChannelOption.AUTO),
                TransportRun.parse("BUSYPOLL:Auto", 7));
        assertEquals(new TransportRun(NettyTransport.BUSYPOLL, 250), TransportRun.parse("busypoll:250", 7));
    }

    @Test
    void shouldNameBusyPollRowsByTheirSpinTime() {
        assertEquals("BUSYPOLL auto", new TransportRun(NettyTransport.BUSYPOLL, BusyPollChannelOption.AUTO).label());
        assertEquals("BUSYPOLL 50us", new TransportRun(NettyTransport.BUSYPOLL, 50).label());
        assertEquals("LOCAL", new TransportRun(NettyTransport.LOCAL, 50).label());
    }

    @Test
    void shouldSayWhatIsWrongWithABadRow() {
        assertEquals("'local:5': local has no spin time; give one to busypoll (or epoll's SO_BUSY_POLL) only",
                assertThrows(IllegalArgumentException.class, () -> TransportRun.parse("local:5", 0)).getMessage());
        assertEquals("'busypoll:fast': 'fast' is not a spin setting: expected 0..1000000 (µs) or auto",
                assertThrows(IllegalArgumentException.class, () -> TransportRun.parse("busypoll:fast", 0))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> TransportRun.parse("pigeon:5", 0));
    }
}
