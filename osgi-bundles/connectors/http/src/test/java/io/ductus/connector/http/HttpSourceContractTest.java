package io.ductus.connector.http;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.testkit.SenderReply;
import io.ductus.sdk.testkit.SourceContract;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The HTTP listener in queue mode passes the plugin-sdk source contract, with a real HTTP client as the sender. */
class HttpSourceContractTest extends SourceContract {

    private int port;

    @Override
    protected ConnectorFactory factory() {
        return new HttpConnectorFactory();
    }

    @Override
    protected Map<String, Object> sourceSettings() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        return Map.of("listen", "127.0.0.1:" + port, "path", "/adt");
    }

    @Override
    protected byte[] sampleMessage(int n) {
        return ("MSH|^~\\&|SENDER|FAC|DUCTUS|FAC|20261129120000||ADT^A01^ADT_A01|CTRL" + n + "|P|2.5.1\r"
                + "PID|1||" + (1000 + n) + "^^^MRN||DOE^JANE\r").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected SenderReply send(byte[] message) throws Exception {
        HttpResponse<String> response;
        try {
            response = TestClient.post(port, "/adt", "application/hl7-v2", message, ANSWER_WAIT_S);
        } catch (ConnectException e) {
            return SenderReply.noAnswer(e.toString());
        } catch (IOException e) {
            return SenderReply.noAnswer(e.toString());
        }
        String detail = response.statusCode() + " " + response.body();
        if (response.statusCode() == 202) return SenderReply.accepted(detail);
        if (response.statusCode() == 503) return SenderReply.retryableError(detail);
        return SenderReply.rejected(detail);
    }

    @org.junit.jupiter.api.Test
    void once_its_stop_completed_the_port_refuses_connections_at_once() throws Exception {
        io.ductus.sdk.testkit.ListenerStops.refuseConnectionsAtOnce(factory(), port -> Map.of("listen", "127.0.0.1:" + port, "path", "/adt"), 30);
    }
}
