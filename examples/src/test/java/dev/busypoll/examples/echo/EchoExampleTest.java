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
package dev.busypoll.examples.echo;

import dev.busypoll.testbed.NettyTransport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class EchoExampleTest {

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(30)
    void shouldEchoEveryMessageOnEveryTransport(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        Histogram rtt = EchoExample.run(transport, 500, 64, NettyTransport.DEFAULT_BUSY_POLL_MICROS);

        assertEquals(500, rtt.getTotalCount());
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    @Timeout(30)
    void shouldReassembleLargeEchoesOnEveryTransport(NettyTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " not available here");

        Histogram rtt = EchoExample.run(transport, 20, 256 * 1024, 0);

        assertEquals(20, rtt.getTotalCount());
    }
}
