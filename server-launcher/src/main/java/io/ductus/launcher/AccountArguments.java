package io.ductus.launcher;

import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import java.util.List;
import java.util.Set;

/** --role and --permission of the account commands, with the core's messages as bad arguments. */
final class AccountArguments {

    private AccountArguments() {
    }

    static Role role(String text) {
        try {
            return Role.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException("--role: " + e.getMessage());
        }
    }

    static Set<Permission> permissions(List<String> texts) {
        try {
            return Permission.parseAll(texts);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException("--permission: " + e.getMessage());
        }
    }
}
