package io.ductus.connector.listener;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioChannelOption;
import java.io.IOException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import jdk.net.ExtendedSocketOptions;

/**
 * TCP keepalive on every accepted connection: probes after 15 s of silence, every 5 s, 3 of them, so a peer
 * that vanished (a cable pulled, a VPN gone: no FIN ever comes) is noticed in about 30 s and its connection
 * closed, instead of counting against the listener's limits until the idle timeout. The probes are the
 * kernel's; where it cannot be told the times, the system's defaults apply.
 */
public final class Keepalive {

    static final int IDLE_SECONDS = 15;
    static final int INTERVAL_SECONDS = 5;
    static final int PROBES = 3;
    private static final boolean TUNABLE = tunable();

    private Keepalive() {
    }

    /** Sets keepalive on the connections the bootstrap accepts. */
    public static ServerBootstrap on(ServerBootstrap bootstrap) {
        bootstrap.childOption(ChannelOption.SO_KEEPALIVE, true);
        if (TUNABLE) {
            bootstrap.childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), IDLE_SECONDS)
                    .childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), INTERVAL_SECONDS)
                    .childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), PROBES);
        }
        return bootstrap;
    }

    private static boolean tunable() {
        try (SocketChannel probe = SocketChannel.open()) {
            java.util.Set<SocketOption<?>> options = probe.supportedOptions();
            return options.contains(ExtendedSocketOptions.TCP_KEEPIDLE) && options.contains(ExtendedSocketOptions.TCP_KEEPINTERVAL)
                    && options.contains(ExtendedSocketOptions.TCP_KEEPCOUNT);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
