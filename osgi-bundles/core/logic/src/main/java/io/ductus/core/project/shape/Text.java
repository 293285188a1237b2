package io.ductus.core.project.shape;

import io.ductus.core.alert.Addresses;
import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.time.CronSchedule;
import io.ductus.core.time.DaySet;
import io.ductus.core.time.Deadline;
import io.ductus.core.time.LocalWindow;
import io.ductus.format.hl7.Hl7Path;
import io.ductus.sdk.config.DurationText;
import io.ductus.sdk.config.HostPort;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A text value with a rule. Each kind of text has one checker, so the validator, the JSON Schema and the
 * documentation agree on what is accepted.
 *
 * @param kind        a short name for the kind of text, used by the schema generator ({@code host-port})
 * @param expected    what a good value looks like, in words
 * @param jsonPattern a regular expression for JSON Schema editors, or empty when only the checker can tell
 * @param check       returns what is wrong with a value, or empty when it is fine
 */
public record Text(String kind, String expected, String jsonPattern, Function<String, Optional<String>> check)
        implements Shape {

    /** {@code ${secret:NAME}}: the only way credentials may appear in YAML. */
    public static final Pattern SECRET_REFERENCE = Pattern.compile("\\$\\{secret:([A-Za-z0-9_.-]+)}");

    public Text {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expected, "expected");
        jsonPattern = Objects.requireNonNullElse(jsonPattern, "");
        Objects.requireNonNull(check, "check");
    }

    /** Any text that is not blank. */
    public static Text any() {
        return new Text("text", "a text", "", s -> Optional.empty());
    }

    public static Text hostPort() {
        return parsedBy("host-port", "host:port, such as 127.0.0.1:7700", HostPort::parse);
    }

    public static Text duration() {
        return new Text("duration", DurationText.EXPECTED, "^[0-9]{1,9}\\s*(ms|s|m|h)$", failureOf(DurationText::parse));
    }

    /** Whole years, {@code 6y}: how long audit rows are kept. */
    public static Text years() {
        return new Text("years", io.ductus.core.retention.KeepYears.EXPECTED, "^\\s*[0-9]{1,3}\\s*y\\s*$",
                failureOf(io.ductus.core.retention.KeepYears::parse));
    }

    public static Text database() {
        return parsedBy("database", DatabaseSetting.EXPECTED, DatabaseSetting::parse);
    }

    public static Text hl7Path() {
        return new Text("hl7-path", Hl7Path.EXPECTED,
                "^[A-Z][A-Z0-9]{2}(\\[[1-9][0-9]{0,3}\\])?-[1-9][0-9]{0,2}(\\([1-9][0-9]{0,3}\\))?(\\.[1-9][0-9]{0,2}(\\.[1-9][0-9]{0,2})?)?$",
                failureOf(Hl7Path::parse));
    }

    /** The name of a function that transform.js exports. */
    public static Text functionName() {
        Pattern identifier = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
        return new Text("function-name", "the name of a function exported by transform.js, or none", "^" + identifier.pattern() + "$",
                s -> identifier.matcher(s).matches() ? Optional.empty()
                        : Optional.of("expected the name of an exported JavaScript function, got '" + s + "'"));
    }

    public static Text charset() {
        return new Text("charset", "a character set name such as UTF-8 or ISO-8859-1", "", s -> {
            try {
                return Charset.isSupported(s) ? Optional.empty() : Optional.of("unknown character set '" + s + "'; use a name such as UTF-8 or ISO-8859-1");
            } catch (IllegalCharsetNameException e) {
                return Optional.of("'" + s + "' is not a character set name; use a name such as UTF-8 or ISO-8859-1");
            }
        });
    }

    /** {@code ${secret:NAME}}, never the credential itself (invariant 6). */
    public static Text secretReference() {
        return new Text("secret", "${secret:NAME}", "^" + SECRET_REFERENCE.pattern() + "$",
                s -> SECRET_REFERENCE.matcher(s).matches() ? Optional.empty()
                        : Optional.of("credentials are never written inline: write ${secret:NAME} and keep the value in secrets/<env>.json"));
    }

    /** A connection URL that carries no password ({@code user:password@host} is refused). */
    public static Text urlWithoutPassword() {
        Pattern inlinePassword = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.:-]*://[^/@:]*:[^/@]*@.*");
        return new Text("url", "a connection URL such as postgresql://db.example.org:5432/patients (no password in it)",
                "", s -> inlinePassword.matcher(s).matches() && !SECRET_REFERENCE.matcher(s).find()
                        ? Optional.of("the URL holds a password: take it out and write password: ${secret:NAME}")
                        : Optional.empty());
    }

    /** A local time of day, {@code 06:30}. */
    public static Text localTime() {
        return new Text("local-time", "a time of day such as 06:30", "^[0-9]{1,2}:[0-9]{2}$",
                failureOf(t -> LocalWindow.time(t, t)));
    }

    /** Hours of a day, {@code 07:00-19:00}, across midnight when the end is not after the start. */
    public static Text hours() {
        return new Text("hours", LocalWindow.EXPECTED_HOURS, "^[0-9]{1,2}:[0-9]{2}\\s*-\\s*[0-9]{1,2}:[0-9]{2}$",
                failureOf(t -> LocalWindow.parse(t, DaySet.EVERY_DAY)));
    }

    /** Days of the week, {@code mon-fri}. */
    public static Text days() {
        return parsedBy("days", DaySet.EXPECTED, DaySet::parse);
    }

    /** A day and a time, {@code mon 06:30}. */
    public static Text weekly() {
        return parsedBy("weekly", "a day and a time such as mon 06:30", Deadline.Weekly::parse);
    }

    /** Five cron fields, {@code 30 6 * * mon-fri}. */
    public static Text cron() {
        return parsedBy("cron", CronSchedule.EXPECTED, CronSchedule::parse);
    }

    /** A time zone of the tz database, {@code Europe/Berlin}. */
    public static Text timeZone() {
        return new Text("time-zone", "a time zone such as Europe/Berlin or UTC", "", s -> {
            try {
                ZoneId.of(s.strip());
                return Optional.empty();
            } catch (DateTimeException e) {
                return Optional.of("unknown time zone '" + s + "'; use a name of the tz database such as Europe/Berlin or UTC");
            }
        });
    }

    /** An email address. */
    public static Text emailAddress() {
        return new Text("email", Addresses.EXPECTED, "",
                s -> Addresses.valid(s) ? Optional.empty()
                        : Optional.of("expected " + Addresses.EXPECTED + ", got '" + s + "'"));
    }

    /** An http(s) URL to POST to, or one that holds a {@code ${secret:NAME}} (a Slack webhook's URL is a credential). */
    public static Text webhookUrl() {
        Pattern url = Pattern.compile("^https?://[^\\s/]+.*$");
        return new Text("webhook-url", "an http:// or https:// URL, or ${secret:NAME} for one that is a credential", "",
                s -> url.matcher(s.strip()).matches() || SECRET_REFERENCE.matcher(s).find() ? Optional.empty()
                        : Optional.of("expected an http:// or https:// URL (or ${secret:NAME}), got '" + s + "'"));
    }

    private static Text parsedBy(String kind, String expected, Function<String, ?> parser) {
        return new Text(kind, expected, "", failureOf(parser));
    }

    private static Function<String, Optional<String>> failureOf(Function<String, ?> parser) {
        return s -> {
            try {
                parser.apply(s);
                return Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.of(e.getMessage());
            }
        };
    }
}
