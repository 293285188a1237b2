package io.ductus.connector.sftp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.ConfigFileHostEntryResolver;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.common.signature.Signature;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;

/**
 * Opens SFTP sessions to one server: an SSH client started once per connector, a session and SFTP
 * channel per {@link #open()}. Every failure to connect, to trust the server or to log in is an
 * {@link IOException} whose message says which, in words an operator can act on.
 *
 * <p>Like OpenSSH, it asks the server for a host key of a type the settings know first (the types
 * known_hosts lists for the server), so a server with several host keys is trusted by any one of them;
 * with a pinned fingerprint, whose type is not written, it asks for each type the server offers in turn
 * until one matches, and remembers that type. Nothing of the user's own SSH setup is used: no
 * {@code ~/.ssh/config} unless {@code ssh_config} names one, and no keys but {@code private_key}.
 */
final class SftpConnection implements AutoCloseable {

    private final ConnectionSettings settings;
    private final Function<String, String> environment;
    private final HostKeyCheck hostKeyCheck;
    private final SshClient client;
    /** The host key types this attempt asks for first, in order (read by SSHD's thread as the session starts). */
    private volatile List<String> askFirst = List.of();
    /** Whether this attempt asks for those types only (a pinned key being looked for among the server's). */
    private volatile boolean askOnly;
    /** The host key type that matched the pin last time: asked for first from then on. */
    private String pinnedType;

    /**
     * @param environment reads the engine's environment variables (System::getenv outside tests)
     */
    SftpConnection(ConnectionSettings settings, Function<String, String> environment) {
        this.settings = settings;
        this.environment = environment;
        String server = settings.server().toString();
        this.hostKeyCheck = settings.hostKey().map(pin -> HostKeyCheck.pinned(server, pin))
                .orElseGet(() -> HostKeyCheck.knownHosts(server, settings.knownHosts().orElseThrow(
                        () -> new IllegalArgumentException("known_hosts or host_key is required"))));
        SshdBouncyCastle.register(); // Ed25519, with the bcprov bundle's classes: before SSHD sets itself up
        this.client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(hostKeyCheck);
        // The engine's own settings only: not the engine user's ~/.ssh/config or ~/.ssh/id_* keys.
        client.setHostConfigEntryResolver(settings.sshConfig().<HostConfigEntryResolver>map(ConfigFileHostEntryResolver::new)
                .orElse(HostConfigEntryResolver.EMPTY));
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.addSessionListener(new SessionListener() {
            @Override
            public void sessionCreated(Session session) {
                // before the key exchange starts: the host key types to ask for, in order
                session.setSignatureFactories(hostKeyOrder(client.getSignatureFactories()));
            }
        });
    }

    /** A logged-in SFTP session; close it when done. The SSH client's threads start at the first one. */
    synchronized SftpClient open() throws IOException {
        if (!client.isStarted()) client.start();
        askFirst = pinnedType != null ? List.of(pinnedType) : hostKeyCheck.knownTypes(settings.server().host(), settings.server().port());
        askOnly = false;
        hostKeyCheck.forgetShown();
        try {
            return login();
        } catch (HostKeyRefused refused) {
            if (!hostKeyCheck.pinned()) throw refused.asIoException();
            // The pinned key may be another of the server's keys: ask for each type it offers, one at a time.
            Set<String> shown = new LinkedHashSet<>(refused.shown());
            List<String> reasons = new ArrayList<>(List.of(refused.getMessage()));
            List<String> others = refused.offered().stream().filter(type -> !shown.contains(type)).toList();
            if (others.isEmpty()) throw refused.asIoException(); // the server has that one key only
            for (String type : others) {
                askFirst = List.of(type);
                askOnly = true;
                try {
                    SftpClient sftp = login();
                    pinnedType = type;
                    return sftp;
                } catch (HostKeyRefused again) {
                    shown.addAll(again.shown());
                    reasons.add(again.getMessage());
                }
            }
            throw new IOException("the server " + settings.server() + " showed no host key with the pinned host_key "
                    + settings.hostKey().orElse("") + " (it showed: " + String.join("; ", hostKeyCheck.keysShown()) + ")");
        } finally {
            askFirst = List.of();
            askOnly = false;
        }
    }

