package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Receipt;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.Store;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code submitHere}: a strict message is stored on the calling thread when the store is idle (the stage comes
 * back completed, no storing thread used), handed to a storing thread otherwise, and a relaxed one always is.
 */
class MessageIntakeHereTest {

    @TempDir
    Path tmp;

    private final ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger handedOver = new AtomicInteger();
    private final Executor storing = task -> {
        handedOver.incrementAndGet();
        virtualThreads.execute(task);
    };
    private final List<Integer> wokenLanes = new ArrayList<>();
    private JdbcStore store;

    @AfterEach
    void close() {
        virtualThreads.close();
        if (store != null) store.close();
    }

    @Test
    void a_strict_message_is_stored_on_the_callers_thread_when_the_store_is_idle() throws Exception {
        store = SqliteStores.open(tmp.resolve("ductus.db"));
        MessageIntake intake = intake(store, Durability.STRICT);

        CompletableFuture<Receipt> receipt = intake.submitHere(message("one")).toCompletableFuture();

        assertThat(receipt).as("completed on return: stored and committed on this thread").isDone();
        assertThat(receipt.get().duplicate()).isFalse();
        assertThat(handedOver).as("no storing thread").hasValue(0);
        assertThat(payloads()).containsExactly("one");
        assertThat(wokenLanes).as("its lane's worker woken").hasSize(1);
    }

    @Test
    void a_strict_message_goes_to_a_storing_thread_when_the_store_cannot_commit_it_at_once() throws Exception {
        List<String> stored = new ArrayList<>();
        Store busy = (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "storeIfIdle":
                    return Optional.empty();
                case "store":
                    ((IntakeBatch) args[0]).messages().forEach(m -> stored.add(new String(m.payload(), StandardCharsets.UTF_8)));
                    return List.of(new Stored(stored.size(), null));
                default:
                    throw new UnsupportedOperationException(method.getName());
            }
        });
        MessageIntake intake = intake(busy, Durability.STRICT);

        Receipt receipt = intake.submitHere(message("two")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(receipt.messageId()).isEqualTo(1);
        assertThat(handedOver).hasValue(1);
        assertThat(stored).as("stored once").containsExactly("two");
    }

    @Test
    void a_relaxed_message_always_goes_to_a_storing_thread() throws Exception {
        store = SqliteStores.open(tmp.resolve("ductus.db"));
        MessageIntake intake = intake(store, Durability.RELAXED);

        intake.submitHere(message("three")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(handedOver).hasValue(1);
        assertThat(payloads()).containsExactly("three");
    }

    @Test
    void a_closed_intake_refuses_it_and_stores_nothing() throws Exception {
        store = SqliteStores.open(tmp.resolve("ductus.db"));
        MessageIntake intake = intake(store, Durability.STRICT);
        intake.close(1000);

        assertThatThrownBy(() -> intake.submitHere(message("four")).toCompletableFuture().get())
                .cause().isInstanceOf(IntakeException.class).hasMessageContaining("is stopping");
        assertThat(payloads()).isEmpty();
    }

    private MessageIntake intake(Store target, Durability durability) {
        InterfaceDefinition rows = new InterfaceDefinition("rows", SourceDefinition.INTERNAL, Format.CSV, Optional.empty(),
                durability, new Ordering(Optional.empty(), 1), Optional.empty(),
                Map.of("out", new DestinationDefinition("out", "file", Map.of("path", "x"),
                        io.ductus.core.project.DestinationTransform.DEFAULT, Format.CSV, Retry.FOREVER, false)));
        return new MessageIntake(rows, target, Clock.systemUTC(), storing, wokenLanes::add, new EngineMetrics().intake("rows"),
                new EventHub());
    }

    private static InboundMessage message(String text) {
        return InboundMessage.of(text.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> payloads() throws Exception {
        List<String> texts = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("ductus.db")); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT payload FROM messages ORDER BY id")) {
            while (rs.next()) texts.add(new String(rs.getBytes(1), StandardCharsets.UTF_8));
        }
        return texts;
    }
}
