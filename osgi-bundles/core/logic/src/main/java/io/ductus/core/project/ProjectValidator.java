package io.ductus.core.project;

import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.project.shape.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Checks a whole project and says what may run. Every problem is collected (checking never stops at the
 * first) with its file, position and field; an interface with problems is left out, the rest stay.
 */
public final class ProjectValidator {

    private ProjectValidator() {
    }

    /**
     * @param sources what the loader read
     * @param types   the connector types whose settings to check, or {@link ConnectorTypes#unknown()}
     */
    public static ProjectCheck check(ProjectSources sources, ConnectorTypes types) {
        return check(sources, types, InterfaceCode.Loader.NOT_CHECKED);
    }

    /**
     * Every check the engine's start makes: with the connector types installed (their schemas and their
     * factories' own checks) and each interface's code as the script host loaded it.
     *
     * @param code loads an interface's code; {@link InterfaceCode.Loader#NOT_CHECKED} leaves code alone
     */
    public static ProjectCheck check(ProjectSources sources, ConnectorTypes types, InterfaceCode.Loader code) {
        List<Problem> problems = new ArrayList<>();
        ProjectSettings settings = sources.ductus()
                .flatMap(file -> checked(file, ProjectShapes.DUCTUS, types, problems, AlertsReader::check, SettingsReader::settings))
                .orElse(ProjectSettings.DEFAULTS);
        Optional<Resources> readResources = sources.resources().isEmpty() ? Optional.of(Resources.NONE)
                : checked(sources.resources().get(), ProjectShapes.RESOURCES, types, problems, CertificateNames::check,
                        SettingsReader::resources);
        Resources resources = readResources.orElse(Resources.NONE);

        Map<String, InterfaceDefinition> interfaces = new LinkedHashMap<>();
        Map<String, List<Problem>> refused = new LinkedHashMap<>();
        for (Map.Entry<String, ProjectFile> entry : sources.interfaces().entrySet()) {
            List<Problem> own = new ArrayList<>();
            Optional<InterfaceDefinition> definition = checkInterface(entry.getKey(), entry.getValue(), types, own)
                    .filter(d -> codeFits(d, entry.getValue(), types, code, own));
            problems.addAll(own);
            definition.ifPresentOrElse(d -> interfaces.put(d.name(), d), () -> refused.put(entry.getKey(), own));
        }
        // A resources.yaml with problems of its own says nothing about which databases exist. Checked before
        // the routes, so that a route to an interface left out here is refused too.
        readResources.ifPresent(r -> refuseUnknownDatabases(sources, interfaces, refused, r, problems));
        readResources.ifPresent(r -> refuseUnknownCertificates(sources, interfaces, refused, r, problems));
        readResources.ifPresent(r -> apiCertificates(sources, r, problems));
        readResources.ifPresent(r -> databaseCertificates(sources, r, problems));
        refuseBrokenRoutes(sources, interfaces, refused, problems);
        return new ProjectCheck(new Project(settings, resources, interfaces), problems, refused);
    }

    private static <T> Optional<T> checked(ProjectFile file, Section shape, ConnectorTypes types, List<Problem> problems,
                                           java.util.function.BiConsumer<MapNode, FileProblems> acrossKeys,
                                           Function<MapNode, T> reader) {
        problems.addAll(file.readProblems());
        if (file.root().isEmpty()) return Optional.empty();
        FileProblems found = new FileProblems(file.path());
        // ductus.yaml's api: may write its TLS in the nested form; everything after sees the flat keys.
        MapNode root = shape == ProjectShapes.DUCTUS ? TlsAliases.ductusFile(file.root().get(), found) : file.root().get();
        new ShapeChecker(types, found).check(root, shape, "");
        acrossKeys.accept(root, found);
        problems.addAll(found.list());
        return found.isEmpty() && file.readProblems().isEmpty() ? Optional.of(reader.apply(root)) : Optional.empty();
    }

