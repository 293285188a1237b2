package io.ductus.store.jdbc;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This machine's name as the engines' records and refusals show it (HOSTNAME first: a container's name). */
public final class LocalHost {

    private LocalHost() {
    }

    public static String name() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) return env;
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown host";
        }
    }
}
