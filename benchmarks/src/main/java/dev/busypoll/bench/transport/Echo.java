package dev.busypoll.bench.transport;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * The server side of every request/response scenario: writes each message back as it came (a {@code ByteBuf}'s
 * ownership passes on with the write). Over TCP a request may arrive split or merged; the echo keeps the bytes
 * and their order, which is all the clients count on. Stateless, so one instance serves any number of channels.
 */
@ChannelHandler.Sharable
public final class Echo extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ctx.writeAndFlush(msg, ctx.voidPromise());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
