package io.ductus.connector.mllp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.ack.Hl7Ack;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import io.ductus.sdk.Source;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An intake that stores on the caller's thread hands the listener a receipt already completed, on the
 * connection's event loop (an intake may: the SDK promises only a stage): every message is still answered,
 * once, in the order it came, also when a sender sends several before reading any answer.
 */
class MllpStoredOnEventLoopTest {

    private final List<String> storedInOrder = new CopyOnWriteArrayList<>();
    private final List<String> storedOnThreads = new CopyOnWriteArrayList<>();
    private TestConnectorContext context;
    private Source source;
    private int port;

    @BeforeEach
    void start() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path data = Files.createTempDirectory("mllp-inline");
        context = new TestConnectorContext("inline", "source", Clock.systemUTC(), data);
        source = new MllpConnectorFactory().createSource(ConnectorConfig.of(MllpConnectorFactory.TYPE.sourceSchema(),
                Map.of("listen", "127.0.0.1:" + port)), context);
        source.start(new StoringHere());
    }

    @AfterEach
    void stop() throws Exception {
        source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        context.close();
    }

    @Test
    void answers_pipelined_messages_stored_on_the_event_loop_each_once_and_in_order() throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(10_000);
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (int i = 1; i <= 20; i++) all.write(MllpFraming.frame(message("C" + i)));
            socket.getOutputStream().write(all.toByteArray()); // twenty frames before reading any answer
            socket.getOutputStream().flush();

            InputStream in = socket.getInputStream();
            List<String> acked = new ArrayList<>();
            for (int i = 1; i <= 20; i++) {
                byte[] ack = MllpTestPeer.readFrame(in);
                assertThat(ack).as("answer %d", i).isNotNull();
                assertThat(Hl7Ack.read(ack).code().name()).isEqualTo("AA");
                String text = new String(ack, StandardCharsets.ISO_8859_1);
                acked.add(text.substring(text.indexOf("MSA|AA|") + 7).split("[|\r]")[0]);
            }
            List<String> expected = new ArrayList<>();
            for (int i = 1; i <= 20; i++) expected.add("C" + i);
            assertThat(acked).containsExactlyElementsOf(expected);
            assertThat(storedInOrder).containsExactlyElementsOf(expected);
            assertThat(storedOnThreads).as("stored on the connection's event loop").allMatch(t -> !t.equals(Thread.currentThread().getName()))
                    .hasSize(20);
        }
    }

    private static byte[] message(String controlId) {
        return ("MSH|^~\\&|SENDER|FAC|DUCTUS|FAC|20261129120000||ADT^A01^ADT_A01|" + controlId + "|P|2.5.1\r"
                + "PID|1||1000^^^MRN||DOE^JANE\r").getBytes(StandardCharsets.UTF_8);
    }

    /** Stores on the calling thread and returns the receipt completed. */
    private final class StoringHere implements Intake {
        private long ids;

        @Override
        public CompletionStage<Receipt> submit(InboundMessage message) {
            String text = new String(message.payload(), StandardCharsets.UTF_8);
            storedInOrder.add(text.split("\\|")[9]);
            storedOnThreads.add(Thread.currentThread().getName());
            return CompletableFuture.completedFuture(new Receipt(++ids, false));
        }

        @Override
        public CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress progress) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                               Progress progress) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<String> savedProgress(String key) {
            return Optional.empty();
        }

        @Override
        public boolean hasPendingMessages() {
            return false;
        }
    }
}
