package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class AccessTest {

    @ParameterizedTest(name = "{0} + [{1}] meets {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            viewer   |          | open            | true
            viewer   |          | viewer          | true
            viewer   |          | operator        | false
            operator |          | viewer          | true
            operator |          | admin           | false
            viewer   | audit    | viewer+audit    | true
            operator |          | viewer+audit    | false
            operator | payloads | viewer+audit    | false
            admin    |          | viewer+audit    | true
            admin    |          | admin+payloads  | true
            """)
    void meets_a_requirement_by_role_and_permission(String role, String permission, String requirement, boolean meets) {
        Access access = permission == null ? Access.of(Role.parse(role)) : Access.of(Role.parse(role), Permission.parse(permission));
        assertThat(access.meets(requirement(requirement))).isEqualTo(meets);
    }

    @Test
    void an_admin_has_every_permission() {
        assertThat(Access.of(Role.ADMIN).permissions()).containsExactlyInAnyOrder(Permission.values());
    }

    @Test
    void a_token_is_never_stronger_than_its_owner() {
        Access token = Access.of(Role.ADMIN);
        Access owner = Access.of(Role.OPERATOR, Permission.PAYLOADS);
        assertThat(token.atMost(owner)).isEqualTo(Access.of(Role.OPERATOR, Permission.PAYLOADS));
        assertThat(Access.of(Role.VIEWER, Permission.AUDIT).atMost(owner)).isEqualTo(Access.of(Role.VIEWER));
    }

    @Test
    void covers_only_what_is_no_stronger() {
        Access operator = Access.of(Role.OPERATOR, Permission.PAYLOADS);
        assertThat(operator.covers(Access.of(Role.VIEWER, Permission.PAYLOADS))).isTrue();
        assertThat(operator.covers(Access.of(Role.VIEWER, Permission.AUDIT))).isFalse();
        assertThat(operator.covers(Access.of(Role.ADMIN))).isFalse();
    }

    @Test
    void roles_and_permissions_parse_their_labels_and_name_the_choices_otherwise() {
        assertThat(Role.parse("operator")).isEqualTo(Role.OPERATOR);
        assertThat(Permission.parse("audit")).isEqualTo(Permission.AUDIT);
        assertThatThrownBy(() -> Role.parse("root")).hasMessage("role must be one of viewer, operator, admin, not 'root'");
        assertThatThrownBy(() -> Permission.parse("all")).hasMessage("permission must be one of payloads, audit, not 'all'");
    }

    private static Requirement requirement(String text) {
        if (text.equals("open")) return Requirement.OPEN;
        String[] parts = text.split("\\+");
        Requirement r = Requirement.role(Role.parse(parts[0]));
        return parts.length == 1 ? r : r.and(Permission.parse(parts[1]));
    }
}
