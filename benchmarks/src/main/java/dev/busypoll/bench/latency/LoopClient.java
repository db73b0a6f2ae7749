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
