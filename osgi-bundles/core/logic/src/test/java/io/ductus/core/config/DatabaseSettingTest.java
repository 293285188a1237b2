package io.ductus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.config.DatabaseSetting.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatabaseSettingTest {

    @Test
    void reads_a_sqlite_path() {
        assertThat(DatabaseSetting.parse("sqlite:data/ductus.db"))
                .isEqualTo(new DatabaseSetting(Kind.SQLITE, "data/ductus.db"));
    }

    @Test
    void reads_a_postgres_url_and_never_shows_its_password() {
        DatabaseSetting db = DatabaseSetting.parse("postgres://ductus:s3cret@db.local:5432/ductus");
        assertThat(db.kind()).isEqualTo(Kind.POSTGRES);
        assertThat(db.location()).isEqualTo("postgres://ductus:s3cret@db.local:5432/ductus");
        assertThat(db.display()).isEqualTo("postgres://ductus:***@db.local:5432/ductus").doesNotContain("s3cret");
    }

    @Test
    void default_is_sqlite_in_the_data_folder() {
        assertThat(DatabaseSetting.defaultIn("/var/lib/ductus").display()).isEqualTo("sqlite:/var/lib/ductus/ductus.db");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            mysql://a@b/c                    | expected sqlite:<path> or postgres://
            sqlite:                          | needs a file path
            postgres://u:pw@host:5432        | names no database
            postgres://u:pw@/db              | no host
            ''                               | expected sqlite:<path>
            """)
    void refuses_what_it_cannot_use_and_says_why(String text, String reason) {
        assertThatThrownBy(() -> DatabaseSetting.parse(text)).hasMessageContaining(reason).hasMessageNotContaining("pw@");
    }
}
