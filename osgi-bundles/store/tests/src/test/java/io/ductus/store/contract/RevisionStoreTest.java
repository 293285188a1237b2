package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.Durability;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.store.jdbc.Transactions;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import io.ductus.store.revision.Draft;
import io.ductus.store.revision.NewRevision;
import io.ductus.store.revision.RevisionConflictException;
import io.ductus.store.revision.RevisionOrigin;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionStore;
import io.ductus.store.revision.RevisionSummary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Revisions and drafts on both databases: numbering, the base check, settling at start, files kept whole. */
@ParameterizedClass
@EnumSource(Database.class)
class RevisionStoreTest {

    private static final OpenStores STORES = new OpenStores("revisions");

    @Parameter
    Database db;

    private JdbcStore store;
    private RevisionStore revisions;
    private String name;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        revisions = store.revisions();
        name = info.getTestMethod().orElseThrow().getName().replace('_', '-');
        if (name.length() > 60) name = name.substring(0, 60);
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    private NewRevision rev(String code, RevisionOrigin origin) {
        return new NewRevision(name, "hash-" + code, Map.of("interfaces/" + name + "/interface.yaml", bytes("source: " + code),
                "interfaces/" + name + "/transform.js", bytes(code), "lib/codes.js", bytes("lib " + code)), origin, "user:ann",
                "change " + code, false);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private AuditEntry audit(String action) {
        return new AuditEntry(T0, "user:ann", null, null, "token", null, action, "interface:" + name, "ok", null);
    }

    @Test
    void a_deploy_is_numbered_after_the_current_revision_and_becomes_current_once_finished() {
        RevisionSummary first = revisions.begin(rev("a", RevisionOrigin.API), null, T0, audit("interface.deploy"));
        assertThat(first.number()).isEqualTo(1);
        assertThat(first.status()).isEqualTo(RevisionStatus.DEPLOYING);
        assertThat(revisions.current(name)).isEmpty();
        revisions.finish(name, 1, true, null, T0 + 5);
        assertThat(revisions.current(name)).get().satisfies(r -> {
            assertThat(r.number()).isEqualTo(1);
            assertThat(r.status()).isEqualTo(RevisionStatus.DEPLOYED);
            assertThat(r.finishedAt()).isEqualTo(T0 + 5);
            assertThat(r.author()).isEqualTo("user:ann");
        });
        RevisionSummary second = revisions.begin(rev("b", RevisionOrigin.API), 1, T0 + 10, null);
        assertThat(second.number()).isEqualTo(2);
        assertThat(second.basedOn()).isEqualTo(1);
        assertThat(store.accounts().audit(new AuditQuery(null, 50, null, null)).entries())
                .anySatisfy(e -> assertThat(e.entry().target()).isEqualTo("interface:" + name));
        assertThat(revisions.current()).containsKey(name);
    }

    @Test
    void a_revision_keeps_every_file_byte_for_byte() {
        revisions.begin(rev("a", RevisionOrigin.API), null, T0, null);
        var read = revisions.revision(name, 1).orElseThrow();
        assertThat(read.files()).containsOnlyKeys("interfaces/" + name + "/interface.yaml", "interfaces/" + name + "/transform.js", "lib/codes.js");
        assertThat(new String(read.files().get("lib/codes.js"), StandardCharsets.UTF_8)).isEqualTo("lib a");
        assertThat(read.summary().hash()).isEqualTo("hash-a");
        assertThat(revisions.revision(name, 2)).isEmpty();
    }

    @Test
    void a_deploy_from_an_old_base_is_refused_naming_who_deployed_in_between() {
        revisions.begin(rev("a", RevisionOrigin.API), null, T0, null);
        revisions.finish(name, 1, true, null, T0);
        revisions.begin(rev("b", RevisionOrigin.API), 1, T0, null);
        revisions.finish(name, 2, true, null, T0);
        assertThatThrownBy(() -> revisions.begin(rev("c", RevisionOrigin.API), 1, T0, null))
                .isInstanceOfSatisfying(RevisionConflictException.class, e -> {
                    assertThat(e.current().number()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("revision 2").contains("user:ann");
                });
        assertThat(revisions.revisions(name, null, 10)).hasSize(2);
    }

    @Test
    void a_second_deploy_while_one_is_under_way_is_refused() {
        revisions.begin(rev("a", RevisionOrigin.API), null, T0, null);
        assertThatThrownBy(() -> revisions.begin(rev("b", RevisionOrigin.API), null, T0, null))
                .isInstanceOf(RevisionConflictException.class).hasMessageContaining("under way");
        revisions.finish(name, 1, false, "tests failed", T0);
        assertThat(revisions.revisions(name, null, 5).get(0).status()).isEqualTo(RevisionStatus.FAILED);
        assertThat(revisions.begin(rev("b", RevisionOrigin.API), null, T0, null).number()).isEqualTo(2);
    }

    @Test
    void two_deploys_from_the_same_base_at_once_one_wins() throws Exception {
        revisions.begin(rev("a", RevisionOrigin.API), null, T0, null);
        revisions.finish(name, 1, true, null, T0);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<RevisionSummary>> tries = new ArrayList<>();
            for (String code : List.of("x", "y")) {
                Callable<RevisionSummary> call = () -> revisions.begin(rev(code, RevisionOrigin.API), 1, T0, null);
                tries.add(pool.submit(call));
            }
            int won = 0;
            int refused = 0;
            for (Future<RevisionSummary> f : tries) {
                try {
                    f.get();
                    won++;
                } catch (java.util.concurrent.ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(RevisionConflictException.class);
                    refused++;
                }
            }
            assertThat(won).isEqualTo(1);
            assertThat(refused).isEqualTo(1);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void at_start_a_deploy_left_under_way_is_settled_by_what_the_folder_holds() {
        revisions.begin(rev("a", RevisionOrigin.API), null, T0, null);
        revisions.finish(name, 1, true, null, T0);
        revisions.begin(rev("b", RevisionOrigin.API), 1, T0, null);
        // the folder holds b: the deploy had written its files
        RevisionSummary running = revisions.found(rev("b", RevisionOrigin.START), T0 + 1);
        assertThat(running.number()).isEqualTo(2);
        assertThat(running.status()).isEqualTo(RevisionStatus.DEPLOYED);
        assertThat(running.author()).isEqualTo("user:ann");

        revisions.begin(rev("c", RevisionOrigin.API), 2, T0, null);
        // the folder still holds b: the deploy of c never wrote its files
        running = revisions.found(rev("b", RevisionOrigin.START), T0 + 2);
        assertThat(running.number()).isEqualTo(2);
        assertThat(revisions.revision(name, 3).orElseThrow().summary().status()).isEqualTo(RevisionStatus.FAILED);
    }

    @Test
    void at_start_files_not_seen_before_are_recorded_once() {
        RevisionSummary first = revisions.found(rev("a", RevisionOrigin.START), T0);
        assertThat(first.number()).isEqualTo(1);
        assertThat(first.origin()).isEqualTo(RevisionOrigin.START);
        assertThat(revisions.found(rev("a", RevisionOrigin.START), T0 + 1).number()).isEqualTo(1);
        assertThat(revisions.found(rev("b", RevisionOrigin.START), T0 + 2).number()).isEqualTo(2);
        assertThat(revisions.gone(name, T0 + 3)).get().satisfies(r -> assertThat(r.status()).isEqualTo(RevisionStatus.REMOVED));
        assertThat(revisions.gone(name, T0 + 4)).isEmpty();
        // a new interface of the same name starts from nothing
        assertThat(revisions.begin(rev("c", RevisionOrigin.API), null, T0 + 5, null).number()).isEqualTo(4);
    }

    /** {@code count} folders named after the test, each with its interface.yaml holding {@code code}. */
    private List<NewRevision> folders(int count, String code) {
        List<NewRevision> folders = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String n = "%s-%04d".formatted(name.length() > 40 ? name.substring(0, 40) : name, i);
            folders.add(new NewRevision(n, "hash-" + code, Map.of("interfaces/" + n + "/interface.yaml", bytes("source: " + code)),
                    RevisionOrigin.START, "engine", "found in the project folder at start", false));
        }
        return folders;
    }

    @Test
    void a_start_with_a_thousand_folders_is_settled_in_a_bounded_number_of_statements() {
        Counting counting = new Counting(store.transactions());
        RevisionStore counted = new JdbcStore(db.dialect(), counting, "counted").revisions();
        counting.reset();
        List<NewRevision> folders = folders(1001, "a");

        // A first start: one read, then one write for all (its statements batched), not a transaction per interface.
        Map<String, RevisionSummary> first = counted.found(folders, T0);
        assertThat(first).hasSize(1001).allSatisfy((n, r) -> {
            assertThat(r.number()).isEqualTo(1);
            assertThat(r.status()).isEqualTo(RevisionStatus.DEPLOYED);
            assertThat(r.origin()).isEqualTo(RevisionOrigin.START);
        });
        assertThat(first.keySet()).containsExactlyElementsOf(folders.stream().map(NewRevision::interfaceName).toList());
        assertThat(counting.transactions()).as("transactions").isEqualTo(2);
        assertThat(counting.statements()).as("statements run").isLessThanOrEqualTo(10);
        assertThat(revisions.revision(folders.get(500).interfaceName(), 1).orElseThrow().files())
                .containsOnlyKeys("interfaces/" + folders.get(500).interfaceName() + "/interface.yaml");

        // The next start finds what ran last: one read, no write.
        counting.reset();
        assertThat(counted.found(folders, T0 + 1)).allSatisfy((n, r) -> assertThat(r.createdAt()).isEqualTo(T0));
        assertThat(counting.transactions()).isEqualTo(1);
        assertThat(counting.statements()).isLessThanOrEqualTo(2);

        // Ten folders changed while the engine was stopped, and two deploys were left under way (one had written its files).
        List<NewRevision> changed = new ArrayList<>(folders);
        for (int i = 0; i < 10; i++) {
            NewRevision r = folders.get(i * 100);
            changed.set(i * 100, new NewRevision(r.interfaceName(), "hash-b", Map.of("interfaces/" + r.interfaceName() + "/interface.yaml",
                    bytes("source: b")), RevisionOrigin.START, "engine", "found in the project folder at start", false));
        }
        revisions.begin(withHash(folders.get(0), "hash-b"), 1, T0 + 2, null); // wrote its files: the folder holds them
        revisions.begin(withHash(folders.get(7), "hash-c"), 1, T0 + 2, null); // never wrote them
        counting.reset();
        Map<String, RevisionSummary> third = counted.found(changed, T0 + 3);
        assertThat(counting.transactions()).isEqualTo(2);
        assertThat(counting.statements()).isLessThanOrEqualTo(10);
        assertThat(third.get(changed.get(0).interfaceName())).satisfies(r -> {
            assertThat(r.number()).isEqualTo(2);
            assertThat(r.origin()).isEqualTo(RevisionOrigin.API); // the deploy's own revision, completed
            assertThat(r.status()).isEqualTo(RevisionStatus.DEPLOYED);
        });
        for (int i = 1; i < 10; i++) {
            RevisionSummary r = third.get(changed.get(i * 100).interfaceName());
            assertThat(r.number()).isEqualTo(2);
            assertThat(r.basedOn()).isEqualTo(1);
            assertThat(r.createdAt()).isEqualTo(T0 + 3);
        }
        assertThat(third.get(folders.get(7).interfaceName()).number()).isEqualTo(1);
        assertThat(revisions.revision(folders.get(7).interfaceName(), 2).orElseThrow().summary().status()).isEqualTo(RevisionStatus.FAILED);
        assertThat(third.get(folders.get(8).interfaceName()).createdAt()).isEqualTo(T0);
        assertThat(revisions.underWay()).noneMatch(u -> u.interfaceName().startsWith(name.length() > 40 ? name.substring(0, 40) : name));
    }

    @Test
    void two_engines_starting_at_once_on_the_same_folders_record_each_once() throws Exception {
        List<NewRevision> folders = folders(300, "a");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Map<String, RevisionSummary>>> both = new ArrayList<>();
            for (int e = 0; e < 2; e++) both.add(pool.submit(() -> revisions.found(folders, T0)));
            for (Future<Map<String, RevisionSummary>> f : both) {
                assertThat(f.get()).hasSize(300).allSatisfy((n, r) -> assertThat(r.number()).isEqualTo(1));
            }
        } finally {
            pool.shutdown();
        }
        for (NewRevision r : folders) assertThat(revisions.revisions(r.interfaceName(), null, 10)).hasSize(1);
    }

    private static NewRevision withHash(NewRevision r, String hash) {
        return new NewRevision(r.interfaceName(), hash, Map.of("interfaces/" + r.interfaceName() + "/interface.yaml", bytes(hash)),
                RevisionOrigin.API, "user:ann", "change", false);
    }

    /** The store's transactions, counting the transactions and the statements run in them (each execute, a batch as one). */
    static final class Counting implements Transactions {
        private final Transactions inner;
        private final AtomicInteger transactions = new AtomicInteger();
        private final AtomicInteger statements = new AtomicInteger();

        Counting(Transactions inner) {
            this.inner = inner;
        }

        int transactions() {
            return transactions.get();
        }

        int statements() {
            return statements.get();
        }

        void reset() {
            transactions.set(0);
            statements.set(0);
        }

        @Override
        public <T> T write(Durability durability, SqlWork<T> work) {
            transactions.incrementAndGet();
            return inner.write(durability, c -> work.run(counted(c)));
        }

        @Override
        public <T> T read(SqlWork<T> work) {
            transactions.incrementAndGet();
            return inner.read(c -> work.run(counted(c)));
        }

        @Override
        public void close() {
            // the store's own
        }

        private Connection counted(Connection c) {
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class}, (proxy, m, args) -> {
                Object result = call(m, c, args);
                if (result instanceof PreparedStatement ps) return statement(ps, PreparedStatement.class);
                if (result instanceof Statement st) return statement(st, Statement.class);
                return result;
            });
        }

