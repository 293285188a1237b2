package io.ductus.core.project;

import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import java.util.Collection;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The connector types validation may check settings against: the installed plugins' types plus the
 * built-in ones. Without plugins (for example {@code ductus validate} before the engine runs) use
 * {@link #unknown()}: any type name is then accepted and its settings are not checked.
 */
public final class ConnectorTypes {

    /** Whether a source of a type, with these settings, answers each request itself (respond mode). */
    @FunctionalInterface
    public interface SourceAnswering {
        /** Empty when it cannot tell (the type's factory is not at hand, or cannot read the settings). */
        Optional<Boolean> answersRequests(String type, Map<String, Object> settings);
    }

    /** The checks a type's factory makes beyond its schema (a path template's syntax, which credentials go together). */
    @FunctionalInterface
    public interface SettingsCheck {
        /** The problems of settings the type's schema accepted, each naming its setting; empty when none or not at hand. */
        List<ConfigProblem> problems(String type, Role role, Map<String, Object> settings);
    }

    private static final SourceAnswering CANNOT_TELL = (type, settings) -> Optional.empty();
    private static final SettingsCheck NO_CHECKS = (type, role, settings) -> List.of();

    private final Map<String, ConnectorType> types;
    private final boolean complete;
    private final SourceAnswering answering;
    private final SettingsCheck checks;

    private ConnectorTypes(Map<String, ConnectorType> types, boolean complete, SourceAnswering answering, SettingsCheck checks) {
        this.types = types;
        this.complete = complete;
        this.answering = answering;
        this.checks = checks;
    }

    /** Exactly these types (and the built-in ones); any other type name is a problem. */
    public static ConnectorTypes of(Collection<ConnectorType> installed) {
        return of(installed, CANNOT_TELL);
    }

    /** Exactly these types, and their factories' word on which sources answer requests themselves. */
    public static ConnectorTypes of(Collection<ConnectorType> installed, SourceAnswering answering) {
        return of(installed, answering, NO_CHECKS);
    }

    /** Exactly these types, their factories' word on respond mode, and their factories' own settings checks. */
    public static ConnectorTypes of(Collection<ConnectorType> installed, SourceAnswering answering, SettingsCheck checks) {
        Map<String, ConnectorType> all = builtIns();
        for (ConnectorType type : installed) all.putIfAbsent(type.name(), type);
        return new ConnectorTypes(sorted(all), true, answering, checks);
    }

    /** Types are not known: only the built-in types' settings are checked. */
    public static ConnectorTypes unknown() {
        return new ConnectorTypes(sorted(builtIns()), false, CANNOT_TELL, NO_CHECKS);
    }

    /** The type's own checks of settings its schema accepted (none for the built-in types). */
    public List<ConfigProblem> settingsProblems(String type, Role role, Map<String, Object> settings) {
        if (builtIns().containsKey(type)) return List.of();
        return checks.problems(type, role, settings);
    }

    /**
     * Whether a source of this type with these settings answers each request itself, so its interface needs
     * no destination; empty when that cannot be told here. The built-in sources (internal, database) never do.
     */
    public Optional<Boolean> answersRequests(String type, Map<String, Object> settings) {
        if (builtIns().containsKey(type)) return Optional.of(false);
        return answering.answersRequests(type, settings);
    }

    /** Whether this is the full list, so an unknown name is a problem. */
    public boolean complete() {
        return complete;
    }

    public Optional<ConnectorType> find(String name) {
        return Optional.ofNullable(types.get(name));
    }

    /** The names of the types that can take this role, sorted. */
    public SortedSet<String> names(Role role) {
        SortedSet<String> names = new TreeSet<>();
        types.values().stream().filter(t -> t.has(role)).forEach(t -> names.add(t.name()));
        return names;
    }

    public Collection<ConnectorType> all() {
        return types.values();
    }

    /** By name: what is generated from the types (the JSON Schemas) comes out the same in every run. */
    private static Map<String, ConnectorType> sorted(Map<String, ConnectorType> types) {
        return java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(types));
    }

    private static Map<String, ConnectorType> builtIns() {
        Map<String, ConnectorType> map = new LinkedHashMap<>();
        map.put(BuiltInTypes.INTERNAL.name(), BuiltInTypes.INTERNAL);
        map.put(BuiltInTypes.ROUTE.name(), BuiltInTypes.ROUTE);
        map.put(BuiltInTypes.DATABASE.name(), BuiltInTypes.DATABASE);
        return map;
    }
}
