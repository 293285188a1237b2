package io.ductus.connector.file;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.testkit.DestinationContract;
import io.ductus.sdk.testkit.TestMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The file destination passes the plugin-sdk destination contract. */
class FileDestinationContractTest extends DestinationContract {

    @Override
    protected ConnectorFactory factory() {
        return new FileConnectorFactory();
    }

    @Override
    protected Map<String, Object> destinationSettings() {
        return Map.of("path", "out/{id}.hl7");
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
    protected List<byte[]> receivedByPeer() throws IOException {
        Path out = dataDirectory.resolve("out");
        if (!Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = Files.list(out)) {
            List<Path> sorted = files.sorted((a, b) -> Long.compare(id(a), id(b))).toList();
            List<byte[]> contents = new ArrayList<>();
            for (Path f : sorted) contents.add(Files.readAllBytes(f));
            return contents;
        }
    }

    private static long id(Path file) {
        return Long.parseLong(file.getFileName().toString().replace(".hl7", ""));
    }

    @Override
    protected void makePeerUnavailable() throws IOException {
        // A file where the output folder should be: no process can create the folder (not even root).
        Files.writeString(dataDirectory.resolve("out"), "blocked");
    }
}
