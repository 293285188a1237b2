package io.ductus.connector.sftp;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Source;
import io.ductus.sdk.files.FileFingerprint;
import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.files.IngestReport;
import io.ductus.sdk.files.ListedFile;
import io.ductus.sdk.files.PollLoop;
import io.ductus.sdk.files.RecordIngest.RefusedFileException;
import io.ductus.sdk.files.RecordIngest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Polls a remote folder over SFTP and reads each ready file into the intake, one at a time, oldest first,
 * with the file source's rules ({@link io.ductus.sdk.files.Readiness}, {@link FileProgress}): records in
 * batches committed with the file's progress, resumed from the saved offset when the remote file is
 * unchanged, and the remote file moved to the done folder (or deleted) only after its last batch
 * committed. A file that cannot be split goes to the error folder with a note. When the server cannot be
 * reached or storing fails, the status turns degraded, nothing is moved, and the next poll goes on from
 * the saved progress. The session is kept from poll to poll (a login per poll would cost the partner's
 * server a login a minute, and fill its log); a session that broke is opened again.
 */
final class SftpSource implements Source {

    private final SourceSettings settings;
    private final SftpConnection connection;
    private final ConnectorContext context;
    private final PollLoop loop;
    private Intake intake;
    private RecordIngest ingest;
    // used only by the polling thread:
    private Map<String, ListedFile> previous = Map.of();
    private FileProgress current; // the file being read (or read but not yet taken away), as last stored
    private boolean progressLoaded;
    private String refusal; // the last file refused, shown until a file is read well
    private SftpClient session; // kept between polls; null when closed
    private boolean sweptErrorFolder; // this session removed what an earlier one left in the error folder

    SftpSource(SourceSettings settings, SftpConnection connection, ConnectorContext context) {
        this.settings = settings;
        this.connection = connection;
        this.context = context;
        this.loop = new PollLoop(settings.folder(), settings.poll(), context);
    }

    @Override
    public void start(Intake intake) {
        this.intake = intake;
        this.ingest = new RecordIngest(intake, settings.split(), settings.maxRecord(), settings.maxFileSize(), loop::stopping,
                new IngestReport(context, loop::report));
        context.log().info("polling sftp folder " + settings.folder() + " every " + settings.poll().toMillis() + " ms");
        loop.start("sftp-source", this::poll, () -> {
            closeSession();
            connection.close();
        });
    }

    @Override
    public CompletionStage<Void> stop() {
        return loop.stop();
    }

    /** The kept session, opened (again) when there is none or it broke. */
    private SftpClient session() throws IOException {
        if (session != null && session.isOpen() && session.getClientSession().isOpen()) return session;
        closeSession();
        session = connection.open();
        sweptErrorFolder = false;
        return session;
    }

    private void closeSession() {
        if (session == null) return;
        try {
            session.close();
        } catch (IOException e) {
            // it is broken already
        }
        session = null;
    }

    /** One poll: list the folder and read every ready file in order until one cannot be finished. */
    private void poll() throws InterruptedException {
        if (!loadProgress()) return;
        boolean kept = session != null;
        try {
            pollWith(session());
        } catch (IOException e) {
            // A kept session the server closed while idle fails at once: one new session, right away, before saying so.
            if (kept && (session == null || !session.isOpen() || !session.getClientSession().isOpen())) {
                closeSession();
                try {
                    pollWith(session());
                    return;
                } catch (IOException again) {
                    e = again;
                } catch (IntakeException again) {
                    storingFailed(again);
                    return;
                }
            }
            closeSession();
            progressLoaded = false; // a file may have been cut off midway: go on from what was stored
            report(ConnectorStatus.DEGRADED, e.getMessage());
        } catch (IntakeException e) {
            storingFailed(e);
        }
    }

    private void storingFailed(IntakeException e) {
        progressLoaded = false;
        report(ConnectorStatus.DEGRADED, "storing failed, retrying at the next poll: " + e.getMessage());
    }

    private void pollWith(SftpClient sftp) throws IOException, InterruptedException {
        List<ListedFile> listing = list(sftp);
        Map<String, ListedFile> now = new HashMap<>();
        for (ListedFile f : listing) now.put(f.name(), f);
        List<ListedFile> ready = settings.readiness().ready(listing, previous, current == null ? null : current.file());
        previous = now;
        for (ListedFile file : ready) {
            if (loop.stopping() || !take(sftp, file)) return;
        }
        if (refusal == null) report(ConnectorStatus.OK, "");
        else report(ConnectorStatus.DEGRADED, refusal);
    }

    /** Reads the saved progress (at the first poll, and again after a poll broke off). */
    private boolean loadProgress() {
        if (!progressLoaded) progressLoaded = loop.loadProgress(intake, saved -> current = saved.orElse(null));
        return progressLoaded;
    }

