package io.ductus.connector.sftp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.UUID;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.extensions.openssh.OpenSSHPosixRenameExtension;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Path and file work on an SFTP server, where paths are text joined with {@code /} and relative ones start at the
 * login's home folder.
 */
final class RemotePaths {

    private RemotePaths() {
    }

    /** {@code folder/name}, with no doubled slash. */
    static String join(String folder, String name) {
        if (folder.isEmpty() || folder.equals(".")) return name;
        return folder.endsWith("/") ? folder + name : folder + "/" + name;
    }

    /** The folder part of a path, or empty for a bare name. */
    static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : slash == 0 ? "/" : path.substring(0, slash);
    }

    /** The name part of a path. */
    static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Whether something exists at the path. */
    static boolean exists(SftpClient sftp, String path) throws IOException {
        try {
            sftp.lstat(path);
            return true;
        } catch (SftpException e) {
            if (missing(e)) return false;
            throw e;
        }
    }

    /**
     * The entries of a folder, read to the end (SSHD reads a listing lazily, and a failure on the way comes
     * as an unchecked exception: here it is the server's answer again); none when the folder is not there.
     */
    static java.util.List<SftpClient.DirEntry> list(SftpClient sftp, String folder) throws IOException {
        java.util.List<SftpClient.DirEntry> entries = new java.util.ArrayList<>();
        try {
            for (SftpClient.DirEntry entry : sftp.readDir(folder)) entries.add(entry);
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof SftpException refused && missing(refused)) return java.util.List.of();
            throw e.getCause();
        } catch (SftpException e) {
            if (missing(e)) return java.util.List.of();
            throw e;
        }
        return entries;
    }

    /** Whether the server answered that the path (or a folder on the way to it) does not exist. */
    private static boolean missing(SftpException e) {
        return e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE || e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_PATH;
    }

    /** Creates the folder and any missing parents. */
    static void createFolders(SftpClient sftp, String folder) throws IOException {
        if (folder.isEmpty() || folder.equals("/") || folder.equals(".") || exists(sftp, folder)) return;
        createFolders(sftp, parent(folder));
        try {
            sftp.mkdir(folder);
        } catch (SftpException e) {
            if (!exists(sftp, folder)) throw e; // made by someone else meanwhile is fine
        }
    }

    /** What every temporary name written by Ductus ends with, after its writer's tag: {@code .ductus-<uuid>.tmp}. */
    private static final java.util.regex.Pattern TEMPORARY = java.util.regex.Pattern.compile(
            "^\\..+\\.ductus-([A-Za-z0-9_.-]+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.tmp$");

    /** The temporary name a writer tagged {@code writer} gives a file it writes, in the file's folder. */
    static String temporaryName(String target, String writer) {
        return join(parent(target), "." + name(target) + ".ductus-" + writer + "-" + UUID.randomUUID() + ".tmp");
    }

    /**
     * Removes the temporary files this writer left in the folder: a crash, or a connection dropped while
     * writing, leaves one behind on the partner's server. Only names with the writer's own tag go (another
     * interface writing to the same folder has its own). Call it where the writer is not writing: each
     * writer writes one file at a time.
     *
     * @return how many were removed
     */
    static int removeLeftovers(SftpClient sftp, String folder, String writer) throws IOException {
        int removed = 0;
        for (SftpClient.DirEntry entry : list(sftp, folder.isEmpty() ? "." : folder)) {
            java.util.regex.Matcher m = TEMPORARY.matcher(entry.getFilename());
            if (!m.matches() || !m.group(1).equals(writer) || !entry.getAttributes().isRegularFile()) continue;
            try {
                sftp.remove(join(folder, entry.getFilename()));
                removed++;
            } catch (SftpException e) {
                if (!missing(e)) throw e;
            }
        }
        return removed;
    }

    /**
     * Writes a file so that nobody sees half of it: under a temporary dot-name in the target folder (made
     * when missing), then renamed into place, replacing what was there. As the file connector's local
     * writer, the common case asks the server nothing extra: the folder is made only when creating the file
     * finds it missing, and the temporary name is removed only when the rename did not happen.
     *
     * @param writer the writer's tag in the temporary name ({@link #temporaryName}), so that what a crash left
     *               can be told from another writer's
     */
    static void writeWhole(SftpClient sftp, String target, byte[] content, String writer) throws IOException {
        writeWhole(sftp, target, content, writer, () -> { });
    }

    /**
     * @param fence checked before the temporary file is opened and again right before the rename that makes the
     *              file seen; when it throws, the temporary file is removed and the target left as it was
     */
    static void writeWhole(SftpClient sftp, String target, byte[] content, String writer, Runnable fence) throws IOException {
        fence.run();
        String folder = parent(target);
        String temporary = temporaryName(target, writer);
        try {
            try {
                writeNew(sftp, temporary, content);
            } catch (SftpException e) {
                if (!missing(e)) throw e;
                createFolders(sftp, folder);
                writeNew(sftp, temporary, content);
            }
            fence.run();
            replace(sftp, temporary, target);
        } catch (IOException | RuntimeException e) {
            try {
                if (exists(sftp, temporary)) sftp.remove(temporary);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private static void writeNew(SftpClient sftp, String path, byte[] content) throws IOException {
        try (OutputStream out = sftp.write(path, SftpClient.OpenMode.Write, SftpClient.OpenMode.Create,
                SftpClient.OpenMode.Exclusive)) {
            out.write(content);
        }
    }

    /** Renames over an existing file: atomically where the server has OpenSSH's posix-rename, else remove then rename. */
    private static void replace(SftpClient sftp, String from, String to) throws IOException {
        OpenSSHPosixRenameExtension posixRename = sftp.getExtension(OpenSSHPosixRenameExtension.class);
        if (posixRename != null && posixRename.isSupported()) {
            posixRename.posixRename(from, to);
            return;
        }
        if (exists(sftp, to)) sftp.remove(to);
        sftp.rename(from, to);
    }

    /** {@code a.csv} → {@code a-2.csv}, as the file connector names moved files whose name is taken. */
    static String numbered(String name, int n) {
        int dot = name.indexOf('.', 1);
        return dot < 0 ? name + "-" + n : name.substring(0, dot) + "-" + n + name.substring(dot);
    }
}
