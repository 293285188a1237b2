package io.ductus.connector.listener.tls;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The engine's certificates: every entry of resources.yaml, loaded and checked at once before anything listens
 * ({@link #install}: all or nothing, so a broken certificate changes nothing and every problem names its entry), then
 * handed to listeners ({@link #server}) and connections ({@link #client}) by name. File-backed entries are read again
 * every minute ({@link #checkFiles}): a changed pair that loads replaces the old one for new connections; one that
 * does not is logged once per distinct content and the old one stays. A DS service the engine and the connector
 * factories share; outside OSGi (tests) made with {@code new}.
 */
@Component(service = Certificates.class)
public final class Certificates {

    /** How often file-backed entries are read again. */
    public static final long CHECK_SECONDS = 60;
    /** How far ahead an expiry is warned about. */
    public static final java.time.Duration WARN_AHEAD = java.time.Duration.ofDays(30);

    /** One entry: what is in use now, and the contents that failed to load (each logged once). */
    static final class Held {
        final CertificateEntry entry;
        volatile LoadedCertificate current;
        final Set<String> failedHashes = new HashSet<>();

        Held(CertificateEntry entry, LoadedCertificate current) {
            this.entry = entry;
            this.current = current;
        }
    }

    /** A certificate the engine presents or checks, with its expiry (for /metrics and the API). */
    public record Expiry(String name, boolean pair, String subject, Instant notAfter) {
    }

    private volatile Map<String, Held> entries = Map.of();
    private volatile Consumer<String> info = line -> { };
    private volatile Consumer<String> warn = line -> { };
    private Clock clock = Clock.systemUTC();
    private ScheduledExecutorService checker;
    private java.util.concurrent.ExecutorService handshakes;
    /** Text entries written to a file for {@link #pemFile}. */
    private final Map<String, java.nio.file.Path> written = new java.util.HashMap<>();

    /**
     * Loads and checks every entry, replacing what was installed only when all of them load.
     *
     * @return every problem, each naming its entry (empty: installed)
     */
    public synchronized List<String> install(List<CertificateEntry> all, Clock clock, Consumer<String> info, Consumer<String> warn) {
        List<String> problems = new ArrayList<>();
        Map<String, Held> loaded = new LinkedHashMap<>();
        for (CertificateEntry entry : all) {
            try {
                loaded.put(entry.name(), new Held(entry, LoadedCertificate.load(entry, clock.instant())));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) return problems;
        this.clock = clock;
        this.info = info;
        this.warn = warn;
        this.entries = java.util.Collections.unmodifiableMap(loaded); // file order, as the messages name them
        for (Held held : loaded.values()) warnIfExpiringSoon(held.current);
        checkRenewals();
        return List.of();
    }

    /**
     * Loads and checks entries added to resources.yaml while the engine runs, beside those installed (which stay as they
     * are: their renewals come from their files); all or nothing, as at the start.
     *
     * @return every problem, each naming its entry (empty: added)
     */
    public synchronized List<String> add(List<CertificateEntry> added) {
        List<String> problems = new ArrayList<>();
        Map<String, Held> loaded = new LinkedHashMap<>(entries);
        for (CertificateEntry entry : added) {
            if (entries.containsKey(entry.name())) {
                problems.add("certificate '" + entry.name() + "' is installed already");
                continue;
            }
            try {
                loaded.put(entry.name(), new Held(entry, LoadedCertificate.load(entry, clock.instant())));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) return problems;
        this.entries = java.util.Collections.unmodifiableMap(loaded);
        for (CertificateEntry entry : added) warnIfExpiringSoon(loaded.get(entry.name()).current);
        checkRenewals();
        return List.of();
    }

    /** Starts the minute's check of the files once an entry is read from files. */
    private void checkRenewals() {
        if (checker == null && entries.values().stream().anyMatch(h -> h.entry.fromFiles())) {
            checker = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("ductus-certificates").factory());
            checker.scheduleWithFixedDelay(this::checkFiles, CHECK_SECONDS, CHECK_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** The names installed, in file order. */
    public java.util.Set<String> names() {
        return entries.keySet();
    }

    /** Checks the entries without installing them ({@code ductus validate}): every problem, each naming its entry. */
    public static List<String> check(List<CertificateEntry> all, Instant now) {
        List<String> problems = new ArrayList<>();
        for (CertificateEntry entry : all) {
            try {
                LoadedCertificate.load(entry, now);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /**
     * Reads every file-backed entry again; one whose contents changed is loaded and checked: it replaces the old one
     * (new connections get it), or is logged once per distinct content and the old one stays. Runs every minute.
     */
    public void checkFiles() {
        for (Held held : entries.values()) {
            if (!held.entry.fromFiles()) continue;
            String hash;
            try {
                hash = LoadedCertificate.hashOf(held.entry);
            } catch (IOException e) {
                logOnce(held, "unreadable:" + e.getMessage(), "certificate '" + held.entry.name() + "': cannot read " + e.getMessage()
                        + "; the one loaded before stays in use");
                continue;
            }
            if (hash.equals(held.current.hash())) continue;
            try {
                LoadedCertificate renewed = LoadedCertificate.load(held.entry, clock.instant());
                held.current = renewed;
                info.accept("certificate '" + held.entry.name() + "' renewed from its files: " + LoadedCertificate.describe(renewed.leaf())
                        + ", valid until " + renewed.notAfter() + "; new connections get it");
                warnIfExpiringSoon(renewed);
            } catch (IllegalArgumentException e) {
                logOnce(held, hash, e.getMessage() + "; the one loaded before stays in use");
            }
        }
    }

    private void logOnce(Held held, String key, String line) {
        synchronized (held.failedHashes) {
            if (held.failedHashes.add(key)) warn.accept(line);
        }
    }

    private void warnIfExpiringSoon(LoadedCertificate c) {
        if (c.notAfter().isBefore(clock.instant().plus(WARN_AHEAD))) {
            warn.accept("certificate '" + c.entry().name() + "' expires on " + c.notAfter() + ", within "
                    + WARN_AHEAD.toDays() + " days: renew it");
        }
    }

    /** The entry now in use by that name, or empty. */
    public Optional<LoadedCertificate> current(String name) {
        Held held = entries.get(name);
        return held == null ? Optional.empty() : Optional.of(held.current);
    }

    /** An entry that must be there and be a pair (or, with {@code pair} false, anything: a CA or a pair's chain). */
    Held require(String name, boolean pair, String setting) {
        Held held = entries.get(name);
        if (held == null) {
            throw new IllegalArgumentException(setting + ": no certificate '" + name + "' in resources.yaml"
                    + (entries.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", entries.keySet()) + ")"));
        }
        if (pair && !held.entry.pair()) {
            throw new IllegalArgumentException(setting + ": certificate '" + name + "' is a CA alone; a pair (cert_file + key_file) is needed");
        }
        return held;
    }

    /**
     * A listener's TLS: presents the pair {@code certificate}; with {@code clientCa}, asks for a client certificate issued
     * by it and matching {@code subjects}.
     *
     * @throws IllegalArgumentException naming the setting, when an entry is not there or of the wrong kind
     */
    public ServerTls server(String certificate, Optional<String> clientCa, SubjectPatterns subjects) {
        return new ServerTls(require(certificate, true, "tls"), clientCa.map(ca -> require(ca, false, "tls_client_ca")), subjects,
                handshakes());
    }

    /** The pool every listener's handshakes work on (signatures, certificate checks), off the event loops; made at first use. */
    synchronized java.util.concurrent.ExecutorService handshakes() {
        if (handshakes == null) {
            handshakes = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                    Thread.ofPlatform().daemon().name("ductus-tls-", 0).factory());
        }
        return handshakes;
    }

    /**
     * A connection's TLS: the system's trusted roots plus the named CA, the host name checked, and the pair as its client
     * certificate when named.
     */
    public ClientTls client(Optional<String> ca, Optional<String> certificate) {
        return new ClientTls(ca.map(n -> require(n, false, "tls_ca")), certificate.map(n -> require(n, true, "tls_certificate")));
    }

    /**
     * The PEM file of an entry's certificates, for a client that takes its CA as a file (the PostgreSQL driver's
     * {@code sslrootcert}): the entry's own file, so a renewal is read by the next connection; an entry of PEM text is
     * written once to a file of its own.
     *
     * @throws IllegalArgumentException naming {@code setting} when there is no entry by that name
     */
    public synchronized java.nio.file.Path pemFile(String name, String setting) {
        Held held = require(name, false, setting);
        if (held.entry.certFile().isPresent()) return held.entry.certFile().get();
        return written.computeIfAbsent(name, n -> {
            try {
                java.nio.file.Path file = java.nio.file.Files.createTempFile("ductus-" + n.replaceAll("[^A-Za-z0-9_-]", "_") + "-", ".pem");
                file.toFile().deleteOnExit();
                java.nio.file.Files.writeString(file, held.entry.certText().orElseThrow());
                return file;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("certificate '" + n + "': cannot write its PEM file: " + e.getMessage(), e);
            }
        });
    }

    /** Every certificate installed, with its expiry. */
    public List<Expiry> expiries() {
        List<Expiry> all = new ArrayList<>();
        for (Held held : entries.values()) {
            LoadedCertificate c = held.current;
            all.add(new Expiry(held.entry.name(), held.entry.pair(), LoadedCertificate.describe(c.leaf()), c.notAfter()));
        }
        return all;
    }

    /** Stops the renewal checks and the handshakes' pool: with the bundle, so no thread of it outlives a refresh. */
    @Deactivate
    public synchronized void close() {
        if (checker != null) checker.shutdownNow();
        checker = null;
        if (handshakes != null) handshakes.shutdownNow();
        handshakes = null;
    }
}
