package io.ductus.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Which process holds a TCP connection, read from Linux's /proc: the socket's inode from /proc/net/tcp(6) by
 * its two ports, then the process whose file descriptors include it. A test's way to tell which engine process
 * sent what a receiver got, without asking the engines (whose word is what is being checked).
 */
final class SocketOwners {

    private SocketOwners() {
    }

    static boolean available() {
        return Files.isReadable(Path.of("/proc/net/tcp"));
    }

    /** The process among {@code pids} with the loopback connection from {@code localPort} to {@code remotePort}. */
    static OptionalLong owner(int localPort, int remotePort, Collection<Long> pids) {
        String inode = inode(localPort, remotePort);
        if (inode == null) return OptionalLong.empty();
        String link = "socket:[" + inode + "]";
        for (long pid : pids) {
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                if (fds.anyMatch(fd -> link.equals(target(fd)))) return OptionalLong.of(pid);
            } catch (IOException | RuntimeException e) {
                // that process is gone (or not ours to read)
            }
        }
        return OptionalLong.empty();
    }

    private static String target(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "";
        }
    }

    private static String inode(int localPort, int remotePort) {
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(table));
            } catch (IOException e) {
                continue;
            }
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 10) continue;
                if (port(f[1]) == localPort && port(f[2]) == remotePort) return f[9];
            }
        }
        return null;
    }

    private static int port(String address) {
        int colon = address.lastIndexOf(':');
        return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1), 16);
    }
}
