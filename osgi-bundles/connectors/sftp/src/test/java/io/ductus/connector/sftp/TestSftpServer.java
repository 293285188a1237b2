package io.ductus.connector.sftp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * A real SFTP server in the test's JVM (Apache MINA SSHD with its SFTP subsystem) serving a temporary
 * folder: user {@code ductus}, password {@code secret}, or the client key {@link #clientKey()} (and any
 * other public key {@link #authorize authorized}).
 */
final class TestSftpServer implements AutoCloseable {

    static final String USER = "ductus";
    static final String PASSWORD = "secret";

    private final Path root;
    private final SshServer server;
    private final KeyPair clientKey;
    private final List<PublicKey> authorized;
    private final java.util.concurrent.atomic.AtomicInteger logins;

    private TestSftpServer(Path root, SshServer server, KeyPair clientKey, List<PublicKey> authorized,
                           java.util.concurrent.atomic.AtomicInteger logins) {
        this.root = root;
        this.server = server;
        this.clientKey = clientKey;
        this.authorized = authorized;
        this.logins = logins;
    }

    /** Starts a server on a free loopback port; its files live in {@code root}, its (RSA) host key beside it. */
    static TestSftpServer start(Path root) throws IOException, GeneralSecurityException {
        return start(root, new SimpleGeneratorHostKeyProvider(root.resolveSibling(root.getFileName() + "-hostkey.ser")));
    }

    /** Starts a server that offers this host key and no other (an Ed25519-only server, for instance). */
    static TestSftpServer startWithHostKey(Path root, KeyPair hostKey) throws IOException, GeneralSecurityException {
        return start(root, KeyPairProvider.wrap(hostKey));
    }

    /** Starts a server that offers all these host keys, as OpenSSH does with its Ed25519, ECDSA and RSA keys. */
    static TestSftpServer startWithHostKeys(Path root, KeyPair... hostKeys) throws IOException, GeneralSecurityException {
        return start(root, KeyPairProvider.wrap(hostKeys));
    }

    private static TestSftpServer start(Path root, KeyPairProvider hostKeys) throws IOException, GeneralSecurityException {
        Files.createDirectories(root);
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        KeyPair clientKey = rsa.generateKeyPair();
        List<PublicKey> authorized = new CopyOnWriteArrayList<>(List.of(clientKey.getPublic()));
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(hostKeys);
        java.util.concurrent.atomic.AtomicInteger logins = new java.util.concurrent.atomic.AtomicInteger();
        server.setPasswordAuthenticator((user, password, session) -> {
            boolean ok = USER.equals(user) && PASSWORD.equals(password);
            if (ok) logins.incrementAndGet();
            return ok;
        });
        server.setPublickeyAuthenticator((user, key, session) -> USER.equals(user)
                && authorized.stream().anyMatch(known -> KeyUtils.compareKeys(key, known)));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        server.start();
        return new TestSftpServer(root, server, clientKey, authorized, logins);
    }

    /** Lets the user log in with this public key as well, as a line of authorized_keys would. */
    void authorize(PublicKey key) {
        authorized.add(key);
    }

    Path root() {
        return root;
    }

    /** How many password logins succeeded. */
    int logins() {
        return logins.get();
    }

    /** Closes every session the server has open, as a server does to idle clients. */
    void dropSessions() throws IOException {
        for (var session : server.getActiveSessions()) session.close(true);
    }

    String address() {
        return "127.0.0.1:" + server.getPort();
    }

    PublicKey hostKey() {
        return hostKeys().get(0);
    }

    /** Every host key the server offers. */
    List<PublicKey> hostKeys() {
        try {
            List<PublicKey> keys = new java.util.ArrayList<>();
            for (KeyPair pair : server.getKeyPairProvider().loadKeys(null)) keys.add(pair.getPublic());
            return keys;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The host key's fingerprint, as host_key takes it. */
    String fingerprint() {
        return KeyUtils.getFingerPrint(hostKey());
    }

    /** Writes a known_hosts file that lists this server's key, as ssh-keyscan would. */
    Path writeKnownHosts(Path file) throws IOException {
        return writeKnownHosts(file, hostKey());
    }

    /** Writes a known_hosts file that lists this one of the server's keys for it. */
    Path writeKnownHosts(Path file, PublicKey key) throws IOException {
        Files.writeString(file, "[127.0.0.1]:" + server.getPort() + " " + PublicKeyEntry.toString(key) + "\n", StandardCharsets.US_ASCII);
        return file;
    }

    /** Writes the client's private key as an unencrypted PKCS#8 PEM file. */
    Path writeClientKey(Path file) throws IOException {
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(clientKey.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        Files.writeString(file, pem, StandardCharsets.US_ASCII);
        return file;
    }

    KeyPair clientKey() {
        return clientKey;
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
