package io.ductus.connector.sftp;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.testkit.BatchedSourceContract;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The SFTP source passes the plugin-sdk contract for batched sources, reading CSV files from the in-process SSHD server. */
class SftpSourceContractTest extends BatchedSourceContract {

    private TestSftpServer server;

    @BeforeEach
    void startServer() throws Exception {
        server = TestSftpServer.start(Files.createTempDirectory("sftp-root"));
    }

    @AfterEach
    void stopServer() throws Exception {
        server.close();
    }

    @Override
    protected ConnectorFactory factory() {
        return new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD)::get);
    }

    @Override
    protected Map<String, Object> sourceSettings() throws Exception {
        return Map.of("connect", server.address(), "user", TestSftpServer.USER, "password_env", "SFTP_PASSWORD",
                "known_hosts", server.writeKnownHosts(dataDirectory.resolve("known_hosts")).toString(),
                "folder", "in", "split", "csv", "poll", "50ms");
    }

    /** One CSV file, written under a dot-name and renamed into the remote folder as a careful sender does. */
    @Override
    protected void offer(int count) throws Exception {
        StringBuilder csv = new StringBuilder("number,text\r\n");
        for (int n = 1; n <= count; n++) csv.append(n).append(",\"row ").append(n).append("\nsecond line\"\r\n");
        Path folder = Files.createDirectories(server.root().resolve("in"));
        Path temporary = folder.resolve(".rows.csv.tmp");
        Files.writeString(temporary, csv, StandardCharsets.UTF_8);
        Files.move(temporary, folder.resolve("rows.csv"), StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    protected int recordNumber(InboundMessage stored) {
        String text = new String(stored.payload(), StandardCharsets.UTF_8);
        String row = text.substring(text.indexOf("\r\n") + 2);
        return Integer.parseInt(row.substring(0, row.indexOf(',')));
    }
}
