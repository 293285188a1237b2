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

    /**
     * Writes a file so that nobody sees half of it: under a temporary dot-name in the target folder (made
     * when missing), then renamed into place, replacing what was there. As the file connector's local
     * writer, the common case asks the server nothing extra: the folder is made only when creating the file
     * finds it missing, and the temporary name is removed only when the rename did not happen.
     */
    static void writeWhole(SftpClient sftp, String target, byte[] content) throws IOException {
        String folder = parent(target);
        String temporary = join(folder, "." + name(target) + "." + UUID.randomUUID() + ".tmp");
        try {
            try {
                writeNew(sftp, temporary, content);
            } catch (SftpException e) {
                if (!missing(e)) throw e;
                createFolders(sftp, folder);
                writeNew(sftp, temporary, content);
            }
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
