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

    @Test
    void named_parameters_are_bound_from_an_object_by_name_in_the_order_used() {
        SqlParameters bound = SqlParameters.bindNamed("insert into t (a, b, c) values (:mrn, :name, :mrn)",
                java.util.Map.of("name", "DOE", "mrn", "123", "unused", 1L));
        assertThat(bound.sql()).isEqualTo("insert into t (a, b, c) values (?, ?, ?)");
        assertThat(bound.values()).containsExactly("123", "DOE", "123");
    }

    @Test
    void casts_text_and_comments_are_not_named_parameters() {
        SqlParameters bound = SqlParameters.bindNamed("select ':a', \":b\" -- :c\n, :doc::jsonb, x::text from t /* :d */",
                java.util.Map.of("doc", "{}"));
        assertThat(bound.sql()).isEqualTo("select ':a', \":b\" -- :c\n, ?::jsonb, x::text from t /* :d */");
        assertThat(SqlParameters.namesIn("select :doc::jsonb, ':a', :b, :doc")).containsExactly("doc", "b");
    }

    @Test
    void a_named_parameter_without_a_value_names_the_values_there_are() {
        assertThatThrownBy(() -> SqlParameters.bindNamed("insert into t values (:mrn, :nme)", java.util.Map.of("mrn", 1L, "name", "x")))
                .hasMessage(":nme has no value (the values are named mrn, name)");
        assertThatThrownBy(() -> SqlParameters.bindNamed("insert into t values (:mrn, ?)", java.util.Map.of("mrn", 1L)))
                .hasMessage("use either :name or $1, $2 … or ?, not both");
    }
}
