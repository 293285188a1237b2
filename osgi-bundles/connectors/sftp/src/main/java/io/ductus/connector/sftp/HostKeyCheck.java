package io.ductus.connector.sftp;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * Decides whether the server is the one the settings trust: its host key is listed in the known_hosts
 * file for this host, or its SHA-256 fingerprint is the pinned one. An unknown or changed key is refused,
 * never trusted on first use, and the refusal says which key the server showed, so an operator can check
 * it and add it.
 */
final class HostKeyCheck implements ServerKeyVerifier {

    private final String server;
    private final ServerKeyVerifier verifier;
    private volatile String refusal;

    private HostKeyCheck(String server, ServerKeyVerifier verifier) {
        this.server = server;
        this.verifier = verifier;
    }

    /** Trusts the key with this fingerprint ({@code SHA256:…}) only. */
    static HostKeyCheck pinned(String server, String fingerprint) {
        HostKeyCheck[] self = new HostKeyCheck[1];
        self[0] = new HostKeyCheck(server, (session, address, key) -> {
            String shown = KeyUtils.getFingerPrint(key);
            if (matches(fingerprint, shown)) return true;
            self[0].refuse("the host key of " + server + " is " + describe(key) + ", not the pinned host_key " + fingerprint);
            return false;
        });
        return self[0];
    }

    /** Trusts the keys a known_hosts file lists for the server. */
    static HostKeyCheck knownHosts(String server, Path file) {
        HostKeyCheck[] self = new HostKeyCheck[1];
        KnownHostsServerKeyVerifier known = new KnownHostsServerKeyVerifier((session, address, key) -> {
            self[0].refuse("the host key of " + server + " (" + describe(key) + ") is not in known_hosts " + file
                    + ": add it after checking it, or pin it with host_key: " + KeyUtils.getFingerPrint(key));
            return false;
        }, file) {
            @Override
            public boolean acceptModifiedServerKey(ClientSession session, SocketAddress address, KnownHostEntry entry,
                                                   PublicKey expected, PublicKey actual) {
                self[0].refuse("the host key of " + server + " changed: known_hosts " + file + " lists " + describe(expected)
                        + " but the server showed " + describe(actual) + "; refused (it may be an impostor)");
                return false;
            }
        };
        self[0] = new HostKeyCheck(server, known);
        return self[0];
    }

    /** Whether a fingerprint shown matches the pinned one; the {@code SHA256:} prefix and base64 padding are optional. */
    static boolean matches(String pinned, String shown) {
        return normalize(pinned).equals(normalize(shown));
    }

    private static String normalize(String fingerprint) {
        String s = fingerprint.strip();
        if (s.regionMatches(true, 0, "SHA256:", 0, 7)) s = s.substring(7);
        while (s.endsWith("=")) s = s.substring(0, s.length() - 1);
        return s;
    }

    private static String describe(PublicKey key) {
        return KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key);
    }

    @Override
    public boolean verifyServerKey(ClientSession session, SocketAddress address, PublicKey key) {
        refusal = null;
        return verifier.verifyServerKey(session, address, key);
    }

    private void refuse(String why) {
        refusal = why;
    }

    /** Why the last key was refused, or null when it was not. */
    String refusal() {
        return refusal;
    }

    @Override
    public String toString() {
        return "host key check of " + server;
    }
}
