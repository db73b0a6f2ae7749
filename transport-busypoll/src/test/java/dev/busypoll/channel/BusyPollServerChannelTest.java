package dev.busypoll.channel;

import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server channel's side of its loop's contract ({@link BusyPollIoHandle}: it has no input of its own, so a
 * poll finds nothing, and its queued flag is claimed once until taken back), its states, and a connect, which a
 * server channel refuses.
 */
class BusyPollServerChannelTest {
    @RegisterExtension
    static final LoopGroups GROUPS = new LoopGroups(1, 1);

    @Test
    void shouldKeepTheLoopsContractWithNothingToPoll() {
        BusyPollServerChannel server = new BusyPollServerChannel();
        BusyPollIoHandle handle = (BusyPollIoHandle) server.unsafe();
        assertTrue(handle.tryMarkQueued());
        assertFalse(handle.tryMarkQueued(), "claimed once until taken back");
        handle.clearQueued();
        assertTrue(handle.tryMarkQueued());
        assertEquals(0, handle.poll(64));
        assertFalse(handle.readyToPoll());
        assertFalse(handle.watchable());
        assertEquals(BusyPollChannelConfig.NOT_SET, handle.busyPollMicros());
        server.config().setBusyPollMicros(12);
        assertEquals(12, handle.busyPollMicros());
        assertEquals(server.toString(), handle.toString());
    }

    @Test
    void shouldBeOpenThenBoundThenClosedAndRefuseToConnect() throws Exception {
        Channel server = Connections.done(new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).register(), "register").channel();
        assertTrue(server.isOpen());
        assertFalse(server.isActive(), "registered, not bound");
        assertNull(server.localAddress());
        Connections.done(server.bind(new BusyPollAddress("server-channel-test")), "bind");
        assertTrue(server.isOpen());
        assertTrue(server.isActive());
        assertEquals(new BusyPollAddress("server-channel-test"), server.localAddress());
        assertNull(server.remoteAddress());
        assertEquals(Boolean.TRUE, server.config().getOption(ChannelOption.AUTO_READ));

        ChannelFuture connect = server.connect(new BusyPollAddress("elsewhere")).await();
        assertInstanceOf(UnsupportedOperationException.class, connect.cause());
        assertTrue(server.isActive(), "a refused connect leaves it bound");

        Connections.done(server.close(), "close");
        assertFalse(server.isOpen());
        assertFalse(server.isActive());
        // The address is free again.
        Channel again = Connections.done(new ServerBootstrap().group(GROUPS.server()).channel(BusyPollServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(new BusyPollAddress("server-channel-test")),
                "bind again").channel();
        assertSame(BusyPollServerChannel.class, again.getClass());
        Connections.done(again.close(), "close again");
        assertTrue(again.closeFuture().await(10, TimeUnit.SECONDS));
    }
}
