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
package dev.busypoll.examples.springboot;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Keeps, as text, the bytes a channel reads and writes below every codec: put first in a pipeline, it shows what
 * crossed the wire both ways. One instance may sit in several pipelines; it keeps the channels it was added to.
 */
@ChannelHandler.Sharable
final class WireTap extends ChannelDuplexHandler {
    private final StringBuffer read = new StringBuffer();
    private final StringBuffer written = new StringBuffer();
    private final List<Channel> channels = new CopyOnWriteArrayList<>();

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channels.add(ctx.channel());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            read.append(buf.toString(StandardCharsets.US_ASCII));
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            written.append(buf.toString(StandardCharsets.US_ASCII));
        }
        ctx.write(msg, promise);
    }

    /** Everything read so far, by every channel. */
    String read() {
        return read.toString();
    }

    /** Everything written so far, by every channel. */
    String written() {
        return written.toString();
    }

    /** The channels this tap was added to, in that order. */
    List<Channel> channels() {
        return List.copyOf(channels);
    }
}
