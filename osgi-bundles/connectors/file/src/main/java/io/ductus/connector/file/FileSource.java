package io.ductus.connector.file;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Source;
import io.ductus.sdk.files.FileFingerprint;
import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.files.IngestReport;
import io.ductus.sdk.files.ListedFile;
import io.ductus.sdk.files.PollLoop;
import io.ductus.sdk.files.Readiness;
import io.ductus.sdk.files.RecordIngest.RefusedFileException;
import io.ductus.sdk.files.RecordIngest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/**
 * Polls a folder and reads each ready file into the intake, one file at a time, oldest first
 * ({@link Readiness}). A file is moved to the done folder (or deleted) only after its last batch is
 * stored: that is the file source's acknowledgement. A file that cannot be read goes to the error folder
 * with a note and the rest keeps running; when storing fails, the poll stops there, so later files wait
 * and order is kept, and the next poll goes on from the saved progress.
 */
final class FileSource implements Source {

    private final FileSourceSettings settings;
    private final ConnectorContext context;
    private final Readiness readiness;
    private final PollLoop loop;
    private Intake intake;
    private RecordIngest ingest;
    // used only by the polling thread:
    private Map<String, ListedFile> previous = Map.of();
    private final Map<String, ListedFile> refused = new HashMap<>(); // could not even be moved to the error folder
    private FileProgress current; // the file being read (or read but not yet taken away), as last stored
    private boolean progressLoaded;

    FileSource(FileSourceSettings settings, ConnectorContext context) {
        this.settings = settings;
        this.context = context;
        this.readiness = new Readiness(settings.include(), settings.readyMarker());
        this.loop = new PollLoop(settings.folder().toString(), settings.poll(), context);
    }

    @Override
    public void start(Intake intake) throws ConnectorException {
        try {
            Files.createDirectories(settings.folder());
        } catch (IOException e) {
            throw new ConnectorException("cannot create the folder " + settings.folder() + ": " + e.getMessage(), e);
        }
        this.intake = intake;
        IngestReport shown = new IngestReport(context, loop::report);
        this.ingest = new RecordIngest(intake, settings.split().kind(), settings.maxRecord(), settings.maxFileSize(), loop::stopping,
                progress -> {
                    current = progress;
                    shown.accept(progress);
                });
        context.log().info("watching " + settings.folder() + " every " + settings.poll().toMillis() + " ms");
        loop.start("file-source", this::poll, () -> { });
    }

    @Override
    public CompletionStage<Void> stop() {
        return loop.stop();
    }

    /** One listing of the folder, and every ready file read in order until one cannot be stored. */
    private void poll() throws InterruptedException {
        if (!loadProgress()) return;
        List<ListedFile> listing;
        try {
            listing = list();
        } catch (IOException e) {
            report(ConnectorStatus.FAILED, "cannot list " + settings.folder() + ": " + e.getMessage());
            return;
        }
        Map<String, ListedFile> now = new HashMap<>();
        for (ListedFile f : listing) now.put(f.name(), f);
        List<ListedFile> ready = readiness.ready(listing, previous, current == null ? null : current.file());
        previous = now;
        for (ListedFile file : ready) {
            if (loop.stopping()) return;
            if (file.unchangedSince(refused.get(file.name()))) continue;
            if (!take(file)) return;
        }
        if (!loop.lastReported(ConnectorStatus.DEGRADED)) report(ConnectorStatus.OK, "");
    }

    /** Reads the saved progress once, at the first poll (not in start(): it reads the store). */
    private boolean loadProgress() {
        if (!progressLoaded) progressLoaded = loop.loadProgress(intake, saved -> current = saved.orElse(null));
        return progressLoaded;
    }

    /** Reads one file and takes it away; false when the poll must stop here (storing or moving failed, or stopping). */
    private boolean take(ListedFile file) throws InterruptedException {
        Path path = settings.folder().resolve(file.name());
        FileProgress from;
        try {
            String fingerprint = FileFingerprint.of(path);
            from = current != null && current.sameFile(file, fingerprint) ? current : FileProgress.start(file, fingerprint);
            if (from.records() > 0 && !from.done()) {
                context.log().info(file.name() + ": resuming after record " + from.records() + " (byte " + from.offset() + ")");
            }
            FileProgress reached = ingest.read(() -> Files.newInputStream(path), from);
            if (!reached.done()) return false; // stopping: the rest is read at the next start
            current = reached;
            finish(path, reached);
            current = null; // taken away: a new file of the same name is a new file
            return true;
        } catch (NoSuchFileException gone) {
            return true; // taken away by someone else meanwhile
        } catch (IOException | RefusedFileException e) {
            refuse(path, file, e.getMessage());
            return true;
        } catch (IntakeException e) {
            report(ConnectorStatus.DEGRADED, file.name() + ": storing failed, retrying at the next poll: " + e.getMessage());
            return false;
        } catch (FinishException e) {
            report(ConnectorStatus.FAILED, e.getMessage());
            return false;
        }
    }

    /** Moves or deletes a file whose records are all stored, with its marker. */
    private void finish(Path path, FileProgress progress) throws FinishException {
        try {
            if (settings.delete()) {
                Files.deleteIfExists(path);
                context.log().info(progress.name() + ": " + progress.records() + " record(s) stored, file deleted");
            } else {
                Path moved = FileMover.moveInto(path, settings.doneFolder());
                context.log().info(progress.name() + ": " + progress.records() + " record(s) stored, moved to " + moved);
            }
        } catch (IOException e) {
            // Its progress says done, so it is not read again; but later files wait, or that progress would be replaced.
            throw new FinishException(progress.name() + ": every record is stored but the file cannot be "
                    + (settings.delete() ? "deleted" : "moved to " + settings.doneFolder()) + ": " + e.getMessage());
        }
        deleteMarker(path);
        if (loop.lastReported(ConnectorStatus.DEGRADED) || loop.lastReported(ConnectorStatus.FAILED)) report(ConnectorStatus.OK, "");
    }

    private void refuse(Path path, ListedFile file, String reason) {
        String why = file.name() + ": " + reason;
        try {
            Path moved = FileMover.refuse(path, settings.errorFolder(), why);
            context.log().warn(why + "; moved to " + moved);
            deleteMarker(path);
            report(ConnectorStatus.DEGRADED, why + " (moved to " + settings.errorFolder() + ")");
        } catch (IOException e) {
            refused.put(file.name(), file); // not tried again until it changes
            context.log().error(why + "; and it cannot be moved to " + settings.errorFolder() + ", left in place", e);
            report(ConnectorStatus.DEGRADED, why + " (left in place: " + e.getMessage() + ")");
        }
    }

    private void deleteMarker(Path path) {
        if (settings.readyMarker().isEmpty()) return;
        Path marker = path.resolveSibling(path.getFileName() + settings.readyMarker().get());
        try {
            Files.deleteIfExists(marker);
        } catch (IOException e) {
            context.log().warn("cannot delete the marker " + marker + ": " + e.getMessage());
        }
    }

    private List<ListedFile> list() throws IOException {
        List<ListedFile> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(settings.folder())) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    if (a.isRegularFile()) files.add(new ListedFile(p.getFileName().toString(), a.size(), a.lastModifiedTime().toMillis()));
                } catch (NoSuchFileException gone) {
                    // went away between listing and looking
                }
            }
        }
        return files;
    }

    private void report(ConnectorStatus status, String detail) {
        loop.report(status, detail);
    }

    /** A file's records are stored but it could not be taken out of the folder. */
    private static final class FinishException extends Exception {
        private static final long serialVersionUID = 1L;

        FinishException(String message) {
            super(message);
        }
    }
}
