package io.ductus.studio.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.ductus.client.model.AuditEntry;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditViewModelTest {

    private final FakeApi api = new FakeApi();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final AuditViewModel vm;

    AuditViewModelTest() {
        for (long id = 1; id <= 250; id++) {
            api.audit.add(new AuditEntry(id, FakeApi.T0.plusSeconds(id), id % 3 == 0 ? "user:bob" : "user:alice", "session", "10.0.0.1",
                    id % 5 == 0 ? "message.resend" : "message.payload.read", "message:" + id, "ok",
                    id == 250 ? JsonNodeFactory.instance.objectNode().put("note", "a, \"quoted\" one") : null));
        }
        vm = new AuditViewModel(Sessions.of(api, dialogs));
        vm.load();
    }

    @Test
    void reads_newest_first_a_page_at_a_time_and_filters_what_was_read() {
        assertThat(vm.shown()).hasSize(200).first().extracting(AuditEntry::id).isEqualTo(250L);
        assertThat(vm.olderProperty().get()).isTrue();
        vm.loadOlder();
        assertThat(vm.shown()).hasSize(250);
        vm.actorProperty().set("BOB");
        vm.actionProperty().set("resend");
        assertThat(vm.shown()).extracting(AuditEntry::id).allMatch(id -> id % 15 == 0);
        assertThat(vm.summaryProperty().get()).isEqualTo("16 of 250 rows read");
    }

    @Test
    void exports_the_rows_shown_as_csv(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("audit.csv");
        vm.targetProperty().set("message:250");
        dialogs.answer(file);
        vm.export();
        assertThat(Files.readString(file)).isEqualTo("id,at,actor,via,address,action,target,outcome,detail\r\n"
                + "250,2026-12-01T08:04:10Z,user:alice,session,10.0.0.1,message.resend,message:250,ok,\"{\"\"note\"\":\"\"a, \\\"\"quoted\\\"\" one\"\"}\"\r\n");
        assertThat(vm.messageProperty().get()).startsWith("1 rows written to");
    }
}
