package io.ductus.connector.sftp;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.testkit.DestinationContract;
import io.ductus.sdk.testkit.TestMessages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;

/** The SFTP destination passes the plugin-sdk destination contract against the in-process SSHD server. */
class SftpDestinationContractTest extends DestinationContract {

    private TestSftpServer server;

    @Override
    protected ConnectorFactory factory() {
        return new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD)::get);
    }

    @Override
    protected Map<String, Object> destinationSettings() throws Exception {
        server = TestSftpServer.start(Files.createTempDirectory("sftp-root"));
        return Map.of("connect", server.address(), "user", TestSftpServer.USER, "password_env", "SFTP_PASSWORD",
                "host_key", server.fingerprint(), "path", "out/{id}.hl7");
    }

    @Override
    protected OutboundMessage sampleMessage(int n) {
        return TestMessages.outbound(n, ("MSH|^~\\&|A|B|C|D|2026||ADT^A01|C" + n + "|P|2.5\rPID|1||" + n + "\r")
                .getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.now(), Map.of());
    }

    @Override
    protected boolean checksTheFence() {
        return true;
    }

    @Override
    protected List<byte[]> receivedByPeer() throws Exception {
        Path out = server.root().resolve("out");
        if (!Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = Files.list(out)) {
            List<Path> sorted = files.filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted((a, b) -> Long.compare(id(a), id(b))).toList();
            List<byte[]> contents = new ArrayList<>();
            for (Path f : sorted) contents.add(Files.readAllBytes(f));
            return contents;
        }
    }

    private static long id(Path file) {
        return Long.parseLong(file.getFileName().toString().replace(".hl7", ""));
    }

    @Override
    protected void makePeerUnavailable() throws Exception {
        server.close();
    }

    @AfterEach
    void stopServer() throws Exception {
        server.close();
    }
}
