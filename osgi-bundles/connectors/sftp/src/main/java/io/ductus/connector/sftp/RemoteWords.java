package io.ductus.connector.sftp;

import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/** An SFTP server's refusals in plain words for the status: what is missing or not allowed, and what to do. */
final class RemoteWords {

    private RemoteWords() {
    }

    /** Why the folder could not be listed. */
    static String listing(SftpException e, String folder, String login) {
        String shown = folder.isEmpty() || folder.equals(".") ? "the home folder" : "the remote folder '" + folder + "'";
        return switch (e.getStatus()) {
            case SftpConstants.SSH_FX_NO_SUCH_FILE, SftpConstants.SSH_FX_NO_SUCH_PATH -> shown + " does not exist for " + login
                    + " (a relative folder starts at the login's home folder): create it there, or correct folder:";
            case SftpConstants.SSH_FX_PERMISSION_DENIED -> login + " may not read " + shown + ": the partner must let this login read it";
            case SftpConstants.SSH_FX_NOT_A_DIRECTORY -> shown + " is a file, not a folder, for " + login;
            default -> "cannot list " + shown + " as " + login + ": " + e.getMessage();
        };
    }
}
