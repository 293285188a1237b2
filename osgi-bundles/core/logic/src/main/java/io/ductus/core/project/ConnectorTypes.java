package io.ductus.core.project;

import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import java.util.Collection;
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

    private final Map<String, ConnectorType> types;
    private final boolean complete;

    private ConnectorTypes(Map<String, ConnectorType> types, boolean complete) {
        this.types = types;
        this.complete = complete;
    }

    /** Exactly these types (and the built-in ones); any other type name is a problem. */
    public static ConnectorTypes of(Collection<ConnectorType> installed) {
        Map<String, ConnectorType> all = builtIns();
        for (ConnectorType type : installed) all.putIfAbsent(type.name(), type);
        return new ConnectorTypes(sorted(all), true);
    }

    /** Types are not known: only the built-in types' settings are checked. */
    public static ConnectorTypes unknown() {
        return new ConnectorTypes(sorted(builtIns()), false);
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
