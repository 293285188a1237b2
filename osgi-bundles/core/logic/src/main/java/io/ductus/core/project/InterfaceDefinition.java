package io.ductus.core.project;

import io.ductus.store.Durability;

import io.ductus.format.hl7.Hl7Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One interface: interfaces/&lt;name&gt;/interface.yaml, checked.
 *
 * @param name         the folder name
 * @param source       where messages come from
 * @param format       how payloads are parsed
 * @param charset      the payloads' character set, if written (for HL7 it wins over MSH-18)
 * @param durability   strict or relaxed
 * @param ordering     key and lanes
 * @param dedupe       the path whose value identifies a message, if any
 * @param destinations the destinations in file order
 * @param timeout      how long one call of the interface's code may run
 * @param owner        who answers for it (an email address or a name), if written
 * @param expectations what its {@code monitor:} says should happen
 * @param keeping      its {@code retention:} window (empty: ductus.yaml's) and whether quarantined messages go with it
 */
public record InterfaceDefinition(String name, SourceDefinition source, Format format, Optional<String> charset,
                                  Durability durability, Ordering ordering, Optional<String> dedupe,
                                  Map<String, DestinationDefinition> destinations, java.time.Duration timeout,
                                  Optional<String> owner, io.ductus.core.health.Expectations expectations,
                                  Keeping keeping) {

    /**
     * How long the interface keeps its messages: {@code retention:} (empty: the project's default) and
     * {@code quarantined:} (purge: quarantined messages go when their window ends; keep, the default: they
     * stay until someone resends or dismisses them).
     */
    public record Keeping(Optional<io.ductus.core.retention.Window> retention, boolean purgeQuarantined) {
        public static final Keeping DEFAULT = new Keeping(Optional.empty(), false);

        public Keeping {
            Objects.requireNonNull(retention, "retention");
        }

        /** The window that applies: the interface's own, else {@code projectDefault}. */
        public io.ductus.core.retention.Window window(io.ductus.core.retention.Window projectDefault) {
            return retention.orElse(projectDefault);
        }
    }

    /** An interface with the default retention. */
    public InterfaceDefinition(String name, SourceDefinition source, Format format, Optional<String> charset,
                               Durability durability, Ordering ordering, Optional<String> dedupe,
                               Map<String, DestinationDefinition> destinations, java.time.Duration timeout,
                               Optional<String> owner, io.ductus.core.health.Expectations expectations) {
        this(name, source, format, charset, durability, ordering, dedupe, destinations, timeout, owner, expectations, Keeping.DEFAULT);
    }

    /** The default for {@code timeout:}. */
    public static final java.time.Duration DEFAULT_TIMEOUT = java.time.Duration.ofSeconds(5);

    /** An interface with the default code timeout. */
    public InterfaceDefinition(String name, SourceDefinition source, Format format, Optional<String> charset,
                               Durability durability, Ordering ordering, Optional<String> dedupe,
                               Map<String, DestinationDefinition> destinations) {
        this(name, source, format, charset, durability, ordering, dedupe, destinations, DEFAULT_TIMEOUT);
    }

    /** An interface without owner or expectations. */
    public InterfaceDefinition(String name, SourceDefinition source, Format format, Optional<String> charset,
                               Durability durability, Ordering ordering, Optional<String> dedupe,
                               Map<String, DestinationDefinition> destinations, java.time.Duration timeout) {
        this(name, source, format, charset, durability, ordering, dedupe, destinations, timeout, Optional.empty(),
                io.ductus.core.health.Expectations.NONE);
    }

    /** When a destination counts as behind: its own {@code monitor.behind}, else the interface's. */
    public Optional<io.ductus.core.health.Expectations.Behind> behind(String destination) {
        DestinationDefinition d = destinations.get(destination);
        return d != null && d.behind().isPresent() ? d.behind() : expectations.behind();
    }

    public InterfaceDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(charset, "charset");
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(ordering, "ordering");
        Objects.requireNonNull(dedupe, "dedupe");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(expectations, "expectations");
        Objects.requireNonNull(keeping, "keeping");
        destinations = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(destinations));
    }

    /** The ordering key as an HL7 path; empty without a key or for other formats. Validation checked its syntax. */
    public Optional<Hl7Path> hl7OrderingKey() {
        return format == Format.HL7 ? ordering.key().map(Hl7Path::parse) : Optional.empty();
    }

    /** The dedupe path as an HL7 path; empty without dedupe or for other formats. */
    public Optional<Hl7Path> hl7DedupeKey() {
        return format == Format.HL7 ? dedupe.map(Hl7Path::parse) : Optional.empty();
    }
}
