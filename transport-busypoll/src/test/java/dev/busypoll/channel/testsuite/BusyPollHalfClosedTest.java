package dev.busypoll.channel.testsuite;

import java.net.SocketAddress;
import java.util.List;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.testsuite.transport.TestsuitePermutation;
import io.netty.testsuite.transport.socket.SocketHalfClosedTest;
import org.junit.jupiter.api.TestInfo;

/** Netty's {@link SocketHalfClosedTest} on the busypoll transport. */
class BusyPollHalfClosedTest extends SocketHalfClosedTest {
    @Override
    protected List<TestsuitePermutation.BootstrapComboFactory<ServerBootstrap, Bootstrap>> newFactories() {
        return BusyPollTestPermutation.socket();
    }

    @Override
    protected SocketAddress newSocketAddress() {
        return BusyPollTestPermutation.newSocketAddress();
    }

    /**
     * Left out: casts the channel to {@code SocketChannel} to set {@code SO_LINGER}, a TCP option with no meaning
     * here ({@code close()} never lingers: what was written stays with the peer).
     */
    @Override
    public void testHalfClosureReceiveDataOnFinalWait2StateWhenSoLingerSet(TestInfo testInfo) {
    }
}
