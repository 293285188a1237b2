package io.ductus.core.project;

import io.ductus.core.project.shape.Choice;
import io.ductus.core.project.shape.ConnectorBlock;
import io.ductus.core.project.shape.Flag;
import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.project.shape.Section;
import io.ductus.core.project.shape.Setting;
import io.ductus.core.project.shape.Text;
import io.ductus.core.project.shape.WholeNumber;
import io.ductus.sdk.Role;
import java.util.List;
import java.util.Optional;

/**
 * The one description of the three project files. Validation walks it, the JSON Schemas and the
 * configuration reference are generated from it; change a key here and all three follow.
 */
public final class ProjectShapes {

    public static final String DUCTUS_FILE = "ductus.yaml";
    public static final String RESOURCES_FILE = "resources.yaml";
    public static final String INTERFACES_FOLDER = "interfaces";
    public static final String INTERFACE_FILE = "interface.yaml";

    public static final int DEFAULT_PARTITIONS = 8;
    public static final int MAX_PARTITIONS = 1024;
    public static final String DEFAULT_API_LISTEN = "127.0.0.1:7700";

    /** ductus.yaml: the engine-wide settings at the project's root. */
    public static final Section DUCTUS = Section.of(
            Setting.optional("api", Section.of(
                            Setting.optional("listen", Text.hostPort(), DEFAULT_API_LISTEN,
                                    "Address of the REST API listener; --api-listen overrides it. Off loopback without tls the engine"
                                            + " warns at start and in ductus validate.", "127.0.0.1:7700"),
                            Setting.optional("tls", Text.any(), null,
                                    "A certificate pair of resources.yaml: the API listens with TLS 1.2/1.3 only, sends HSTS and"
                                            + " marks its session cookie Secure (docs/security.md).", "api-pair"),
                            Setting.optional("tls_client_ca", Text.any(), null,
                                    "A CA of resources.yaml: callers must show a client certificate it issued.", "hospital-ca"),
                            Setting.optional("tls_client_subjects", Text.any(), null,
                                    "Comma-separated patterns (CN=, O=, OU=, DNS=; * matches any run) one of which the client"
                                            + " certificate must match.", "\"CN=ops-*, O=Example Hospital\""),
                            Setting.optional("allow", Text.any(), null,
                                    "Comma-separated addresses, subnets and host names that may connect; others are dropped unread.",
                                    "\"10.1.0.0/16, 127.0.0.1, ops.example.org\"")),
                    null, "The engine's REST API (/api/v1).", ""),
            Setting.optionalWithNote("database", Text.database(), "sqlite:<data folder>/ductus.db",
                    "Where messages are stored. A relative SQLite path is taken relative to the project folder; --database overrides it.",
                    "sqlite:data/ductus.db"),
            Setting.optional("variables", new NamedEntries("variable", Text.any(), false), null,
                    "Values interface code reads with env(\"NAME\"), each with its default; an environment variable of the same "
                            + "name on the engine's machine overrides it. Code can read no other environment variable.",
                    "{ FACILITY: LAB1 }"),
            Setting.optionalWithNote("time_zone", Text.timeZone(), "the machine's",
                    "The zone local times are read in: monitor: hours and deadlines, quiet hours.", "Europe/Berlin"),
            Setting.optional("alerts", AlertShapes.ALERTS, null,
                    "Who hears of health problems, and how: the mail server, channels, rules and their shaping "
                            + "(docs/health-and-alerts.md). Without it health is still judged and shown; nobody is told.", ""),
            Setting.optional("retention", new Choice(io.ductus.core.retention.Window.words()), "7w",
                    "How long an interface keeps its messages when its interface.yaml does not say: 1w, 3w or 7w (7, 21 or 49 "
                            + "days; docs/retention.md). Pending and quarantined messages are never deleted by it.", "3w"),
            Setting.optional("audit", Section.of(
                            Setting.optional("keep", Text.years(), "6y",
                                    "How long audit rows are kept, in whole years (at least 1y); older ones are deleted hourly.", "10y")),
                    null, "The audit log (who did what).", ""),
            Setting.optional("replay", Section.of(
                            Setting.optional("keep", Text.duration(), "7d",
                                    "How long a replay's results are kept after it started; then they are purged.", "14d"),
                            Setting.optionalWithNote("threads", new WholeNumber(1, 16), "the machine's cores, at most 4",
                                    "How many threads a replay spreads its messages over, each of lower priority than intake and the "
                                            + "workers; replays run one at a time, the next waits in line.", "2")),
                    null, "Replays of stored messages through other code (docs/replay.md).", ""),
            Setting.optional("limits", Section.of(
                            Setting.optionalWithNote("bytes_in_flight_mb", new WholeNumber(32, 1 << 20),
                                    "a sixteenth of the engine's heap, 32 to 128",
                                    "Megabytes of frames and request bodies the engine holds at once while receiving them, on every"
                                            + " listener and the API. Past it a new frame is answered MLLP AE, a request HTTP 503 (send it"
                                            + " again), instead of buffering more; frames over 64 KB never take its last eighth.", "256")),
                    null, "Bounds that keep the engine serving under heavy or hostile use (listeners' own limits are each"
                            + " source's settings).", ""));

