package io.ductus.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for listeners a test must name before the listener exists (an interface's MLLP source) or bind
 * again after closing (a receiver that goes down and comes back). They are taken below the kernel's
 * ephemeral range, so no outgoing connection of this machine can be given the port in the meantime.
 */
final class Ports {

    private Ports() {
    }

    static int freeBelowEphemeral() throws IOException {
        int ephemeralStart = ephemeralStart();
        int low = 20_000;
        int high = Math.max(low + 1000, ephemeralStart - 1);
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(low, high);
            try (ServerSocket probe = new ServerSocket()) {
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no free port found between " + low + " and " + high);
    }

    private static int ephemeralStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).strip();
            return Integer.parseInt(range.split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
