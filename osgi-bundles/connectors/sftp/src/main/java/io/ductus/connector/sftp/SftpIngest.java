package io.ductus.connector.sftp;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;

/**
 * Reads one remote file into the intake as the file source reads a local one: streamed through the SDK's
 * record splitter (one record and a bounded buffer in memory), in batches of at most
 * {@link Intake#MAX_BATCH} records (and about {@link #MAX_BATCH_BYTES}), each committed with the file's
 * progress; the next batch is submitted only after the previous one committed. A file read from its
 * start is first checked through to its end, so a malformed one is refused whole before any of it is
 * stored. An {@link IOException} (the connection dropped) is the caller's: the saved progress stands and
 * the next poll goes on from there.
 */
final class SftpIngest {

    static final int MAX_BATCH_BYTES = 4 * 1024 * 1024;

    /** Opens the remote file from its first byte. */
    interface Opener {
        InputStream open() throws IOException;
    }

    private final Intake intake;
    private final SourceSettings settings;
    private final BooleanSupplier stopping;

    SftpIngest(Intake intake, SourceSettings settings, BooleanSupplier stopping) {
        this.intake = intake;
        this.settings = settings;
        this.stopping = stopping;
    }

    /**
     * Stores the file's records after {@code from}; returns the progress stored last ({@code done} once
     * every record is stored; otherwise the source is stopping).
     */
    FileProgress read(Opener file, FileProgress from) throws BadFileException, IOException, InterruptedException {
        if (from.done()) return from;
        if (settings.split().isEmpty()) return whole(file, from);
        RecordSplitter.Kind kind = settings.split().get();
        if (from.records() == 0) check(file, kind);
        CompletableFuture<FileProgress> inFlight = null;
        try (InputStream in = file.open()) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, from.position(), settings.maxRecord());
            FileProgress read = from;
            FileProgress stored = from;
            SplitRecord next = splitter.next();
            if (next == null) return from.advance(from.position(), 0, true);
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
            throw e;
        }
    }

    /** Lets the batch in flight finish, so nothing of the file is stored after the source gave it up. */
    private void settle(CompletableFuture<FileProgress> inFlight) throws InterruptedException {
        if (inFlight == null) return;
        try {
            await(inFlight);
        } catch (IntakeException e) {
            // the saved progress stays where the last stored batch left it
        }
    }

    /** {@code split: none}: the whole file is one message, up to the size limit. */
    private FileProgress whole(Opener file, FileProgress from) throws BadFileException, IOException, InterruptedException {
        if (from.size() > settings.maxFileSize()) {
            throw new BadFileException("the file is " + from.size() + " bytes; split: none takes files up to max_file_size ("
                    + settings.maxFileSize() + " bytes)", null);
        }
        byte[] payload;
        try (InputStream in = file.open()) {
            payload = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, settings.maxFileSize() + 1));
        }
        FileProgress after = from.advance(new Position(payload.length, 1), payload.length == 0 ? 0 : 1, true);
        if (payload.length == 0) return after;
        return await(intake.submitBatch(List.of(InboundMessage.of(payload).withOrigin(Map.of("file", from.name(), "record", "1"))),
                new Progress(FileProgress.KEY, after.encode())).thenApply(receipts -> after).toCompletableFuture());
    }

    /** Reads the file through once, storing nothing, so a malformed one is refused before any of it is stored. */
    private void check(Opener file, RecordSplitter.Kind kind) throws BadFileException, IOException {
        try (InputStream in = file.open()) {
            RecordSplitter splitter = RecordSplitter.open(kind, in, Position.START, settings.maxRecord());
            while (splitter.next() != null) {
                // only looking for the first problem
            }
        } catch (RecordFormatException e) {
            throw new BadFileException(e.getMessage(), e);
        }
    }

    private static InboundMessage message(String name, SplitRecord record, long number) {
        return InboundMessage.of(record.payload()).withOrigin(Map.of("file", name, "record", Long.toString(number),
                "line", Long.toString(record.line())));
    }

    private static FileProgress await(CompletableFuture<FileProgress> batch) throws InterruptedException {
        try {
            return batch.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IntakeException failure) throw failure;
            throw new IntakeException("storing a batch failed: " + e.getCause(), e.getCause());
        }
    }
}
