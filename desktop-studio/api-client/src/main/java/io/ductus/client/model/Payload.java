package io.ductus.client.model;

import java.nio.charset.Charset;

/** A payload or saved output as stored: its text, decoded with the charset the engine named. */
public record Payload(String text, Charset charset) {
}
