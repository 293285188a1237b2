package io.ductus.sdk;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/** Where a source hands its messages. One per interface, implemented by the engine. */
@ProviderType
public interface Intake {

    /** The most records one {@link #submitBatch} call takes. */
    int MAX_BATCH = 500;

    /**
     * Stores the message (and its deliveries) durably, then completes with its receipt. Concurrent
     * submissions are committed together. Completes exceptionally with an {@link IntakeException} when
     * the message could not be stored: the sender must then get a retryable answer.
     */
    CompletionStage<Receipt> submit(InboundMessage message);

    /**
     * For sources that read records in order and must resume where they stopped (files, SFTP, database
     * readers): stores up to {@link #MAX_BATCH} records and the source's progress in one transaction, then
     * completes with one receipt per record, in order. Either every record and the progress are stored or
     * nothing is: on an {@link IntakeException} the saved progress is still the previous one, so the
     * source reads the same records again. Submit the next batch only after this one completed, so that
     * progress is saved in the order it was made, or hand this one's stage to {@link #submitBatchAfter}.
     *
     * @param records  1 to {@link #MAX_BATCH} records
     * @param progress how far the source has read once these records are stored
     * @throws IllegalArgumentException when the batch is empty or larger than {@link #MAX_BATCH}
     * @since 1.1
     */
    CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress progress);

    /**
     * Like {@link #submitBatch}, for a batch read while the one before it still commits: stores it only
     * after {@code previous} (the stage of the batch this source submitted just before) completed, and
     * only if that batch was stored. If it was not, this batch completes exceptionally with an
     * {@link IntakeException} without being stored, so the saved progress never passes records that were
     * not stored. A source that reads ahead this way keeps the store busy while it reads, instead of
     * reading while the store waits.
     *
     * @param previous the stage {@link #submitBatch} or this method returned for the batch before
     * @param records  1 to {@link #MAX_BATCH} records
     * @param progress how far the source has read once these records are stored
     * @throws IllegalArgumentException when the batch is empty or larger than {@link #MAX_BATCH}
     * @since 1.3
     */
    CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                    Progress progress);

    /**
     * The progress last saved under this key by {@link #submitBatch} for this interface, or empty when none
     * was saved. Blocks for a read of the store: call it from the source's own thread, not from
     * {@code start()}. Throws {@link IntakeException} when the store cannot be read (try again later).
     *
     * @since 1.1
     */
    Optional<String> savedProgress(String key);

    /**
     * Whether a message of this interface is still pending: stored, and not yet finished by every
     * destination (waiting, being sent, or waiting for a retry). For sources that must not pile up work
     * while earlier work is unfinished, such as a schedule that skips a run while the previous run's
     * message is still pending. Quarantined, sent and filtered messages are finished. Blocks for a read of
     * the store (an index lookup): call it from the source's own thread. Throws {@link IntakeException}
     * when the store cannot be read (try again later).
     *
     * @since 1.1
     */
    boolean hasPendingMessages();
}
