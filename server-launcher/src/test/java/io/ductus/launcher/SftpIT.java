package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SFTP connector inside the real distribution (Felix, the sshd-osgi, sshd-sftp and bcprov bundles of
 * bundles/) with Ed25519 on both sides: an in-process SSHD server that offers only an Ed25519 host key,
 * pinned by host_key, and an Ed25519 client key in OpenSSH format. The source reads a remote batch file
 * and the destination writes each message back, so both signing (the client key) and verifying (the host
 * key) happen in SSHD's bundle.
 */
class SftpIT {

    @TempDir
    Path tmp;

    @Test
    void reads_and_writes_over_sftp_with_an_ed25519_client_key_and_an_ed25519_only_server() throws Exception {
        KeyPair hostKey = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        KeyPair clientKey = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        Path remote = Files.createDirectories(tmp.resolve("remote/inbox")).getParent();
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPublickeyAuthenticator((user, key, session) -> user.equals("lab") && KeyUtils.compareKeys(key, clientKey.getPublic()));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(remote));
        server.start();
        try {
            Path data = Files.createDirectories(tmp.resolve("data"));
            try (OutputStream out = Files.newOutputStream(data.resolve("id_ed25519"))) {
                OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(clientKey, "lab", null, out);
            }
            assertThat(Files.readString(data.resolve("id_ed25519"))).startsWith("-----BEGIN OPENSSH PRIVATE KEY-----");
            String login = "connect: 127.0.0.1:%d, user: lab, private_key: id_ed25519, host_key: \"%s\""
                    .formatted(server.getPort(), KeyUtils.getFingerPrint(hostKey.getPublic()));
            Path folder = Files.createDirectories(tmp.resolve("project/interfaces/lab"));
            Files.writeString(folder.resolve("interface.yaml"), """
                    source: { type: sftp, %s, folder: inbox, split: hl7, poll: 100ms }
                    format: hl7
                    destinations:
                      back: { type: sftp, %s, path: "outbox/{MSH-10}.hl7" }
                    """.formatted(login, login));
            String batch = message("M1") + message("M2");
            Path temporary = remote.resolve("inbox/.adt.hl7.part");
            Files.writeString(temporary, batch, StandardCharsets.ISO_8859_1);
            Files.move(temporary, remote.resolve("inbox/adt.hl7"), StandardCopyOption.ATOMIC_MOVE);

            try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", tmp.resolve("project").toString(),
                    "--data", data.toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
                ductus.awaitStarted();
                Eventually.within(Duration.ofSeconds(30), () -> assertThat(remote.resolve("outbox/M2.hl7")).as(ductus.stderr()).exists());
                Eventually.within(Duration.ofSeconds(30), () -> assertThat(remote.resolve("inbox/done/adt.hl7")).exists());
                assertThat(Files.readString(remote.resolve("outbox/M1.hl7"), StandardCharsets.ISO_8859_1)).isEqualTo(message("M1"));
                assertThat(Files.readString(remote.resolve("outbox/M2.hl7"), StandardCharsets.ISO_8859_1)).isEqualTo(message("M2"));
                assertThat(ductus.stderr()).doesNotContain("EdDSA provider N/A").doesNotContain("No decoder for key type=ssh-ed25519");
                // Ten more polls (poll: 100ms): the source keeps its one session, and logs nothing per login.
                String before = ductus.stderr();
                Thread.sleep(1000);
                assertThat(server.getActiveSessions()).as("the source's session and the destination's").hasSizeLessThanOrEqualTo(2);
                assertThat(ductus.stderr().substring(before.length()).lines()).as("log lines during ten polls").isEmpty();
                assertThat(ductus.stderr()).doesNotContainPattern("INFO (ClientSessionImpl|SecurityUtils|SshClient|SftpClient)");
            }
        } finally {
            server.stop(true);
        }
    }

    private static String message(String controlId) {
        return "MSH|^~\\&|LAB|F|D|F|20261130||ADT^A01|" + controlId + "|P|2.5\rPID|1||P1\r";
    }
}
