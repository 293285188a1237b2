package io.ductus.core.auth;

import java.util.Optional;
import java.util.regex.Pattern;

/** What user and token names may be: they appear in logs, the audit log and URLs. */
public final class AccountNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    private AccountNames() {
    }

    /** Why {@code name} cannot be used, or empty when it can. */
    public static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) return Optional.of("a name is required");
        if (!NAME.matcher(name).matches()) {
            return Optional.of("'" + name + "': use 1 to 64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
        }
        return Optional.empty();
    }
}
