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
package dev.busypoll.reactor.netty;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Keeps the bytes a channel reads, as text, before any codec sees them: put first in a pipeline, it shows what
 * came over the wire. One instance may sit in several pipelines; it counts the channels it was added to.
 */
@ChannelHandler.Sharable
final class WireRecorder extends ChannelInboundHandlerAdapter {
    private final StringBuffer text = new StringBuffer();
    private final AtomicInteger channels = new AtomicInteger();

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channels.incrementAndGet();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            text.append(buf.toString(StandardCharsets.US_ASCII));
        }
        ctx.fireChannelRead(msg);
    }

    /** Everything read so far, by every channel. */
    String text() {
        return text.toString();
    }

    /** How many pipelines this recorder was added to. */
    int channels() {
        return channels.get();
    }
}
