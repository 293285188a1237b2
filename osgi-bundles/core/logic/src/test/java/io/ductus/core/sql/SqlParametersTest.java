package io.ductus.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlParametersTest {

    @Test
    void numbered_parameters_become_question_marks_in_the_order_used() {
        SqlParameters bound = SqlParameters.bind("select * from t where a = $2 and b = $1 or c = $2", List.of("one", 2L));
        assertThat(bound.sql()).isEqualTo("select * from t where a = ? and b = ? or c = ?");
        assertThat(bound.values()).containsExactly(2L, "one", 2L);
    }

    @Test
    void text_names_and_comments_are_left_alone() {
        SqlParameters bound = SqlParameters.bind(
                "select '$1', \"col$1\", 'it''s $2' -- $1\n, a$1 /* $2 */ from t where x = $1", List.of("v"));
        assertThat(bound.sql()).isEqualTo("select '$1', \"col$1\", 'it''s $2' -- $1\n, a$1 /* $2 */ from t where x = ?");
        assertThat(bound.values()).containsExactly("v");
    }

    @Test
    void question_marks_are_bound_by_position() {
        SqlParameters bound = SqlParameters.bind("insert into t values (?, ?)", Arrays.asList("a", null));
        assertThat(bound.sql()).isEqualTo("insert into t values (?, ?)");
        assertThat(bound.values()).containsExactly("a", null);
    }

    @Test
    void a_parameter_without_a_value_is_named() {
        assertThatThrownBy(() -> SqlParameters.bind("select $3", List.of(1L))).hasMessage("$3 has no value: 1 parameter given");
        assertThatThrownBy(() -> SqlParameters.bind("select ?, ?", List.of(1L))).hasMessage("the statement has 2 placeholders but 1 parameter was given");
        assertThatThrownBy(() -> SqlParameters.bind("select $1, ?", List.of(1L))).hasMessage("use either $1, $2 … or ?, not both");
    }
}
