package io.ductus.connector.sftp;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * Decides whether the server is the one the settings trust: its host key is listed in the known_hosts
 * file for this host, or its SHA-256 fingerprint is the pinned one. An unknown or changed key is refused,
 * never trusted on first use, and the refusal says which key the server showed, so an operator can check
 * it and add it. Which of a server's keys it shows depends on the types the client asks for: the
 * connection asks for those known_hosts lists first ({@link #knownTypes}).
 */
final class HostKeyCheck implements ServerKeyVerifier {

    private final String server;
    private final ServerKeyVerifier verifier;
    private final Path knownHosts;
    private volatile String refusal;
    private volatile String lastShownType;
    private final List<String> shown = new java.util.concurrent.CopyOnWriteArrayList<>();

    private HostKeyCheck(String server, ServerKeyVerifier verifier, Path knownHosts) {
        this.server = server;
        this.verifier = verifier;
        this.knownHosts = knownHosts;
    }

    /** Trusts the key with this fingerprint ({@code SHA256:…}) only. */
    static HostKeyCheck pinned(String server, String fingerprint) {
        HostKeyCheck[] self = new HostKeyCheck[1];
        self[0] = new HostKeyCheck(server, (session, address, key) -> {
            String shown = KeyUtils.getFingerPrint(key);
            if (matches(fingerprint, shown)) return true;
            self[0].refuse("the host key of " + server + " is " + describe(key) + ", not the pinned host_key " + fingerprint);
            return false;
        }, null);
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
        self[0] = new HostKeyCheck(server, known, file);
        return self[0];
    }

    /** Whether the trust is a pinned fingerprint (whose key type is not written down). */
    boolean pinned() {
        return knownHosts == null;
    }

    /**
     * The key types known_hosts lists for this host and port, in the file's order ({@code ssh-ed25519},
     * {@code ssh-rsa}, …): the types to ask the server for first, as OpenSSH does. Empty for a pin, or when
     * the file cannot be read (the check itself then says why).
     */
    List<String> knownTypes(String host, int port) {
        if (knownHosts == null || !Files.isRegularFile(knownHosts)) return List.of();
        Set<String> types = new LinkedHashSet<>();
        try {
            for (KnownHostEntry entry : KnownHostEntry.readKnownHostEntries(knownHosts)) {
                if (entry.getKeyEntry() == null || !entry.isHostMatch(host, port)) continue;
                if (entry.getMarker() != null && !entry.getMarker().isBlank()) continue; // @revoked, @cert-authority
                types.add(KeyUtils.getCanonicalKeyType(entry.getKeyEntry().getKeyType()));
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return new ArrayList<>(types);
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
        lastShownType = KeyUtils.getKeyType(key);
        if (!shown.contains(describe(key))) shown.add(describe(key));
        return verifier.verifyServerKey(session, address, key);
    }

    private void refuse(String why) {
        refusal = why;
    }

    /** Why the last key was refused, or null when it was not. */
    String refusal() {
        return refusal;
    }

    /** The type of the key the server showed last. */
    String lastShownType() {
        return lastShownType;
    }

    /** Every key the server showed since {@link #forgetShown()}, as type and fingerprint. */
    List<String> keysShown() {
        return List.copyOf(shown);
    }

    void forgetShown() {
        shown.clear();
    }

    @Override
    public String toString() {
        return "host key check of " + server;
    }
}
