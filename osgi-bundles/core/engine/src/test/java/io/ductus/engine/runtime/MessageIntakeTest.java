package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.store.Durability;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.sdk.InboundMessage;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Store;
import io.ductus.store.Stored;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What intake stores with an HL7 message: the charset chosen for it and the keys read in that charset. */
class MessageIntakeTest {

    private static final String LATIN1 = "MSH|^~\\&|A|B|C|D|20260101||ADT^A01|K\\F\\1|P|2.5||||||8859/1\rPID|1||Müller\r";

    private final List<NewMessage> stored = new ArrayList<>();

    @Test
    void an_hl7_message_is_stored_with_the_charset_its_msh_18_declares_and_its_keys_decoded() throws Exception {
        store(InboundMessage.of(LATIN1.getBytes(StandardCharsets.ISO_8859_1)), Optional.empty());
        assertThat(stored).singleElement().satisfies(m -> {
            assertThat(m.charset()).isEqualTo("ISO-8859-1");
            assertThat(m.orderingKey()).isEqualTo("Müller");
            assertThat(m.dedupeKey()).isEqualTo("K|1");
        });
    }

    @Test
    void the_source_charset_setting_wins_over_msh_18() throws Exception {
        store(InboundMessage.of(LATIN1.getBytes(StandardCharsets.UTF_8)), Optional.of("UTF-8"));
        assertThat(stored).singleElement().satisfies(m -> {
            assertThat(m.charset()).isEqualTo("UTF-8");
            assertThat(m.orderingKey()).isEqualTo("Müller");
        });
    }

    private void store(InboundMessage message, Optional<String> charsetSetting) throws Exception {
        InterfaceDefinition adt = new InterfaceDefinition("adt", SourceDefinition.INTERNAL, Format.HL7, charsetSetting, Durability.STRICT,
                new Ordering(Optional.of("PID-3"), 4), Optional.of("MSH-10"), Map.of("out", new DestinationDefinition("out", "file",
                Map.of("path", "x"), io.ductus.core.project.DestinationTransform.DEFAULT, Format.HL7, Retry.FOREVER, false)));
        Store store = (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class}, (proxy, method, args) -> {
            if (!method.getName().equals("store")) throw new UnsupportedOperationException(method.getName());
            stored.addAll(((IntakeBatch) args[0]).messages());
            return List.of(new Stored(stored.size(), null));
        });
        MessageIntake intake = new MessageIntake(adt, store, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), Runnable::run, lane -> { },
                new EngineMetrics().intake("adt"), new EventHub());
        intake.submit(message).toCompletableFuture().get();
    }
}
