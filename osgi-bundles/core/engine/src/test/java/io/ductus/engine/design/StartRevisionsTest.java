package io.ductus.engine.design;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.engine.runtime.RunningRevision;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.revision.RevisionStore;
import io.ductus.store.sqlite.SqliteStores;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start with 1,001 interface folders records their revisions with a bounded number of calls to the store (one
 * for all the folders, not one each: each call was a transaction and, on a first start, a commit with its sync).
 */
class StartRevisionsTest {

    private static final int INTERFACES = 1001;

    @TempDir
    Path dir;

    @Test
    void a_thousand_folders_are_recorded_in_a_bounded_number_of_store_calls() throws Exception {
        Path project = dir.resolve("project");
        for (int i = 0; i < INTERFACES; i++) write(project, "feed-%04d".formatted(i), "source: internal\n");
        try (JdbcStore store = SqliteStores.open(dir.resolve("ductus.db"))) {
            List<String> calls = new ArrayList<>();
            RevisionStore counted = counting(store.revisions(), calls);

            Map<String, RunningRevision> first = StartRevisions.record(project, counted, 1000);
            assertThat(first).hasSize(INTERFACES).allSatisfy((name, r) -> assertThat(r.revision()).isEqualTo(1));
            assertThat(calls).as("the store calls of a first start").hasSizeLessThanOrEqualTo(5).doesNotContain("found(NewRevision, long)")
                    .contains("found(List, long)");

            calls.clear();
            write(project, "feed-0500", "source: internal\n# changed while the engine was stopped\n");
            Map<String, RunningRevision> second = StartRevisions.record(project, counted, 2000);
            assertThat(second.get("feed-0500").revision()).isEqualTo(2);
            assertThat(second.get("feed-0499").revision()).isEqualTo(1);
            assertThat(calls).as("the store calls of the next start").hasSizeLessThanOrEqualTo(5);
            assertThat(store.revisions().current("feed-0500").orElseThrow().basedOn()).isEqualTo(1);
        }
    }

    private static void write(Path project, String name, String yaml) throws Exception {
        Path folder = Files.createDirectories(project.resolve("interfaces").resolve(name));
        Files.writeString(folder.resolve("interface.yaml"), yaml);
    }

    /** The store's revisions, each call written down as {@code name(parameter types)}. */
    private static RevisionStore counting(RevisionStore real, List<String> calls) {
        return (RevisionStore) Proxy.newProxyInstance(RevisionStore.class.getClassLoader(), new Class<?>[]{RevisionStore.class},
                (proxy, m, args) -> {
                    List<String> types = new ArrayList<>();
                    for (Class<?> t : m.getParameterTypes()) types.add(t.getSimpleName());
                    calls.add(m.getName() + "(" + String.join(", ", types) + ")");
                    try {
                        return m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
