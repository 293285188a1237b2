package io.ductus.connector.schedule;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The payload each run stores: the {@code message} setting with {@code {scheduledAt}} (the time the run
 * stands for) and {@code {firedAt}} (when it was made) replaced by ISO-8601 UTC times. Only those two
 * placeholders are touched, so JSON braces in the text stay as written.
 */
final class RunMessage {

    /** The default message: a JSON object with both times. */
    static final String DEFAULT_TEMPLATE = "{\"scheduledAt\":\"{scheduledAt}\",\"firedAt\":\"{firedAt}\"}";

    private RunMessage() {
    }

    /** The UTF-8 bytes of the template with the run's times filled in. */
    static byte[] render(String template, Instant scheduledAt, Instant firedAt) {
        return template.replace("{scheduledAt}", scheduledAt.toString()).replace("{firedAt}", firedAt.toString())
                .getBytes(StandardCharsets.UTF_8);
    }
}
