package io.ductus.sdk.files;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.records.Position;
import io.ductus.sdk.records.RecordFormatException;
import io.ductus.sdk.records.RecordSplitter;
import io.ductus.sdk.records.SplitRecord;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads one file, local or remote, into the intake: streamed through the {@link RecordSplitter} (one record
 * and a bounded buffer in memory), in batches of at most {@link Intake#MAX_BATCH} records (and about
 * {@link #MAX_BATCH_BYTES}), each committed with the file's {@link FileProgress}. The next batch is read
 * while the previous one commits and handed over behind it ({@link Intake#submitBatchAfter}), so the store
 * goes on to it at once, progress is saved in order, and a batch is stored only if the one before was. A
 * file read from its start is first checked through to its end, so a malformed one is refused whole, with
 * the line that is wrong, before any of its records is stored.
 */
public final class RecordIngest {

    public static final int MAX_BATCH_BYTES = 4 * 1024 * 1024;

    /** Opens the file from its first byte. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /** A file the source cannot take as it is (malformed, or too large to take whole): for its error folder. */
    public static final class RefusedFileException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedFileException(String reason, Throwable cause) {
            super(reason, cause);
        }
    }

    private final Intake intake;
    private final Optional<RecordSplitter.Kind> split;
    private final int maxRecord;
    private final long maxFileSize;
    private final BooleanSupplier stopping;
    private final Consumer<FileProgress> committed;

    /**
     * @param split       how records are cut; empty: the whole file is one message, up to {@code maxFileSize}
     * @param stopping    asked between batches: true ends the reading after the batch in flight committed
     * @param committed   told (on the reading thread) of each progress once its batch is committed
     */
    public RecordIngest(Intake intake, Optional<RecordSplitter.Kind> split, int maxRecord, long maxFileSize,
                        BooleanSupplier stopping, Consumer<FileProgress> committed) {
        this.intake = intake;
        this.split = split;
        this.maxRecord = maxRecord;
        this.maxFileSize = maxFileSize;
        this.stopping = stopping;
        this.committed = committed;
    }

    /**
     * Stores the file's records after {@code from}. Returns the progress reached: {@code done} when every
     * record is stored, otherwise the source is stopping and the rest waits for the next start.
     *
     * @throws RefusedFileException the file cannot be split or is too large (nothing of it was stored if it was read from its start)
     * @throws IOException          the file cannot be read (a remote connection dropped): the saved progress stands
     * @throws IntakeException      a batch could not be stored; the progress of the last stored batch stands
     */
    public FileProgress read(Opener file, FileProgress from) throws RefusedFileException, IOException, InterruptedException {
        if (from.done()) return from;
        if (split.isEmpty()) return whole(file, from);
        RecordSplitter.Kind kind = split.get();
        if (from.records() == 0 && !check(file, kind)) return from; // stopping: the check starts again next time
        CompletableFuture<FileProgress> inFlight = null;
        try (InputStream in = file.open()) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, from.position(), maxRecord);
            FileProgress read = from; // how far the batches read so far reach, stored or not
            FileProgress stored = from;
            SplitRecord next = splitter.next();
            if (next == null) return from.advance(from.position(), 0, true); // nothing in it to store
            while (next != null) {
                List<InboundMessage> batch = new ArrayList<>(Math.min(Intake.MAX_BATCH, 64));
                long bytes = 0;
                SplitRecord last = null;
                while (next != null && batch.size() < Intake.MAX_BATCH && bytes < MAX_BATCH_BYTES) {
                    batch.add(message(from.name(), next, read.records() + batch.size() + 1));
                    bytes += next.payload().length;
                    last = next;
                    next = splitter.next();
                }
                FileProgress after = read.advance(last.next(), batch.size(), next == null);
                if (stopping.getAsBoolean()) return inFlight == null ? stored : await(inFlight);
                Progress progress = new Progress(FileProgress.KEY, after.encode());
                CompletableFuture<FileProgress> submitted = (inFlight == null ? intake.submitBatch(batch, progress)
                        : intake.submitBatchAfter(inFlight, batch, progress)).thenApply(receipts -> after).toCompletableFuture();
                if (inFlight != null) {
                    try {
                        stored = await(inFlight);
                    } catch (IntakeException e) {
                        settle(submitted); // fails too, storing nothing: it was to follow this one
                        throw e;
                    }
                }
                inFlight = submitted;
                read = after;
            }
            return await(inFlight);
        } catch (RecordFormatException e) {
            settle(inFlight);
            throw new RefusedFileException(e.getMessage(), e);
        } catch (IOException e) {
            settle(inFlight);
            throw e;
        }
    }

    /** Lets the batch in flight finish before the file is given up, so nothing of it is stored after that. */
    private void settle(CompletableFuture<FileProgress> inFlight) throws InterruptedException {
        if (inFlight == null) return;
        try {
            await(inFlight);
        } catch (IntakeException e) {
            // the file is given up anyway; its saved progress stays where the last stored batch left it
        }
    }

    /** No split: the whole file is one message, up to the size limit. */
    private FileProgress whole(Opener file, FileProgress from) throws RefusedFileException, IOException, InterruptedException {
        if (from.size() > maxFileSize) throw tooLarge(from.size());
        byte[] payload;
        try (InputStream in = file.open()) {
            payload = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxFileSize + 1));
        }
        if (payload.length > maxFileSize) throw tooLarge(payload.length); // it grew since it was listed
        FileProgress after = from.advance(new Position(payload.length, 1), payload.length == 0 ? 0 : 1, true);
        if (payload.length == 0) return after; // an empty file holds no message
        return await(intake.submitBatch(List.of(InboundMessage.of(payload).withOrigin(Map.of("file", from.name(), "record", "1"))),
                new Progress(FileProgress.KEY, after.encode())).thenApply(receipts -> after).toCompletableFuture());
    }

    private RefusedFileException tooLarge(long size) {
        return new RefusedFileException("the file is " + size + " bytes; split: none takes files up to max_file_size ("
                + maxFileSize + " bytes)", null);
    }

    /**
     * Reads the file through once, storing nothing, so a malformed one is refused before any of it is
     * stored. False when the source is stopping meanwhile.
     */
    private boolean check(Opener file, RecordSplitter.Kind kind) throws RefusedFileException, IOException {
        try (InputStream in = file.open()) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, Position.START, maxRecord);
            for (long n = 1; splitter.next() != null; n++) {
                if (n % Intake.MAX_BATCH == 0 && stopping.getAsBoolean()) return false;
            }
            return true;
        } catch (RecordFormatException e) {
            throw new RefusedFileException(e.getMessage(), e);
        }
    }

    private static InboundMessage message(String name, SplitRecord record, long number) {
        return InboundMessage.of(record.payload()).withOrigin(Map.of("file", name, "record", Long.toString(number),
                "line", Long.toString(record.line())));
    }

    /** Waits for a batch; tells {@code committed} its progress, or rethrows the intake's failure. */
    private FileProgress await(CompletableFuture<FileProgress> batch) throws InterruptedException {
        try {
            FileProgress progress = batch.get();
            committed.accept(progress);
            return progress;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IntakeException failure) throw failure;
            throw new IntakeException("storing a batch failed: " + e.getCause(), e.getCause());
        }
    }
}