    private static Optional<InterfaceDefinition> checkInterface(String name, ProjectFile file, ConnectorTypes types,
                                                                List<Problem> problems) {
        FileProblems found = new FileProblems(file.path());
        if (!NamedEntries.isName(name)) {
            found.add(Position.START, "", "the interface's folder name must be " + NamedEntries.NAME_RULE + ", got '" + name + "'");
        }
        problems.addAll(file.readProblems());
        if (file.root().isEmpty()) {
            if (file.readProblems().isEmpty()) {
                found.add(Position.START, "", "the file is empty; an interface needs at least source, format and destinations (or a source in respond mode)");
            }
            problems.addAll(found.list());
            return Optional.empty();
        }
        MapNode root = TlsAliases.interfaceFile(file.root().get(), found); // the nested tls: { … } as the flat keys
        new ShapeChecker(types, found).check(root, ProjectShapes.INTERFACE, "");
        InterfaceReader reader = new InterfaceReader(found);
        reader.checkKeyPaths(root);
        MonitorReader.check(root, found);
        Optional<InterfaceDefinition> definition = Optional.empty();
        if (found.isEmpty() && file.readProblems().isEmpty()) definition = reader.read(name, root);
        if (definition.isPresent() && !destinationsOptional(definition.get(), types)) {
            found.add(root.value("source").orElseThrow().position(), "destinations", definition.get().source().isInternal()
                    ? "required: an internal interface (filled by routes) answers nobody, so what routes bring it must go somewhere"
                    : "none given, and the source stores what it receives: add a destination (only a source that answers"
                            + " each request itself, such as http with respond: true, goes without)");
            definition = Optional.empty();
        }
        problems.addAll(found.list());
        return definition;
    }

    /**
     * Whether the interface's code loads and has what its destinations (and a source in respond mode) call;
     * every problem is added, in the code's file or at the interface.yaml key that names the function.
     */
    private static boolean codeFits(InterfaceDefinition definition, ProjectFile file, ConnectorTypes types,
                                    InterfaceCode.Loader loader, List<Problem> problems) {
        Optional<InterfaceCode> loaded = loader.load(definition);
        if (loaded.isEmpty()) return true;
        InterfaceCode code = loaded.get();
        if (!code.problems().isEmpty()) {
            problems.addAll(code.problems());
            return false;
        }
        List<Problem> found = new ArrayList<>();
        for (DestinationDefinition destination : definition.destinations().values()) {
            destination.transform().problem(code.exported()).ifPresent(message -> found.add(new Problem(file.path(),
                    settingPosition(file, destination.name(), "transform"), "destinations." + destination.name() + ".transform", message)));
        }
        SourceDefinition source = definition.source();
        boolean responds = types.answersRequests(source.type(), source.settings()).orElse(false);
        if (responds && !code.functions().contains(DestinationTransform.DEFAULT_FUNCTION)) {
            found.add(new Problem(file.path(), file.root().flatMap(r -> r.value("source")).map(Node::position).orElse(Position.START),
                    "source", "answers each request with the code's transform(msg, meta), but " + code.file()
                    .map(f -> f + " exports no function 'transform'").orElse("the interface has no transform.js")));
        }
        problems.addAll(found);
        return found.isEmpty();
    }

    /**
     * An interface may go without destinations only when its source answers each request itself (respond
     * mode). When the types cannot tell (a plugin's type, checked without the plugins), it passes here and
     * the engine, which holds the connector's factory, checks it again before the interface starts.
     */
    private static boolean destinationsOptional(InterfaceDefinition definition, ConnectorTypes types) {
        if (!definition.destinations().isEmpty()) return true;
        SourceDefinition source = definition.source();
        return types.answersRequests(source.type(), source.settings()).orElse(true);
    }

    /** Leaves out interfaces whose routes cannot work, until no route points at something left out. */
    private static void refuseBrokenRoutes(ProjectSources sources, Map<String, InterfaceDefinition> interfaces,
                                           Map<String, List<Problem>> refused, List<Problem> problems) {
        while (true) {
            List<RouteCheck.RouteProblem> routeProblems = RouteCheck.check(interfaces, refused.keySet());
            if (routeProblems.isEmpty()) return;
            for (RouteCheck.RouteProblem p : routeProblems) {
                ProjectFile file = sources.interfaces().get(p.interfaceName());
                String field = "destinations." + p.destination() + "." + BuiltInTypes.TARGET_KEY;
                Problem problem = new Problem(file.path(), routeTargetPosition(file, p.destination()), field, p.message());
                problems.add(problem);
                interfaces.remove(p.interfaceName());
                refused.computeIfAbsent(p.interfaceName(), name -> new ArrayList<>()).add(problem);
            }
        }
    }

