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
package consumer;

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
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.CharsetUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's quick start, compiled against the artifacts as a user gets them (this project's pom has the
 * README's dependency snippet and nothing of the busypoll build), and the README and the examples' QuickStart
 * checked to still show the same.
 */
class QuickStartTest {

    /** Writes back whatever it reads, as the examples' {@code EchoServerHandler} does. */
    @ChannelHandler.Sharable
    static final class EchoServerHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    static String echo(String text) throws Exception {
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

    @Test
    @Timeout(60)
    void shouldEchoOneMessageOverBusyPoll() throws Exception {
        assertEquals("hello, busypoll", echo("hello, busypoll"));
    }

    @Test
    void shouldFindTheQuickStartAndTheDependencySnippetsInTheReadme() throws IOException {
        String readme = Files.readString(Path.of(System.getProperty("readme")), StandardCharsets.UTF_8);
        String test = Files.readString(
                Path.of("src/test/java/consumer/QuickStartTest.java"), StandardCharsets.UTF_8);
        String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
        String quickStart = between(test, "// README:begin", "// README:end");
        assertTrue(readme.contains(quickStart), "README.md no longer shows this quick start:\n" + quickStart);
        for (String snippet : new String[] {"dependency", "bom", "grpc"}) {
            String xml = between(pom, "<!-- README:" + snippet + ":begin -->", "<!-- README:" + snippet + ":end -->");
            assertTrue(readme.contains(xml), "README.md no longer shows this " + snippet + " snippet:\n" + xml);
        }
    }

    @Test
    void shouldRunTheSameQuickStartAsTheExamples() throws IOException {
        String examples = Files.readString(Path.of(System.getProperty("examplesQuickStart")), StandardCharsets.UTF_8);
        String test = Files.readString(
                Path.of("src/test/java/consumer/QuickStartTest.java"), StandardCharsets.UTF_8);
        assertEquals(between(examples, "// README:begin", "// README:end"),
                between(test, "// README:begin", "// README:end"),
                "examples' QuickStart.java and this test must show the same quick start");
    }

    /** The lines strictly between the two marker lines, with their common indentation removed. */
    private static String between(String text, String begin, String end) {
        List<String> lines = Arrays.asList(text.split("\n", -1));
        int from = indexOfTrimmed(lines, begin) + 1;
        int to = indexOfTrimmed(lines, end);
        List<String> region = lines.subList(from, to);
        int indent = region.stream().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return region.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).collect(Collectors.joining("\n"));
    }

    private static int indexOfTrimmed(List<String> lines, String marker) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(marker)) {
                return i;
            }
        }
        throw new AssertionError("marker not found: " + marker);
    }
}
