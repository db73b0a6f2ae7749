package dev.busypoll.channel.testsuite;

import java.net.SocketAddress;
import java.util.List;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.testsuite.transport.TestsuitePermutation;
import io.netty.testsuite.transport.socket.SocketSslGreetingTest;

/** Netty's {@link SocketSslGreetingTest} on the busypoll transport. */
class BusyPollSslGreetingTest extends SocketSslGreetingTest {
    @Override
    protected List<TestsuitePermutation.BootstrapComboFactory<ServerBootstrap, Bootstrap>> newFactories() {
        return BusyPollTestPermutation.socket();
    }

    @Override
    protected SocketAddress newSocketAddress() {
        return BusyPollTestPermutation.newSocketAddress();
    }
}
