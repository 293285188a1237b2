package io.ductus.connector.http;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TlsSettings;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.connector.listener.EventLoops;
import io.ductus.connector.listener.ListenerLimits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** The {@code http} connector type: a listener (source, queue or respond mode) and a sender (destination). */
@Component(service = ConnectorFactory.class)
public final class HttpConnectorFactory implements ConnectorFactory {

    static final int DEFAULT_MAX_BODY = 16 * 1024 * 1024;
    static final List<String> QUEUE_METHODS = List.of("POST");
    static final List<String> RESPOND_METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Set<String> KNOWN_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    static final ConnectorType TYPE = ConnectorType.sourceAndDestination("http",
            "HTTP: a listener that stores each request body before answering 202 (or, with respond: true, answers with the"
                    + " interface's code), and a sender that posts each message and judges the status.",
            TlsSettings.source(ConfigSchema.builder())
                    .required("listen", FieldType.HOST_PORT, "address to listen on, such as 127.0.0.1:8080 or 0.0.0.0:8080")
                    .optional("path", FieldType.STRING, "/", "the path served, such as /adt; requests below it are served too,"
                            + " other paths get 404")
                    .optional("respond", FieldType.BOOLEAN, false, "true: the interface's code answers each request"
                            + " (transform returns {status, headers, body}) and nothing is stored")
                    .optional("methods", FieldType.STRING, null, "methods accepted, comma-separated; others get 405"
                            + " (default POST, or GET, POST, PUT, PATCH, DELETE with respond: true)")
                    .optional("max_body", FieldType.INTEGER, DEFAULT_MAX_BODY, "largest body accepted, in bytes; larger ones get 413")
                    .optional("content_types", FieldType.STRING, null, "media types accepted, comma-separated, such as"
                            + " application/json; others get 415 (default: any)")
                    .optional("idle_timeout", FieldType.DURATION, "2m", "close a connection that sent nothing for this long")
                    .optional("max_connections", FieldType.INTEGER, 512, "connections accepted at once; more are closed at once")
                    .optional("max_connections_per_address", FieldType.INTEGER, 32, "connections accepted at once from one"
                            + " address; more from it are closed at once, so that one client cannot take them all")
                    .optional("frame_timeout", FieldType.DURATION, "1m", "a request (headers and body) must come whole within"
                            + " this of its first byte; a slower one gets 408 and its connection is closed")
                    .optional("retry_after", FieldType.DURATION, "5s", "what a 503 (not stored, or stopping) asks the sender"
                            + " to wait before sending again (Retry-After)")
                    .build(),
            TlsSettings.destination(ConfigSchema.builder(), false)
                    .required("url", FieldType.STRING, "where to send, http:// or https://, with placeholders in the path and"
                            + " query such as https://lab.example.org/orders/{PID-3.1}: {id}, {interface}, {destination},"
                            + " {received:yyyyMMdd} and message fields (values are percent-encoded)")
                    .oneOf("method", List.of("POST", "PUT", "PATCH"), "POST", "the request method")
                    .optional("content_type", FieldType.STRING, null, "the Content-Type sent, such as application/json"
                            + " (default: text/plain with the payload's charset)")
                    .optional("headers", FieldType.STRING, null, "more headers, one 'Name: value' per line")
                    .optional("connect_timeout", FieldType.DURATION, "10s", "how long to wait for a connection before retrying")
                    .optional("timeout", FieldType.DURATION, "30s", "how long to wait for the answer before retrying")
                    .build());

    /** The engine's event loops (a DS service shared by every listener), or this factory's own outside OSGi. */
    private final EventLoops loops;
    private final boolean ownLoops;
    /** The engine's budget of bytes in flight and its refusal counts, shared by every listener. */
    private final ListenerLimits limits;
    /** The engine's named certificates (resources.yaml), for TLS on listeners and connections. */
    private final Certificates certificates;

    /** In the engine: the event loops, limits and certificates every listener shares. */
    @Activate
    public HttpConnectorFactory(@Reference EventLoops loops, @Reference ListenerLimits limits, @Reference Certificates certificates) {
        this.loops = loops;
        this.ownLoops = false;
        this.limits = limits;
        this.certificates = certificates;
    }

    /** Outside OSGi (tests): event loops of its own, closed by {@link #release()}, the given limits and certificates. */
    public HttpConnectorFactory(ListenerLimits limits, Certificates certificates) {
        this.loops = new EventLoops();
        this.ownLoops = true;
        this.limits = limits;
        this.certificates = certificates;
    }

    /** Outside OSGi (tests): event loops of its own and the given limits, no certificates. */
    public HttpConnectorFactory(ListenerLimits limits) {
        this(limits, new Certificates());
    }