    /** Reads one file and takes it away; false when the poll must stop here. */
    private boolean take(SftpClient sftp, ListedFile file) throws IOException, InterruptedException {
        String path = RemotePaths.join(settings.folder(), file.name());
        String fingerprint;
        try {
            fingerprint = fingerprint(sftp, path);
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) return true; // taken away meanwhile
            throw e;
        }
        FileProgress from = current != null && current.sameFile(file, fingerprint) ? current : FileProgress.start(file, fingerprint);
        if (from.records() > 0 && !from.done()) {
            context.log().info(file.name() + ": resuming after record " + from.records() + " (byte " + from.offset() + ")");
        }
        FileProgress reached;
        try {
            reached = ingest.read(() -> sftp.read(path), from);
        } catch (RefusedFileException e) {
            refuse(sftp, path, file.name() + ": " + e.getMessage());
            return true;
        }
        if (!reached.done()) return false; // stopping: the rest is read at the next start
        current = reached;
        finish(sftp, path, reached);
        current = null;
        return true;
    }

    /** Moves or deletes a remote file whose records are all stored, with its marker. */
    private void finish(SftpClient sftp, String path, FileProgress progress) throws IOException {
        try {
            if (settings.delete()) {
                sftp.remove(path);
                context.log().info(progress.name() + ": " + progress.records() + " record(s) stored, remote file deleted");
            } else {
                String moved = moveInto(sftp, path, settings.doneFolder());
                context.log().info(progress.name() + ": " + progress.records() + " record(s) stored, moved to " + moved);
            }
        } catch (IOException e) {
            // Its progress says done, so it is not read again; later files wait, or that progress would be replaced.
            throw new IOException(progress.name() + ": every record is stored but the remote file cannot be "
                    + (settings.delete() ? "deleted" : "moved to " + settings.doneFolder()) + ": " + e.getMessage(), e);
        }
        deleteMarker(sftp, path);
        refusal = null;
    }

    private void refuse(SftpClient sftp, String path, String why) throws IOException {
        String moved = moveInto(sftp, path, settings.errorFolder());
        String writer = context.interfaceName() + ".source";
        if (!sweptErrorFolder) {
            RemotePaths.removeLeftovers(sftp, settings.errorFolder(), writer);
            sweptErrorFolder = true;
        }
        RemotePaths.writeWhole(sftp, moved + ".error.txt", (why + "\n").getBytes(StandardCharsets.UTF_8), writer);
        deleteMarker(sftp, path);
        context.log().warn(why + "; moved to " + moved);
        refusal = why + " (moved to " + settings.errorFolder() + ")";
        report(ConnectorStatus.DEGRADED, refusal);
    }

    /** Renames the file into the folder (made when missing) under a name not taken there; returns where it went. */
    private static String moveInto(SftpClient sftp, String path, String folder) throws IOException {
        RemotePaths.createFolders(sftp, folder);
        String name = RemotePaths.name(path);
        for (int n = 1; n <= 10_000; n++) {
            String target = RemotePaths.join(folder, n == 1 ? name : RemotePaths.numbered(name, n));
            if (RemotePaths.exists(sftp, target)) continue;
            sftp.rename(path, target); // SFTP v3 rename never replaces an existing file
            return target;
        }
        throw new IOException("no free name for " + name + " in " + folder);
    }

    private void deleteMarker(SftpClient sftp, String path) {
        if (settings.readyMarker().isEmpty()) return;
        String marker = path + settings.readyMarker().get();
        try {
            sftp.remove(marker);
        } catch (IOException e) {
            context.log().warn("cannot delete the marker " + marker + ": " + e.getMessage());
        }
    }

    private static String fingerprint(SftpClient sftp, String path) throws IOException {
        try (InputStream in = sftp.read(path)) {
            return FileFingerprint.of(in.readNBytes(FileFingerprint.PREFIX));
        }
    }

    private List<ListedFile> list(SftpClient sftp) throws IOException {
        List<ListedFile> files = new ArrayList<>();
        List<SftpClient.DirEntry> entries = new ArrayList<>();
        try {
            for (SftpClient.DirEntry entry : sftp.readDir(settings.folder())) entries.add(entry);
        } catch (java.io.UncheckedIOException e) {
            // SSHD reads a listing lazily: what the server said on the way comes unchecked
            if (e.getCause() instanceof SftpException refused) throw new IOException(RemoteWords.listing(refused, settings.folder(), connection.describe()), refused);
            throw e.getCause();
        } catch (SftpException e) {
            throw new IOException(RemoteWords.listing(e, settings.folder(), connection.describe()), e);
        }
        for (SftpClient.DirEntry entry : entries) {
            SftpClient.Attributes a = entry.getAttributes();
            if (!a.isRegularFile()) continue;
            files.add(new ListedFile(entry.getFilename(), a.getSize(), a.getModifyTime().toMillis()));
        }
        return files;
    }

    private void report(ConnectorStatus status, String detail) {
        loop.report(status, detail);
    }
}