    /** Leaves out interfaces whose database source or destination names a database resources.yaml does not have. */
    private static void refuseUnknownDatabases(ProjectSources sources, Map<String, InterfaceDefinition> interfaces,
                                               Map<String, List<Problem>> refused, Resources resources, List<Problem> problems) {
        for (InterfaceDefinition definition : List.copyOf(interfaces.values())) {
            ProjectFile file = sources.interfaces().get(definition.name());
            List<Problem> unknown = new ArrayList<>();
            if (definition.source().type().equals(BuiltInTypes.DATABASE.name())) {
                unknownDatabase(definition.source().settings(), resources).ifPresent(reason -> unknown.add(new Problem(file.path(),
                        sourceSettingPosition(file, BuiltInTypes.DATABASE_KEY), "source." + BuiltInTypes.DATABASE_KEY, reason)));
            }
            for (DestinationDefinition destination : definition.destinations().values()) {
                if (!destination.type().equals(BuiltInTypes.DATABASE.name())) continue;
                unknownDatabase(destination.settings(), resources).ifPresent(reason -> unknown.add(new Problem(file.path(),
                        settingPosition(file, destination.name(), BuiltInTypes.DATABASE_KEY),
                        "destinations." + destination.name() + "." + BuiltInTypes.DATABASE_KEY, reason)));
            }
            if (unknown.isEmpty()) continue;
            problems.addAll(unknown);
            interfaces.remove(definition.name());
            refused.put(definition.name(), unknown);
        }
    }

    /** Leaves out interfaces whose source or destinations name a certificate resources.yaml does not have (or of the wrong kind). */
    private static void refuseUnknownCertificates(ProjectSources sources, Map<String, InterfaceDefinition> interfaces,
                                                  Map<String, List<Problem>> refused, Resources resources, List<Problem> problems) {
        for (InterfaceDefinition definition : List.copyOf(interfaces.values())) {
            ProjectFile file = sources.interfaces().get(definition.name());
            List<Problem> unknown = new ArrayList<>();
            Optional<MapNode> raw = file.root().flatMap(root -> root.value("source")).filter(MapNode.class::isInstance).map(MapNode.class::cast);
            for (Map.Entry<String, String> bad : CertificateNames.unfit(definition.source().settings(), resources.certificates())) {
                unknown.add(new Problem(file.path(), sourceSettingPosition(file, bad.getKey()),
                        "source." + raw.map(m -> TlsAliases.field(m, bad.getKey())).orElse(bad.getKey()), bad.getValue()));
            }
            for (DestinationDefinition destination : definition.destinations().values()) {
                Optional<MapNode> rawDestination = file.root().flatMap(root -> root.value("destinations")).map(MapNode.class::cast)
                        .flatMap(d -> d.value(destination.name())).filter(MapNode.class::isInstance).map(MapNode.class::cast);
                for (Map.Entry<String, String> bad : CertificateNames.unfit(destination.settings(), resources.certificates())) {
                    unknown.add(new Problem(file.path(), settingPosition(file, destination.name(), bad.getKey()),
                            "destinations." + destination.name() + "." + rawDestination.map(m -> TlsAliases.field(m, bad.getKey()))
                                    .orElse(bad.getKey()), bad.getValue()));
                }
            }
            if (unknown.isEmpty()) continue;
            problems.addAll(unknown);
            interfaces.remove(definition.name());
            refused.put(definition.name(), unknown);
        }
    }

