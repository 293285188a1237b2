package io.ductus.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Migrations only add (docs/migrations.md): an older release still reads every table and column, so a
 * rollback is reinstalling it. A migration that drops, renames or retypes anything fails this test.
 */
class ExpandOnlyMigrationsTest {

    /** Statements that take away or change what an older release reads. */
    private static final Pattern FORBIDDEN = Pattern.compile(
            "\\bDROP\\b|\\bRENAME\\b|\\bALTER\\s+COLUMN\\b[^;]*\\bTYPE\\b|\\bTRUNCATE\\b|\\bDELETE\\s+FROM\\b",
            Pattern.CASE_INSENSITIVE);
    /**
     * The one migration allowed to rebuild: PostgreSQL's messages and deliveries take their partitioned shape
     * before the first release (issue 21), so no older binary reads the tables it replaces.
     */
    private static final java.util.Set<String> BEFORE_THE_FIRST_RELEASE = java.util.Set.of("V31_1__partitioned_messages.sql");
    private static final Pattern NAME = Pattern.compile("V\\d+(_\\d+)?__[a-z0-9_]+\\.sql");

    @Test
    void migrations_never_drop_or_rename_anything() throws Exception {
        List<String> offences = new ArrayList<>();
        for (Path file : migrations()) {
            if (BEFORE_THE_FIRST_RELEASE.contains(file.getFileName().toString())) continue;
            String sql = withoutComments(Files.readString(file));
            Matcher m = FORBIDDEN.matcher(sql);
            while (m.find()) offences.add(file.getFileName() + ": " + m.group().toUpperCase(Locale.ROOT));
        }
        assertThat(offences).as("migrations must be expand-only").isEmpty();
    }

    @Test
    void the_rule_catches_a_drop_and_a_rename() {
        assertThat(FORBIDDEN.matcher(withoutComments("ALTER TABLE messages DROP COLUMN lane;")).find()).isTrue();
        assertThat(FORBIDDEN.matcher("ALTER TABLE messages RENAME COLUMN lane TO partition_no;").find()).isTrue();
        assertThat(FORBIDDEN.matcher("ALTER TABLE deliveries ALTER COLUMN attempts TYPE BIGINT;").find()).isTrue();
        assertThat(FORBIDDEN.matcher(withoutComments("-- we never drop anything\nCREATE INDEX x ON t (a);")).find()).isFalse();
    }

    @Test
    void migration_files_are_named_for_their_place_in_the_order() throws Exception {
        assertThat(migrations()).isNotEmpty().allSatisfy(f -> assertThat(f.getFileName().toString()).matches(NAME));
    }

    private static String withoutComments(String sql) {
        return sql.replaceAll("--[^\\n]*", "").replaceAll("(?s)/\\*.*?\\*/", "");
    }

    private static List<Path> migrations() throws IOException, URISyntaxException {
        Path root = Path.of(ExpandOnlyMigrationsTest.class.getResource("/io/ductus/store/migration").toURI());
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
    }
}
