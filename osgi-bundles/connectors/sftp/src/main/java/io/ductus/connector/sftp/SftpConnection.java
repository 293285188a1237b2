package io.ductus.connector.sftp;

import java.io.IOException;
import java.util.function.Function;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;

/**
 * Opens SFTP sessions to one server: an SSH client started once per connector, a session and SFTP
 * channel per {@link #open()}. Every failure to connect, to trust the server or to log in is an
 * {@link IOException} whose message says which, in words an operator can act on.
 */
final class SftpConnection implements AutoCloseable {

    private final ConnectionSettings settings;
    private final Function<String, String> environment;
    private final HostKeyCheck hostKeyCheck;
    private final SshClient client;

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
    }

    /** A logged-in SFTP session; close it when done. The SSH client's threads start at the first one. */
    SftpClient open() throws IOException {
        synchronized (client) {
            if (!client.isStarted()) client.start();
        }
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
                if (refusal != null) throw new IOException(refusal, e);
                throw new IOException("cannot log in to " + server + " as " + settings.user() + ": " + reason(e), e);
            }
            return SftpClientFactory.instance().createSftpClient(session).singleSessionInstance();
        } catch (IOException | RuntimeException e) {
            session.close(true);
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
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
    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    @Override
    public void close() {
        client.stop();
    }
}