    private SftpClient login() throws IOException {
        String server = settings.server().toString();
        long timeout = settings.timeout().toMillis();
        ClientSession session;
        try {
            session = client.connect(settings.user(), settings.server().host(), settings.server().port()).verify(timeout).getSession();
        } catch (IOException e) {
            throw new IOException("cannot connect to " + server + ": " + reason(e), e);
        }
        try {
            settings.password().map(value -> resolved(value, "password"))
                    .or(() -> settings.passwordVariable().map(name -> variable(name, "password_env")))
                    .ifPresent(session::addPasswordIdentity);
            if (settings.privateKey().isPresent()) {
                FileKeyPairProvider keys = new FileKeyPairProvider(settings.privateKey().get());
                settings.passphrase().map(value -> resolved(value, "private_key_passphrase"))
                        .or(() -> settings.passphraseVariable().map(name -> variable(name, "private_key_passphrase_env")))
                        .ifPresent(passphrase -> keys.setPasswordFinder(FilePasswordProvider.of(passphrase)));
                session.setKeyIdentityProvider(keys);
            }
            try {
                session.auth().verify(timeout);
            } catch (IOException e) {
                String refusal = hostKeyCheck.refusal();
                if (refusal != null) throw new HostKeyRefused(refusal, hostKeyCheck.lastShownType(), offered(session), e);
                throw new IOException("cannot log in to " + server + " as " + settings.user() + ": " + reason(e), e);
            }
            return SftpClientFactory.instance().createSftpClient(session).singleSessionInstance();
        } catch (IOException | RuntimeException e) {
            session.close(true);
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    /** The host key types the server offered in its key exchange, canonical (rsa-sha2-512 is ssh-rsa), in its order. */
    private static List<String> offered(ClientSession session) {
        Set<String> types = new LinkedHashSet<>();
        String proposal = session.getServerKexProposals() == null ? null : session.getServerKexProposals().get(KexProposalOption.SERVERKEYS);
        if (proposal != null) {
            for (String algorithm : proposal.split(",")) {
                if (!algorithm.isBlank() && !algorithm.contains("-cert-")) types.add(KeyUtils.getCanonicalKeyType(algorithm.strip()));
            }
        }
        return List.copyOf(types);
    }

    /**
     * The signature (host key) algorithms to propose: those of the types to ask for first, then the rest as
     * SSHD orders them (none of the rest when asking for those types only).
     */
    private List<NamedFactory<Signature>> hostKeyOrder(List<NamedFactory<Signature>> all) {
        if (askFirst.isEmpty()) return all;
        List<NamedFactory<Signature>> first = new ArrayList<>();
        List<NamedFactory<Signature>> rest = new ArrayList<>();
        for (String type : askFirst) {
            for (NamedFactory<Signature> f : all) {
                if (KeyUtils.getCanonicalKeyType(f.getName()).equals(type) && !first.contains(f)) first.add(f);
            }
        }
        for (NamedFactory<Signature> f : all) if (!first.contains(f)) rest.add(f);
        if (askOnly) return first.isEmpty() ? all : first;
        first.addAll(rest);
        return first;
    }

    /** A secret's value as the engine put it in; an engine that does not resolve references would hand over the reference. */
    private static String resolved(String value, String setting) {
        if (value.startsWith("${secret:")) {
            throw new IllegalStateException(setting + ": " + value + " was not replaced by the secret's value: this engine does"
                    + " not resolve secrets in connector settings; use " + setting + "_env");
        }
        return value;
    }

    private String variable(String name, String setting) {
        String value = environment.apply(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(setting + ": the environment variable " + name + " is not set for the engine");
        }
        return value;
    }

    /** The innermost message, which is the one that says what happened (connection refused, auth failed). */
    static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /** The login and server, as messages name them: {@code ductus@sftp.example.org:22}. */
    String describe() {
        return settings.user() + "@" + settings.server();
    }

    @Override
    public void close() {
        client.stop();
    }

    /** The server's host key was not trusted: what it showed, and which types it offered. */
    private static final class HostKeyRefused extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient List<String> offered;
        private final transient List<String> shown;

        HostKeyRefused(String message, String shownType, List<String> offered, Throwable cause) {
            super(message, cause);
            this.offered = offered;
            this.shown = shownType == null ? List.of() : List.of(shownType);
        }

        List<String> offered() {
            return offered;
        }

        List<String> shown() {
            return shown;
        }

        IOException asIoException() {
            return new IOException(getMessage(), getCause());
        }
    }
}
