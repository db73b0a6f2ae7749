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
package dev.busypoll.examples.trading;

import dev.busypoll.testbed.measure.Percentiles;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;
import org.agrona.collections.Long2LongHashMap;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A market-data consumer: records order-to-market-data latency (now minus the message's origin
 * clock, i.e. the time the causing order was scheduled to be sent) and checks that each
 * instrument's sequence numbers arrive without gaps.
 *
 * <p>Threading: one instance per connection, called on its event loop. {@link #received()} and
 * {@link #gaps()} may be read from any thread; the histogram only on the event loop (or after the
 * traffic has stopped, through a task on it).
 */
public final class MarketDataSubscriber extends ChannelInboundHandlerAdapter {

    private final Histogram latencyNanos = Percentiles.newHistogram();
    private final Long2LongHashMap lastSequence = new Long2LongHashMap(0);
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong gaps = new AtomicLong();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof MarketData update) {
            long now = System.nanoTime();
            latencyNanos.recordValue(Math.max(0, now - update.originNanos()));
            long last = lastSequence.get(update.instrumentId());
            if (update.sequence() != last + 1) {
                gaps.lazySet(gaps.get() + 1);
            }
            lastSequence.put(update.instrumentId(), update.sequence());
            received.lazySet(received.get() + 1);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    /** @return market-data messages received */
    public long received() {
        return received.get();
    }

    /** @return times a sequence number was not the previous one plus one */
    public long gaps() {
        return gaps.get();
    }

    /** The latency histogram (ns); touch it only on this handler's event loop. */
    Histogram latencyNanos() {
        return latencyNanos;
    }
}
