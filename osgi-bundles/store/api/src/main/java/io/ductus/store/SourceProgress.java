package io.ductus.store;

import java.util.Objects;

/** What a batched source (files, SFTP) has consumed, saved in the same transaction as the batch's messages. */
public record SourceProgress(String key, String value) {

    public SourceProgress {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }
}