    /** Outside OSGi (tests): event loops of its own and the default limits. */
    public HttpConnectorFactory() {
        this(ListenerLimits.defaults());
    }

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    /** Respond mode: the interface's code answers, nothing is stored, so no destination is needed. */
    @Override
    public boolean answersRequests(ConnectorConfig config) {
        return config.bool("respond");
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        return role == Role.SOURCE ? checkSource(config) : checkDestination(config);
    }

    private static List<ConfigProblem> checkSource(ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>(TlsSettings.checkSource(config));
        String path = config.string("path");
        if (!path.startsWith("/")) problems.add(new ConfigProblem("path", "must start with /, got '" + path + "'"));
        else if (path.contains("?") || path.contains("#") || path.chars().anyMatch(Character::isWhitespace)) {
            problems.add(new ConfigProblem("path", "a path only: no query (?), fragment (#) or spaces, got '" + path + "'"));
        }
        config.optionalString("methods").ifPresent(text -> {
            List<String> methods = list(text, true);
            if (methods.isEmpty()) problems.add(new ConfigProblem("methods", "names no method; leave it out for the default"));
            for (String method : methods) {
                if (!KNOWN_METHODS.contains(method)) {
                    problems.add(new ConfigProblem("methods", "'" + method + "' is not one of " + String.join(", ", sorted(KNOWN_METHODS))));
                }
            }
        });
        long maxBody = config.integer("max_body");
        if (maxBody < 1 || maxBody > Integer.MAX_VALUE - 8) {
            problems.add(new ConfigProblem("max_body", "must be between 1 and " + (Integer.MAX_VALUE - 8) + " bytes, got " + maxBody));
        }
        config.optionalString("content_types").ifPresent(text -> {
            for (String type : list(text, false)) {
                if (!type.matches("[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+")) {
                    problems.add(new ConfigProblem("content_types", "'" + type + "' is not a media type such as application/json"));
                }
            }
        });
        return problems;
    }

    private static List<ConfigProblem> checkDestination(ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        try {
            UrlTemplate.parse(config.string("url"));
        } catch (IllegalArgumentException e) {
            problems.add(new ConfigProblem("url", e.getMessage()));
        }
        try {
            HeaderLines.parse(config.optionalString("headers").orElse(null));
        } catch (IllegalArgumentException e) {
            problems.add(new ConfigProblem("headers", e.getMessage()));
        }
        if ((config.optionalString("tls_ca").isPresent() || config.optionalString("tls_certificate").isPresent())
                && !config.string("url").toLowerCase(Locale.ROOT).startsWith("https://")) {
            problems.add(new ConfigProblem("url", "tls_ca and tls_certificate need an https:// url"));
        }
        config.optionalString("content_type").filter(t -> t.isBlank() || t.chars().anyMatch(c -> c < 0x20))
                .ifPresent(t -> problems.add(new ConfigProblem("content_type", "expected a media type such as application/json")));
        return problems;
    }

    /** The bundle is stopping: the engine has stopped every listener by now. */
    @Deactivate
    void release() {
        if (ownLoops) loops.close();
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        boolean respond = config.bool("respond");
        List<String> methods = config.optionalString("methods").map(m -> list(m, true))
                .orElse(respond ? RESPOND_METHODS : QUEUE_METHODS);
        String path = config.string("path");
        if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        ListenerSettings settings = new ListenerSettings(config.hostPort("listen"), path, new LinkedHashSet<>(methods),
                (int) config.integer("max_body"), config.optionalString("content_types").map(t -> list(t, false)).orElse(List.of()),
                respond, config.duration("idle_timeout"), config.duration("retry_after"), (int) config.integer("max_connections"),
                (int) config.integer("max_connections_per_address"), config.duration("frame_timeout"));
        return new HttpListener(settings, loops, limits, context, TlsSettings.server(config, certificates),
                TlsSettings.allow(config, context.log()::warn));
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new HttpSender(new HttpSender.Settings(UrlTemplate.parse(config.string("url")), config.string("method"),
                config.optionalString("content_type").orElse(null), HeaderLines.parse(config.optionalString("headers").orElse(null)),
                config.duration("connect_timeout"), config.duration("timeout")), context, TlsSettings.client(config, certificates, false));
    }

    private static List<String> list(String commaSeparated, boolean upperCase) {
        return Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> upperCase ? s.toUpperCase(Locale.ROOT) : s.toLowerCase(Locale.ROOT)).toList();
    }

    private static List<String> sorted(Set<String> values) {
        return values.stream().sorted().toList();
    }
}
