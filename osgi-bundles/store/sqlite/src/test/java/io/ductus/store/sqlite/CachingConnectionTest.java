package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kept statements are not cleared between uses (clearing expires a statement whose plan depends on a bound
 * value, and SQLite prepares it anew), so a use that leaves a parameter unset would run with the previous use's
 * value: such an execute is refused, naming the parameter.
 */
class CachingConnectionTest {

    private static final String INSERT = "INSERT INTO t (a, b) VALUES (?, ?)";

    @TempDir
    Path folder;

    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = CachingConnection.wrap(SqliteStores.dataSource(folder.resolve("t.db"), true).getConnection());
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (a INTEGER, b TEXT)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void a_use_that_sets_every_parameter_runs_on_the_kept_statement() throws SQLException {
        insert(1, "one");
        insert(2, "two");
        assertThat(rows()).isEqualTo("1 one, 2 two");
    }

    @Test
    void an_execute_with_a_parameter_not_set_since_the_statement_was_handed_out_is_refused() throws SQLException {
        insert(1, "one");
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setInt(1, 2); // b left as the previous use set it
            assertThatThrownBy(ps::executeUpdate).isInstanceOf(SQLException.class)
                    .hasMessageContaining("parameter 2 of 2 not set").hasMessageContaining(INSERT);
        }
        assertThat(rows()).isEqualTo("1 one");
    }

    @Test
    void within_one_use_a_parameter_keeps_its_value_across_executes_as_jdbc_says() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setString(2, "same");
            for (int a = 1; a <= 3; a++) {
                ps.setInt(1, a);
                ps.executeUpdate();
            }
        }
        assertThat(rows()).isEqualTo("1 same, 2 same, 3 same");
    }

    @Test
    void every_row_of_a_batch_sets_every_parameter() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setInt(1, 1);
            ps.setString(2, "one");
            ps.addBatch();
            ps.setInt(1, 2);
            assertThatThrownBy(ps::addBatch).isInstanceOf(SQLException.class).hasMessageContaining("parameter 2 of 2 not set");
        }
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int a = 1; a <= 2; a++) {
                ps.setInt(1, a);
                ps.setString(2, "row " + a);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        assertThat(rows()).isEqualTo("1 row 1, 2 row 2");
    }

    @Test
    void a_query_with_its_parameter_unset_is_refused_too() throws SQLException {
        String read = "SELECT b FROM t WHERE a = ?";
        insert(1, "one");
        try (PreparedStatement ps = c.prepareStatement(read)) {
            ps.setInt(1, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
        }
        try (PreparedStatement ps = c.prepareStatement(read)) {
            assertThatThrownBy(ps::executeQuery).isInstanceOf(SQLException.class).hasMessageContaining("parameter 1 of 1 not set");
        }
    }

    private void insert(int a, String b) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setInt(1, a);
            ps.setString(2, b);
            ps.executeUpdate();
        }
    }

    private String rows() throws SQLException {
        StringBuilder b = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT a, b FROM t ORDER BY a")) {
            while (rs.next()) b.append(b.isEmpty() ? "" : ", ").append(rs.getInt(1)).append(' ').append(rs.getString(2));
        }
        return b.toString();
    }
}