    /**
     * ductus.yaml's certificates: those api:, alerts.smtp and the webhook channels name must be in resources.yaml
     * (the engine does not start otherwise).
     */
    private static void apiCertificates(ProjectSources sources, Resources resources, List<Problem> problems) {
        Optional<MapNode> root = sources.ductus().flatMap(ProjectFile::root).filter(MapNode.class::isInstance).map(MapNode.class::cast);
        if (root.isEmpty()) return;
        Map<String, MapNode> naming = new LinkedHashMap<>();
        mapAt(root.get(), "api").ifPresent(api -> naming.put("api", api));
        mapAt(root.get(), "alerts").ifPresent(alerts -> {
            mapAt(alerts, "smtp").ifPresent(smtp -> naming.put("alerts.smtp", smtp));
            mapAt(alerts, "channels").ifPresent(channels -> channels.entries().forEach(e -> {
                if (e.value() instanceof MapNode channel) naming.put("alerts.channels." + e.key(), channel);
            }));
        });
        naming.forEach((field, map) -> {
            Map<String, Object> settings = TlsAliases.flatten(map, TlsAliases.LISTENER, field,
                    new FileProblems(sources.ductus().get().path())).plain(); // its own problems are the shape check's
            for (Map.Entry<String, String> bad : CertificateNames.unfit(settings, resources.certificates())) {
                Position at = TlsAliases.position(map, bad.getKey()).orElse(map.position());
                problems.add(new Problem(sources.ductus().get().path(), at, field + "." + TlsAliases.field(map, bad.getKey()), bad.getValue()));
            }
        });
    }

    /** A PostgreSQL URL's {@code tls_ca=NAME} (ductus.yaml's database, resources.yaml's databases) names a certificate there. */
    private static void databaseCertificates(ProjectSources sources, Resources resources, List<Problem> problems) {
        sources.ductus().ifPresent(file -> file.root().filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .flatMap(root -> root.value("database")).ifPresent(url -> urlCa(file, url, "database", resources, problems)));
        sources.resources().ifPresent(file -> file.root().filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .flatMap(root -> mapAt(root, "databases")).ifPresent(databases -> databases.entries().forEach(e -> {
                    if (e.value() instanceof MapNode db) {
                        db.value("url").ifPresent(url -> urlCa(file, url, "databases." + e.key() + ".url", resources, problems));
                    }
                })));
    }

    private static void urlCa(ProjectFile file, Node url, String field, Resources resources, List<Problem> problems) {
        if (!(url instanceof ScalarNode scalar)) return;
        io.ductus.core.config.DatabaseTls.caName(scalar.text()).flatMap(name -> CertificateNames.unfit("tls_ca", name,
                resources.certificates())).ifPresent(reason -> problems.add(new Problem(file.path(), url.position(), field,
                        io.ductus.core.config.DatabaseTls.CA + ": " + reason)));
    }

    private static Optional<MapNode> mapAt(MapNode map, String key) {
        return map.value(key).filter(MapNode.class::isInstance).map(MapNode.class::cast);
    }

    private static Optional<String> unknownDatabase(Map<String, Object> settings, Resources resources) {
        Object name = settings.get(BuiltInTypes.DATABASE_KEY);
        if (name == null || resources.databases().containsKey(name.toString())) return Optional.empty();
        return Optional.of("no database '" + name + "' in " + ProjectShapes.RESOURCES_FILE
                + (resources.databases().isEmpty() ? " (it has none)" : " (it has " + String.join(", ", resources.databases().keySet()) + ")"));
    }

    private static Position sourceSettingPosition(ProjectFile file, String key) {
        return file.root().flatMap(root -> root.value("source")).map(MapNode.class::cast)
                .flatMap(d -> TlsAliases.position(d, key)).orElse(Position.START);
    }

    private static Position routeTargetPosition(ProjectFile file, String destination) {
        return settingPosition(file, destination, BuiltInTypes.TARGET_KEY);
    }

    private static Position settingPosition(ProjectFile file, String destination, String key) {
        return file.root().flatMap(root -> root.value("destinations")).map(MapNode.class::cast)
                .flatMap(d -> d.value(destination)).map(MapNode.class::cast)
                .flatMap(d -> TlsAliases.position(d, key)).orElse(Position.START);
    }
}
