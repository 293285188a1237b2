package io.ductus.core.alert;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * ductus.yaml's {@code alerts:}, checked: the mail server, channels by name, rules in file order, and the
 * shaping that applies to all of them.
 *
 * @param group      how long the first notice of a channel waits for others to join it
 * @param settle     how long a target must be good again before it counts as recovered
 * @param checkEvery how often every target is judged
 * @param keepDays   how long history and sent notifications are kept
 */
public record AlertSettings(Optional<SmtpServer> smtp, Map<String, Channel> channels, List<AlertRule> rules, Duration group,
                            Duration settle, Optional<QuietHours> quietHours, Duration checkEvery, int keepDays) {

    public static final Duration DEFAULT_GROUP = Duration.ofSeconds(30);
    public static final Duration DEFAULT_SETTLE = Duration.ofMinutes(2);
    public static final Duration DEFAULT_CHECK_EVERY = Duration.ofSeconds(15);
    public static final Duration DEFAULT_HOLD = Duration.ofMinutes(1);
    public static final int DEFAULT_KEEP_DAYS = 365;

    /** No alerts section: health is still judged (API, events, metrics), nobody is told. */
    public static final AlertSettings NONE = new AlertSettings(Optional.empty(), Map.of(), List.of(), DEFAULT_GROUP,
            DEFAULT_SETTLE, Optional.empty(), DEFAULT_CHECK_EVERY, DEFAULT_KEEP_DAYS);

    public AlertSettings {
        Objects.requireNonNull(smtp, "smtp");
        channels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(channels));
        rules = List.copyOf(rules);
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(settle, "settle");
        Objects.requireNonNull(quietHours, "quietHours");
        Objects.requireNonNull(checkEvery, "checkEvery");
    }

    /** The first rule that covers the observation, as it applies to it; empty when it is good or none does. */
    public Optional<Policy> policyFor(Observation o) {
        if (o.good()) return Optional.empty();
        return rules.stream().filter(r -> r.covers(o)).findFirst().map(r -> r.policyFor(o));
    }

    /** A channel by name, including an owner's mail ({@code owner:ADDRESS}). */
    public Optional<Channel> channel(String name) {
        if (name.startsWith(Channel.OWNER_PREFIX)) return Optional.of(Channel.ownerMail(name.substring(Channel.OWNER_PREFIX.length())));
        return Optional.ofNullable(channels.get(name));
    }

    /**
     * The SMTP server of the alerts.
     *
     * @param security {@code starttls} (upgrade on the plain port, required), {@code tls} (TLS from the first byte) or {@code none}
     * @param password a {@code ${secret:NAME}} reference, or null
     * @param tlsCa          a CA of resources.yaml trusted beside the system's roots, or null
     * @param tlsCertificate a certificate pair of resources.yaml shown as the client certificate, or null
     */
    public record SmtpServer(String host, int port, String security, String user, String password, String from, String tlsCa,
                             String tlsCertificate) {

        /** A server checked against the system's roots, without a client certificate. */
        public SmtpServer(String host, int port, String security, String user, String password, String from) {
            this(host, port, security, user, password, from, null, null);
        }

        public SmtpServer {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(security, "security");
            Objects.requireNonNull(from, "from");
        }
    }
}
