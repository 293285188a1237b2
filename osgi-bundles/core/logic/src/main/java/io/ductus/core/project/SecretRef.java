package io.ductus.core.project;

import io.ductus.core.project.shape.Text;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;

/** {@code ${secret:NAME}}: a credential kept in the encrypted secrets file, resolved by the runtime. */
public record SecretRef(String name) {

    public SecretRef {
        Objects.requireNonNull(name, "name");
    }

    /** The reference written as the whole text, or empty when the text is not one. */
    public static Optional<SecretRef> parse(String text) {
        Matcher m = Text.SECRET_REFERENCE.matcher(text == null ? "" : text.strip());
        return m.matches() ? Optional.of(new SecretRef(m.group(1))) : Optional.empty();
    }

    @Override
    public String toString() {
        return "${secret:" + name + "}";
    }
}
