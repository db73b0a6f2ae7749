package dev.busypoll.channel.testsuite;

import java.net.SocketAddress;
import java.util.List;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.testsuite.transport.TestsuitePermutation;
import io.netty.testsuite.transport.socket.SocketCancelWriteTest;

/** Netty's {@link SocketCancelWriteTest} on the busypoll transport. */
class BusyPollCancelWriteTest extends SocketCancelWriteTest {
    @Override
    protected List<TestsuitePermutation.BootstrapComboFactory<ServerBootstrap, Bootstrap>> newFactories() {
        return BusyPollTestPermutation.socket();
    }

    @Override
    protected SocketAddress newSocketAddress() {
        return BusyPollTestPermutation.newSocketAddress();
    }
}
