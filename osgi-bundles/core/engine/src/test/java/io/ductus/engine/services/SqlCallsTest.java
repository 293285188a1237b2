package io.ductus.engine.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which database failures may pass (retry) and which are the message's or the code's (quarantine). */
class SqlCallsTest {

    @ParameterizedTest(name = "SQLSTATE {0}: temporary {1}")
    @CsvSource(textBlock = """
            08006, true,  connection failure
            40001, true,  serialization failure
            40P01, true,  deadlock detected
            57014, true,  statement past its timeout (cancelled)
            55P03, true,  lock not available in time
            57P01, true,  the server is shutting down
            53300, true,  too many connections
            3D000, true,  the database does not exist (yet)
            23505, false, unique violation
            23502, false, not-null violation
            42601, false, syntax error
            42P01, false, no such table
            22P02, false, invalid text for the column's type
            """)
    void classifies_failures_by_sqlstate(String state, boolean temporary, String what) {
        assertThat(SqlCalls.failure("lab", new SQLException(what, state)).temporary()).as(what).isEqualTo(temporary);
    }
}
