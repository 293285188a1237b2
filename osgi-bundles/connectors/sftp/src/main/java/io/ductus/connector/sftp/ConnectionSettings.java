package io.ductus.connector.sftp;

import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.sdk.config.HostPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How to reach and log in to the SFTP server, shared by source and destination. Credentials never sit in
 * the settings: a password (or a key's passphrase) is a {@code ${secret:NAME}} reference that the engine
 * replaces with the secret's value as the interface starts, or comes from an environment variable the
 * settings name; a private key comes from a file. The server is trusted only through a known_hosts file
 * or a pinned host key fingerprint.
 *
 * @param server            host and port
 * @param user              the login
 * @param password          the password (the secret's value, put in by the engine), or empty
 * @param passwordVariable  the environment variable holding the password, or empty
 * @param privateKey        a private key file (Ed25519, ECDSA or RSA; OpenSSH format or PEM), or empty
 * @param passphrase        the key's passphrase (the secret's value), or empty
 * @param passphraseVariable the environment variable holding the key's passphrase, or empty
 * @param knownHosts        an OpenSSH known_hosts file that must list the server's key, or empty
 * @param hostKey           the server key's pinned SHA-256 fingerprint ({@code SHA256:…}), or empty
 * @param timeout           for connecting, logging in and each answer
 * @param sshConfig         an OpenSSH client configuration file whose Host entries apply, or empty: the engine
 *                          user's {@code ~/.ssh/config} is not read unless this names it
 */
record ConnectionSettings(HostPort server, String user, Optional<String> password, Optional<String> passwordVariable,
                          Optional<Path> privateKey, Optional<String> passphrase, Optional<String> passphraseVariable, Optional<Path> knownHosts, Optional<String> hostKey,
                          Duration timeout, Optional<Path> sshConfig) {

    /** Adds the connection settings to a role's schema. */
    static ConfigSchema.Builder declare(ConfigSchema.Builder schema) {
        return schema
                .required("connect", FieldType.HOST_PORT, "the SFTP server, as host:port (usually port 22)")
                .required("user", FieldType.STRING, "the user to log in as")
                .optional("password", FieldType.STRING, null, "the password, as a reference to the encrypted secrets file:"
                        + " ${secret:NAME}")
                .optional("password_env", FieldType.STRING, null, "the name of an environment variable of the engine that"
                        + " holds the password (the password itself is never written in interface.yaml)")
                .optional("private_key", FieldType.STRING, null, "a private key file to log in with: Ed25519, ECDSA or RSA,"
                        + " in OpenSSH format as ssh-keygen writes it (or PEM), relative to the data folder (or absolute)")
                .optional("private_key_passphrase", FieldType.STRING, null, "the private key's passphrase, when it has one, as"
                        + " ${secret:NAME}")
                .optional("private_key_passphrase_env", FieldType.STRING, null, "the name of an environment variable that"
                        + " holds the private key's passphrase, when it has one")
                .optional("known_hosts", FieldType.STRING, null, "an OpenSSH known_hosts file that lists the server's host key,"
                        + " relative to the data folder (or absolute); give known_hosts or host_key")
                .optional("host_key", FieldType.STRING, null, "the server's host key fingerprint, as ssh-keygen -lf prints"
                        + " it: SHA256:…; give known_hosts or host_key")
                .optional("timeout", FieldType.DURATION, "10s", "how long to wait for connecting, logging in and each answer")
                .optional("ssh_config", FieldType.STRING, null, "an OpenSSH client configuration file whose Host entries apply"
                        + " (HostName, Port, User, IdentityFile), such as ~/.ssh/config; without it no such file is read");
    }

    static ConnectionSettings of(ConnectorConfig config, Path dataDirectory) {
        return new ConnectionSettings(config.hostPort("connect"), config.string("user"), config.optionalString("password"),
                config.optionalString("password_env"), config.optionalString("private_key").map(dataDirectory::resolve),
                config.optionalString("private_key_passphrase"), config.optionalString("private_key_passphrase_env"),
                config.optionalString("known_hosts").map(dataDirectory::resolve), config.optionalString("host_key").map(String::strip),
                config.duration("timeout"), config.optionalString("ssh_config").map(p -> home(p, dataDirectory)));
    }

    /** A path from the settings: {@code ~/} is the engine user's home folder; a relative one is in the data folder. */
    private static Path home(String path, Path dataDirectory) {
        String p = path.strip();
        if (p.equals("~") || p.startsWith("~/")) return Path.of(System.getProperty("user.home")).resolve(p.substring(Math.min(2, p.length())));
        return dataDirectory.resolve(p);
    }
}
