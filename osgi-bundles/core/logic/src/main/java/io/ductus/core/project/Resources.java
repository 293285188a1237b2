package io.ductus.core.project;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * resources.yaml: the project's named connections and certificates.
 *
 * @param databases    database connections by name, in file order
 * @param certificates certificate pairs and CAs by name, in file order
 */
public record Resources(Map<String, DatabaseResource> databases, Map<String, CertificateResource> certificates) {

    public static final Resources NONE = new Resources(Map.of(), Map.of());

    /** Resources without certificates. */
    public Resources(Map<String, DatabaseResource> databases) {
        this(databases, Map.of());
    }

    public Resources {
        databases = Collections.unmodifiableMap(new LinkedHashMap<>(databases));
        certificates = Collections.unmodifiableMap(new LinkedHashMap<>(certificates));
    }
}
