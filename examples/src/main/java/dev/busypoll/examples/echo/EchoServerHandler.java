package dev.busypoll.examples.echo;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Writes back whatever it reads, flushing once per read batch. Knows nothing about the transport.
 *
 * <p>Stateless and {@link ChannelHandler.Sharable}: one instance serves every connection; Netty calls it on the
 * event loop of the channel it serves.
 */
@ChannelHandler.Sharable
public final class EchoServerHandler extends ChannelInboundHandlerAdapter {

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ctx.write(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
