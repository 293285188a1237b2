/**
 * The store written once in SQL that runs on SQLite and PostgreSQL, the Flyway migrations, and the OSGi
 * plumbing the two database bundles share. Only the SQLite and PostgreSQL store bundles use this package.
 */
@Export
@Version("0.4.0")
package io.ductus.store.jdbc;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