    /** One named database connection in resources.yaml. */
    public static final Section DATABASE_RESOURCE = Section.of(
            Setting.required("url", Text.urlWithoutPassword(),
                    "The database's connection URL, without credentials: postgresql://host:port/db, or sqlite:path "
                            + "(relative to the project folder).", "postgresql://db.example.org:5432/patients"),
            Setting.optional("user", Text.any(), null, "The user name to connect as (plain text or ${secret:NAME}).", "ductus"),
            Setting.optional("password", Text.secretReference(), null,
                    "The password, always as a reference to the encrypted secrets file.", "${secret:PATIENT_DB_PASSWORD}"),
            Setting.optional("max_connections", new WholeNumber(1, 1000), 10L,
                    "Size of the connection pool shared by every interface that uses this database.", "10"));

    /** One named certificate in resources.yaml: a pair (from files or PEM text) or a CA alone. */
    public static final Section CERTIFICATE_RESOURCE = Section.of(
            Setting.optional("cert_file", Text.any(), null,
                    "A pair's certificate chain, PEM, leaf first then its intermediates (a path relative to the project folder)."
                            + " Checked every minute: a renewed file is picked up by new connections without a restart.",
                    "certs/lab-listener.crt"),
            Setting.optional("key_file", Text.any(), null,
                    "The pair's private key, PEM (PKCS#8 BEGIN PRIVATE KEY, or BEGIN RSA PRIVATE KEY).", "certs/lab-listener.key"),
            Setting.optional("cert", Text.any(), null,
                    "The chain as PEM text instead of a file, usually a ${secret:NAME}.", "${secret:LAB_CERT}"),
            Setting.optional("key", Text.any(), null,
                    "The private key as PEM text instead of a file, usually a ${secret:NAME}.", "${secret:LAB_KEY}"),
            Setting.optional("ca_file", Text.any(), null,
                    "A CA alone: the certificates to trust, PEM (a path relative to the project folder).", "certs/hospital-ca.pem"),
            Setting.optional("ca", Text.any(), null, "A CA alone as PEM text instead of a file.", "${secret:PARTNER_CA}"));

    /** resources.yaml: named connections, so interface code and YAML never hold credentials. */
    public static final Section RESOURCES = Section.of(
            Setting.optional("databases", new NamedEntries("database", DATABASE_RESOURCE, false), null,
                    "Database connections by name; interface code opens them with db(\"name\").", ""),
            Setting.optional("certificates", new NamedEntries("certificate", CERTIFICATE_RESOURCE, false), null,
                    "Certificates by name (docs/security.md): a pair (cert_file + key_file, or cert + key as PEM text) that a"
                            + " listener presents (tls: NAME) or a connection shows as its client certificate, or a CA alone"
                            + " (ca_file or ca) that a listener checks client certificates against or a connection trusts."
                            + " Every entry is loaded and checked before anything starts.", ""));

    static final Section RETRY = Section.of(
            Setting.optionalWithNote("max_attempts", WholeNumber.atLeast(1), "retry forever",
                    "After this many failed attempts the message is quarantined for this destination. "
                            + "Without it a transient failure is retried forever (back-off 1 s doubling to 60 s), keeping the lane's order.",
                    "20"));

    static final ConnectorBlock SOURCE = new ConnectorBlock(Role.SOURCE, List.of(), Optional.of(BuiltInTypes.INTERNAL.name()));

