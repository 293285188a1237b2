package io.ductus.connector.sftp;

import java.security.Provider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.common.util.security.bouncycastle.BouncyCastleSecurityProviderRegistrar;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Hands SSHD the Bouncy Castle provider it does Ed25519 with (client keys and host keys), as an instance
 * of the bcprov bundle's classes.
 *
 * <p>Left to itself, SSHD finds Bouncy Castle by loading {@code BouncyCastleProvider} by name, through the
 * thread's context class loader first. In the engine that is the launcher's class path, which holds a copy
 * of bcprov too (the core uses it), so SSHD made its Ed25519 keys with the launcher's classes while its own
 * code casts them to the interfaces of the bcprov bundle it is wired to: every Ed25519 key and host key
 * failed with a ClassCastException. Registered here under SSHD's name for Bouncy Castle ("BC") before
 * SSHD registers its defaults, the provider comes from the bundle this connector and sshd-osgi are both
 * wired to, whatever the thread, and SSHD uses the instance rather than looking "BC" up among the JVM's
 * global providers (which it would otherwise add it to).
 */
final class SshdBouncyCastle {

    private static final Registrar REGISTRAR = new Registrar(new BouncyCastleProvider());

    private SshdBouncyCastle() {
    }

    /**
     * Registers the provider with SSHD unless SSHD is set up already; call before the first SSHD client.
     *
     * @return whether SSHD now uses this bundle's Bouncy Castle (false when something in this JVM set SSHD
     *         up before, with whatever provider it found then)
     */
    static synchronized boolean register() {
        if (!SecurityUtils.isRegistrationCompleted() && SecurityUtils.getRegisteredProvider(REGISTRAR.getName()) == null) {
            SecurityUtils.setDefaultProviderChoice(REGISTRAR);
            SecurityUtils.registerSecurityProvider(REGISTRAR);
        }
        return SecurityUtils.getRegisteredProvider(REGISTRAR.getName()) == REGISTRAR;
    }

    /** SSHD's own Bouncy Castle registrar (its Ed25519 support included), with a provider instance given. */
    private static final class Registrar extends BouncyCastleSecurityProviderRegistrar {

        private final Provider provider;

        Registrar(Provider provider) {
            this.provider = provider;
        }

        @Override
        public Provider getSecurityProvider() {
            return provider;
        }

        @Override
        public boolean isNamedProviderUsed() {
            return false;
        }
    }
}
