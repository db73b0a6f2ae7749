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

import dev.busypoll.channel.BusyPollAddress;
import dev.busypoll.channel.BusyPollChannel;
import dev.busypoll.channel.BusyPollChannelOption;
import dev.busypoll.channel.BusyPollIoHandler;
import dev.busypoll.channel.BusyPollServerChannel;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.CharsetUtil;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The README's quick start: an echo server and client over {@link BusyPollChannel}, nothing else.
 * Plain Netty code; only the group's factory, the channel classes and the address say "busypoll".
 *
 * <pre>java -cp examples/target/busypoll-examples.jar dev.busypoll.examples.echo.QuickStart</pre>
 */
public final class QuickStart {

    private QuickStart() {
    }

    /** Sends {@code text} through an echo server and returns what came back. */
    public static String echo(String text) throws Exception {
        // README:begin
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, BusyPollIoHandler.newFactory());
        try {
            Channel server = new ServerBootstrap().group(group)
                    .channel(BusyPollServerChannel.class)
                    .childOption(BusyPollChannelOption.BUSY_POLL_MICROS, 50)
                    .childHandler(new EchoServerHandler())
                    .bind(new BusyPollAddress("echo")).sync().channel();

            CompletableFuture<String> reply = new CompletableFuture<>();
            Channel client = new Bootstrap().group(group)
                    .channel(BusyPollChannel.class)
                    .option(BusyPollChannelOption.BUSY_POLL_MICROS, 50)
                    .handler(new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                            reply.complete(msg.toString(CharsetUtil.UTF_8));
                        }
                    })
                    .connect(server.localAddress()).sync().channel();

            client.writeAndFlush(Unpooled.copiedBuffer(text, CharsetUtil.UTF_8));
            String echoed = reply.get(10, TimeUnit.SECONDS);
            client.close().sync();
            server.close().sync();
            return echoed;
        } finally {
            group.shutdownGracefully().sync();
        }
        // README:end
    }

    /** Prints the echo of "hello, busypoll". */
    public static void main(String[] args) throws Exception {
        System.out.println(echo("hello, busypoll"));
    }
}
