package io.ductus.core.alert;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where notices go: email to addresses through the alerts' SMTP server, or a webhook that gets a JSON
 * document in one of the formats.
 *
 * @param to     email addresses (email)
 * @param url    where to POST (webhook); may hold a {@code ${secret:NAME}} the runtime resolves
 * @param tlsCa          a CA of resources.yaml trusted beside the system's roots for an https:// url, or null
 * @param tlsCertificate a certificate pair of resources.yaml shown as the client certificate, or null
 */
public record Channel(String name, Type type, List<String> to, String url, Format format, String tlsCa, String tlsCertificate) {

    /** A channel with the system's roots and no client certificate. */
    public Channel(String name, Type type, List<String> to, String url, Format format) {
        this(name, type, to, url, format, null, null);
    }

    public enum Type {
        EMAIL, WEBHOOK;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The JSON a webhook gets: Ductus's own document, a Slack incoming webhook's, or a Teams workflow's (an Adaptive Card). */
    public enum Format {
        JSON, SLACK, TEAMS;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The pseudo channel of an owner's mail: {@code owner:ADDRESS}. */
    public static final String OWNER_PREFIX = "owner:";

    public Channel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        to = List.copyOf(to);
    }

    public static Channel ownerMail(String address) {
        return new Channel(OWNER_PREFIX + address, Type.EMAIL, List.of(address), null, null);
    }
}
