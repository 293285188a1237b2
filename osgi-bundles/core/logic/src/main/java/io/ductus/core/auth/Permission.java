package io.ductus.core.auth;

import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What a role alone does not give: granted per user or token (an admin has both). */
public enum Permission {
    /** Read message payloads and saved outputs (each read is audited); edit messages. */
    PAYLOADS,
    /** Read the audit log. */
    AUDIT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Permission parse(String text) {
        for (Permission p : values()) if (p.label().equals(text)) return p;
        throw new IllegalArgumentException("permission must be one of " + labels() + ", not '" + text + "'");
    }

    public static Set<Permission> parseAll(Collection<String> texts) {
        Set<Permission> set = EnumSet.noneOf(Permission.class);
        for (String t : texts) set.add(parse(t));
        return set;
    }

    public static Set<String> labelsOf(Collection<Permission> permissions) {
        return permissions.stream().sorted().map(Permission::label).collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    public static String labels() {
        return Arrays.stream(values()).map(Permission::label).collect(Collectors.joining(", "));
    }
}