    static final ConnectorBlock DESTINATION = new ConnectorBlock(Role.DESTINATION, List.of(
            Setting.optionalWithNote("transform", Text.functionName(), "transform when transform.js exports it, else none",
                    "The function exported by transform.js that this destination runs: (msg, meta) => result. none: the payload"
                            + " is delivered unchanged, byte for byte, whatever the code exports.", "toLab"),
            Setting.optionalWithNote("format", formatChoice(), "what the type takes (database: json), else the interface's format",
                    "The format this destination takes: what the transform's result is written as (an object or array as JSON,"
                            + " an array of objects as CSV for csv). A route's target interface must read this format.", "hl7"),
            Setting.optional("retry", RETRY, null, "What to do with transient failures.", "{ max_attempts: 20 }"),
            Setting.optional("save_output", new Flag(), false,
                    "Keep what the transform returned with the delivery, for the message browser and replay.", "true"),
            Setting.optional("monitor", AlertShapes.DESTINATION_MONITOR, null,
                    "This destination's own behind expectation, instead of the interface's.", "{ behind: { waiting: 100 } }")),
            Optional.empty());

    static final Section ORDERING = Section.of(
            Setting.optionalWithNote("key", Text.any(), "none: one lane",
                    "What keeps messages in order: for HL7 an HL7 path such as PID-3.1. Messages with the same key are "
                            + "delivered in the order received; different keys may overtake each other.", "PID-3.1"),
            Setting.optional("partitions", new WholeNumber(1, MAX_PARTITIONS), (long) DEFAULT_PARTITIONS,
                    "How many lanes the keys are hashed to (FNV-1a); a failing message blocks only its lane.", "8"));

    /** interfaces/&lt;name&gt;/interface.yaml: one interface. */
    public static final Section INTERFACE = Section.of(
            Setting.required("source", SOURCE,
                    "Where messages come from: type: and the connector's settings, or internal for an interface only routes fill.",
                    "{ type: mllp, listen: 127.0.0.1:6661 }"),
            Setting.required("format", formatChoice(), "How payloads are parsed for the transform.", "hl7"),
            Setting.optionalWithNote("charset", Text.charset(), "HL7: MSH-18, else UTF-8; other formats: UTF-8",
                    "The character set of received payloads. For HL7 it wins over MSH-18: set it for a sender whose "
                            + "MSH-18 is wrong or missing.", "ISO-8859-1"),
            Setting.optional("durability", Choice.of("strict", "relaxed"), "strict",
                    "strict: each message is on disk before it is acknowledged. relaxed: faster; a power cut can lose the "
                            + "last moments (a process crash still loses nothing).", "relaxed"),
            Setting.optional("ordering", ORDERING, null, "Per-key order and its lanes.", "{ key: PID-3.1, partitions: 8 }"),
            Setting.optional("timeout", Text.duration(), "5s",
                    "How long one call of the interface's code may run; past it the call is stopped and the message "
                            + "quarantined, and three in a row stop the interface.", "2s"),
            Setting.optionalWithNote("dedupe", Text.any(), "no dedupe",
                    "A path whose value identifies a message (HL7: such as MSH-10); a message whose value was seen before is "
                            + "stored as a duplicate and not delivered.", "MSH-10"),
            Setting.optionalWithNote("retention", new Choice(io.ductus.core.retention.Window.words()), "ductus.yaml's retention, else 7w",
                    "How long this interface keeps its messages: 1w, 3w or 7w (7, 21 or 49 days). Pending messages are never "
                            + "deleted by it. A longer window applies at once; a shorter one deletes, so it waits for ductus retention "
                            + "confirm.", "3w"),
            Setting.optional("quarantined", Choice.of("keep", "purge"), "keep",
                    "keep: quarantined messages stay past the window until resent or dismissed. purge: they go with the window.",
                    "purge"),
            Setting.optionalWithNote("owner", Text.any(), "nobody",
                    "Who answers for the interface: an email address (alert rules that notify owner mail it) or a name.",
                    "lab-team@example.org"),
            Setting.optional("monitor", AlertShapes.MONITOR, null,
                    "What should happen, judged into its health: messages at least every so often, something by a "
                            + "deadline, how far behind its destinations may fall.", "{ active_within: { every: 30m } }"),
            Setting.optionalWithNote("destinations", new NamedEntries("destination", DESTINATION, true),
                    "none: only for a source that answers requests itself (respond mode)",
                    "Where messages go, in this order, each with its own transform, retry and lanes. Only an interface whose"
                            + " source answers each request itself (such as http with respond: true) goes without.", ""));

    private ProjectShapes() {
    }

    static Choice formatChoice() {
        return new Choice(Format.words());
    }
}
