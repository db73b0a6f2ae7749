package dev.busypoll.bench.latency;

import java.util.concurrent.CompletableFuture;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * The client side of a Netty pair that runs one measurement at a time and hands its result back through a future.
 * All state is confined to the client channel's event loop: a run is handed in with {@code execute}.
 *
 * @param <R> what a run returns
 */
public abstract class LoopClient<R> extends ChannelInboundHandlerAdapter {
    /** The client channel's context, set once it is active. */
    protected ChannelHandlerContext ctx;
    /** The current (or last) run's result. */
    protected CompletableFuture<R> done;

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        ctx.fireChannelActive();
    }

    /** Takes a new run's future; fails it and returns {@code false} while another run is in progress. */
    protected boolean begin(CompletableFuture<R> next) {
        if (running()) {
            next.completeExceptionally(new IllegalStateException("a run is already in progress"));
            return false;
        }
        done = next;
        return true;
    }

    /** Whether a run is in progress. */
    protected boolean running() {
        return done != null && !done.isDone();
    }

    /** Fails the run in progress, if any. */
    protected void fail(Throwable cause) {
        if (running()) {
            done.completeExceptionally(cause);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new IllegalStateException("channel closed during a run"));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(cause);
        ctx.close();
    }
}
