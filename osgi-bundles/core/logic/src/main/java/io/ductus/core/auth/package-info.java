/**
 * Who may call the API, decided without IO or clock: roles and permissions, what a token owned by a user
 * may do, password hashes (argon2id), token and session formats, lockout after failed sign-ins and
 * session expiry. Callers pass {@code now} and the random bytes.
 */
package io.ductus.core.auth;