        private <S extends Statement> Object statement(S statement, Class<S> type) {
            return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (proxy, m, args) -> {
                if (m.getName().startsWith("execute")) statements.incrementAndGet();
                return call(m, statement, args);
            });
        }

        private static Object call(Method m, Object target, Object[] args) throws Throwable {
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    @Test
    void revisions_are_listed_newest_first_and_paged() {
        for (int i = 0; i < 5; i++) revisions.found(rev("v" + i, RevisionOrigin.START), T0 + i);
        assertThat(revisions.revisions(name, null, 2)).extracting(RevisionSummary::number).containsExactly(5, 4);
        assertThat(revisions.revisions(name, 4, 10)).extracting(RevisionSummary::number).containsExactly(3, 2, 1);
    }

    @Test
    void a_draft_is_kept_per_owner_and_saved_whole() {
        String file = "interfaces/" + name + "/transform.js";
        revisions.saveDraft("user:ann", name, 3, Map.of(file, bytes("one"), "interfaces/" + name + "/x.js", bytes("x")), T0);
        Draft saved = revisions.saveDraft("user:ann", name, 4, Map.of(file, bytes("two")), T0 + 9);
        assertThat(saved.files()).containsOnlyKeys(file);
        assertThat(saved.baseRevision()).isEqualTo(4);
        assertThat(saved.createdAt()).isEqualTo(T0);
        assertThat(saved.updatedAt()).isEqualTo(T0 + 9);
        assertThat(revisions.draft("user:bob", name)).isEmpty();
        assertThat(revisions.drafts("user:ann")).anySatisfy(d -> {
            assertThat(d.interfaceName()).isEqualTo(name);
            assertThat(d.files()).isEqualTo(1);
        });
        assertThat(revisions.deleteDraft("user:ann", name)).isTrue();
        assertThat(revisions.deleteDraft("user:ann", name)).isFalse();
        assertThat(revisions.draft("user:ann", name)).isEmpty();
    }

    @Test
    void a_delivery_records_the_revision_that_decided_it_and_a_removal_filters_what_waits() {
        long id = store.store(Messages.batch(name, Messages.message("a", 3, null, "lab")), T0).get(0).id();
        long other = store.store(Messages.batch(name, Messages.message("b", 1, null, "lab")), T0).get(0).id();
        DestinationRef lab = new DestinationRef(name, "lab");
        assertThat(store.pendingInLanes(name, 2)).isEqualTo(1);
        assertThat(store.pendingInLanes(name, 0)).isEqualTo(2);
        store.record(List.of(DeliveryOutcome.sent(id, lab, 1, null, null).withRevision(7)), T0);
        assertThat(store.message(id).orElseThrow().deliveries().get(0).revision()).isEqualTo(7);
        assertThat(store.filterPending(name, "interface removed by user:ann: no longer needed", T0, audit("interface.remove"))).isEqualTo(1);
        var removed = store.message(other).orElseThrow();
        assertThat(removed.deliveries().get(0).lastError()).contains("no longer needed");
        assertThat(store.pending(lab, Set.of(0, 1, 2, 3), 10)).isEmpty();
    }
}
