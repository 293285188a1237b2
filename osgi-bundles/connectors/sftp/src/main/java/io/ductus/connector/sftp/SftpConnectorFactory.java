package io.ductus.connector.sftp;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.sdk.files.FolderSourceChecks;
import io.ductus.sdk.files.PathTemplate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code sftp} connector type: a source that reads the files dropped in a remote folder, and a
 * destination that writes one remote file per message, over SFTP (Apache MINA SSHD).
 */
@Component(service = ConnectorFactory.class)
public final class SftpConnectorFactory implements ConnectorFactory {

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern SECRET_REFERENCE = Pattern.compile("\\$\\{secret:[A-Za-z0-9_.-]+}");
    private static final Pattern SHA256 = Pattern.compile("(?i:SHA256:)?[A-Za-z0-9+/]{43}=?");

    static final ConfigSchema SOURCE = SourceSettings.declare(ConnectionSettings.declare(ConfigSchema.builder())).build();

    static final ConfigSchema DESTINATION = ConnectionSettings.declare(ConfigSchema.builder())
            .required("path", FieldType.STRING, "the remote file path, relative to the login's home folder (or absolute), with"
                    + " placeholders such as out/{MSH-10}-{id}.hl7: {id}, {interface}, {destination}, {received:yyyyMMdd} and message fields")
            .build();

    static final ConnectorType TYPE = ConnectorType.sourceAndDestination("sftp",
            "Reads the files dropped in a remote folder over SFTP (source), or writes each message to its own remote file under a"
                    + " temporary name first and then renamed into place (destination); the server's host key must be known.",
            SOURCE, DESTINATION);

    private final Function<String, String> environment;

    public SftpConnectorFactory() {
        this(System::getenv);
    }

    /** With another source of environment variables (tests). */
    SftpConnectorFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        List<ConfigProblem> problems = checkConnection(config);
        problems.addAll(role == Role.SOURCE ? FolderSourceChecks.problems(config) : checkDestination(config));
        return problems;
    }

    private static List<ConfigProblem> checkConnection(ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        boolean knownHosts = config.has("known_hosts");
        boolean hostKey = config.has("host_key");
        if (!knownHosts && !hostKey) {
            problems.add(new ConfigProblem("known_hosts", "required: the server is trusted only through known_hosts (a file"
                    + " listing its host key) or host_key (its SHA256:… fingerprint); unknown servers are refused"));
        } else if (knownHosts && hostKey) {
            problems.add(new ConfigProblem("host_key", "give known_hosts or host_key, not both"));
        }
        if (hostKey && !SHA256.matcher(config.string("host_key").strip()).matches()) {
            problems.add(new ConfigProblem("host_key", "a SHA-256 fingerprint as ssh-keygen -lf prints it, such as"
                    + " SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8, got '" + config.string("host_key") + "'"));
        }
        if (!config.has("password") && !config.has("password_env") && !config.has("private_key")) {
            problems.add(new ConfigProblem("password", "required: how to log in, as password: ${secret:NAME}, password_env"
                    + " (an environment variable holding the password) or private_key (a key file)"));
        }
        for (String name : List.of("password", "private_key_passphrase")) {
            config.optionalString(name).filter(v -> !SECRET_REFERENCE.matcher(v.strip()).matches()).ifPresent(v -> problems.add(
                    new ConfigProblem(name, "write a reference to the encrypted secrets file, ${secret:NAME}, never the secret itself")));
            if (config.has(name) && config.has(name + "_env")) {
                problems.add(new ConfigProblem(name + "_env", "give " + name + " or " + name + "_env, not both"));
            }
        }
        for (String name : List.of("password_env", "private_key_passphrase_env")) {
            config.optionalString(name).filter(v -> !VARIABLE.matcher(v).matches()).ifPresent(v -> problems.add(new ConfigProblem(name,
                    "the name of an environment variable (letters, digits, _), not the secret itself")));
        }
        for (String name : List.of("private_key_passphrase", "private_key_passphrase_env")) {
            if (config.has(name) && !config.has("private_key")) problems.add(new ConfigProblem(name, "only with private_key"));
        }
        if (config.duration("timeout").compareTo(Duration.ofMillis(100)) < 0) {
            problems.add(new ConfigProblem("timeout", "at least 100ms"));
        }
        return problems;
    }

    private static List<ConfigProblem> checkDestination(ConnectorConfig config) {
        try {
            PathTemplate.parse(config.string("path"));
            return new ArrayList<>();
        } catch (IllegalArgumentException e) {
            return new ArrayList<>(List.of(new ConfigProblem("path", e.getMessage())));
        }
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        return new SftpSource(SourceSettings.of(config), connection(config, context), context);
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new SftpDestination(PathTemplate.parse(config.string("path")), connection(config, context), context);
    }

    private SftpConnection connection(ConnectorConfig config, ConnectorContext context) {
        return new SftpConnection(ConnectionSettings.of(config, context.dataDirectory()), environment);
    }
}
