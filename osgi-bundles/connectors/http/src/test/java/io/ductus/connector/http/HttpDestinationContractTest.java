package io.ductus.connector.http;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.testkit.DestinationContract;
import io.ductus.sdk.testkit.TestMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The HTTP sender passes the plugin-sdk destination contract against a real HTTP server answering 200. */
class HttpDestinationContractTest extends DestinationContract {

    private TestReceiver receiver;

    @Override
    protected ConnectorFactory factory() {
        return new HttpConnectorFactory();
    }

    @Override
    protected Map<String, Object> destinationSettings() throws IOException {
        receiver = new TestReceiver();
        return Map.of("url", receiver.url("/orders/{id}"), "connect_timeout", "1s", "timeout", "2s");
    }

    @AfterEach
    void closeReceiver() {
        receiver.close();
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
    protected List<byte[]> receivedByPeer() {
        return receiver.received().stream().map(TestReceiver.Received::body).toList();
    }

    @Override
    protected void makePeerUnavailable() {
        receiver.close();
    }
}
