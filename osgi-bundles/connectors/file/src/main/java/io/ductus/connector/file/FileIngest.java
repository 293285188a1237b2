package io.ductus.connector.file;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.records.Position;
import io.ductus.sdk.records.RecordFormatException;
import io.ductus.sdk.records.RecordSplitter;
import io.ductus.sdk.records.SplitRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads one file into the intake: records in batches of at most {@link Intake#MAX_BATCH} (and about
 * {@link #MAX_BATCH_BYTES}), each committed with the file's progress. The next batch is read while the
 * previous one commits, but submitted only after it committed, so progress is saved in order. A file read
 * from its start is first checked through to its end, so a malformed file is refused whole with the line
 * that is wrong, before any of its records is stored.
 */
final class FileIngest {

    static final int MAX_BATCH_BYTES = 4 * 1024 * 1024;

    private final Intake intake;
    private final FileSourceSettings settings;
    private final BooleanSupplier stopping;
    private final Consumer<FileProgress> committed;

    /**
     * @param stopping  asked between batches: true ends the reading after the batch in flight committed
     * @param committed told (on the reading thread) of each progress once its batch is committed
     */
    FileIngest(Intake intake, FileSourceSettings settings, BooleanSupplier stopping, Consumer<FileProgress> committed) {
        this.intake = intake;
        this.settings = settings;
        this.stopping = stopping;
        this.committed = committed;
    }

    /**
     * Stores the file's records after {@code from}. Returns the progress reached: {@code done} when every
     * record is stored, otherwise the source is stopping and the rest waits for the next start.
     *
     * @throws BadFileException  the file cannot be read or split (nothing of it was stored if it was read from its start)
     * @throws IntakeException   a batch could not be stored; the progress of the last stored batch stands
     */
    FileProgress read(Path path, FileProgress from) throws BadFileException, InterruptedException {
        if (from.done()) return from;
        if (settings.split() == FileSourceSettings.Split.NONE) return whole(path, from);
        RecordSplitter.Kind kind = settings.split().kind().orElseThrow();
        if (from.records() == 0 && !check(path, kind)) return from; // stopping: the check starts again next time
        CompletableFuture<FileProgress> inFlight = null;
        try (InputStream in = Files.newInputStream(path)) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, from.position(), settings.maxRecord());
            FileProgress read = from; // how far the batches read so far reach, stored or not
            FileProgress stored = from;
            SplitRecord next = splitter.next();
            if (next == null) return from.advance(from.position(), 0, true); // nothing in it to store
            while (next != null) {
                List<InboundMessage> batch = new ArrayList<>(Math.min(Intake.MAX_BATCH, 64));
                long bytes = 0;
                SplitRecord last = null;
                while (next != null && batch.size() < Intake.MAX_BATCH && bytes < MAX_BATCH_BYTES) {
                    batch.add(message(path, next, read.records() + batch.size() + 1));
                    bytes += next.payload().length;
                    last = next;
                    next = splitter.next();
                }
                FileProgress after = read.advance(last.next(), batch.size(), next == null);
                if (inFlight != null) stored = await(inFlight);
                if (stopping.getAsBoolean()) return stored;
                inFlight = intake.submitBatch(batch, new Progress(FileProgress.KEY, after.encode()))
                        .thenApply(receipts -> after).toCompletableFuture();
                read = after;
            }
            return await(inFlight);
        } catch (RecordFormatException e) {
            settle(inFlight);
            throw new BadFileException(e.getMessage(), e);
        } catch (IOException e) {
            settle(inFlight);
            throw new BadFileException("cannot read the file: " + e, e);
        }
    }

    /** Lets the batch in flight finish before the file is given up, so nothing of it is stored after the file moved. */
    private void settle(CompletableFuture<FileProgress> inFlight) throws InterruptedException {
        if (inFlight == null) return;
        try {
            await(inFlight);
        } catch (IntakeException e) {
            // the file goes to the error folder anyway; its saved progress stays where the last stored batch left it
        }
    }

    /** {@code split: none}: the whole file is one message, up to the size limit. */
    private FileProgress whole(Path path, FileProgress from) throws BadFileException, InterruptedException {
        if (from.size() > settings.maxFileSize()) {
            throw new BadFileException("the file is " + from.size() + " bytes; split: none takes files up to max_file_size ("
                    + settings.maxFileSize() + " bytes)");
        }
        byte[] payload;
        try {
            payload = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new BadFileException("cannot read the file: " + e, e);
        }
        FileProgress after = from.advance(new Position(payload.length, 1), payload.length == 0 ? 0 : 1, true);
        if (payload.length == 0) return after; // an empty file holds no message
        return await(intake.submitBatch(List.of(InboundMessage.of(payload).withOrigin(Map.of("file", from.name(), "record", "1"))),
                new Progress(FileProgress.KEY, after.encode())).thenApply(receipts -> after).toCompletableFuture());
    }

    /**
     * Reads the file through once, storing nothing, so a malformed one is refused before any of it is
     * stored. False when the source is stopping meanwhile.
     */
    private boolean check(Path path, RecordSplitter.Kind kind) throws BadFileException {
        try (InputStream in = Files.newInputStream(path)) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, Position.START, settings.maxRecord());
            for (long n = 1; splitter.next() != null; n++) {
                if (n % Intake.MAX_BATCH == 0 && stopping.getAsBoolean()) return false;
            }
            return true;
        } catch (RecordFormatException e) {
            throw new BadFileException(e.getMessage(), e);
        } catch (IOException e) {
            throw new BadFileException("cannot read the file: " + e, e);
        }
    }

    private static InboundMessage message(Path path, SplitRecord record, long number) {
        return InboundMessage.of(record.payload()).withOrigin(Map.of("file", path.getFileName().toString(),
                "record", Long.toString(number), "line", Long.toString(record.line())));
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
