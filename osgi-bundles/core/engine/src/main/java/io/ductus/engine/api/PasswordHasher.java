package io.ductus.engine.api;

import io.ductus.core.auth.Passwords;
import java.security.SecureRandom;
import java.util.concurrent.Semaphore;

/**
 * Runs argon2id for the API, at most {@value #AT_ONCE} at a time, so a burst of sign-ins takes two cores'
 * worth at most and never the intake's. Unknown users are checked against a dummy hash, so a wrong name
 * takes as long to refuse as a wrong password.
 */
public final class PasswordHasher {

    static final int AT_ONCE = 2;

    private final Semaphore slots = new Semaphore(AT_ONCE, true);
    private final SecureRandom random = new SecureRandom();
    /** Made at the first check of a name nobody has (argon2id costs the engine's start too much to make it there). */
    private String dummy;

    public PasswordHasher() {
    }

    private synchronized String dummy() {
        if (dummy == null) dummy = Passwords.hash("not a password of anyone", salt());
        return dummy;
    }

    public String hash(String password) {
        byte[] salt = salt();
        return bounded(() -> Passwords.hash(password, salt));
    }

    /** Checks a password against a stored hash, or against the dummy one when there is none. */
    public boolean verify(String password, String storedHash) {
        boolean real = storedHash != null;
        boolean ok = bounded(() -> Passwords.verify(password, real ? storedHash : dummy()));
        return real && ok;
    }

    private byte[] salt() {
        byte[] salt = new byte[Passwords.SALT_BYTES];
        random.nextBytes(salt);
        return salt;
    }

    private <T> T bounded(java.util.function.Supplier<T> work) {
        slots.acquireUninterruptibly();
        try {
            return work.get();
        } finally {
            slots.release();
        }
    }
}
