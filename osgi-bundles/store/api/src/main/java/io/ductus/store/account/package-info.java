/**
 * The accounts port: users, API tokens, studio sessions and the audit log. Every change takes the
 * {@link io.ductus.store.account.AuditEntry} that describes it and writes it in the same transaction, so a
 * change is never without its row, nor a row without its change. Secrets are never stored: tokens and
 * sessions by their SHA-256, passwords by their argon2id hash. Times in Unix milliseconds; roles and
 * permissions as their labels (the engine's core decides what they mean).
 */
@Export
@Version("0.1.0")
package io.ductus.store.account;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
