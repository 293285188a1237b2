package io.ductus.studio.design;

/** A message to try the code on: where it came from (message 12, a file's name, pasted) and its text. */
public record Sample(String label, String payload) {
}
