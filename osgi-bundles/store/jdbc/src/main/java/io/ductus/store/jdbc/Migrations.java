package io.ductus.store.jdbc;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings a database's schema up to date with Flyway. Expand-only (docs/migrations.md): a database that
 * already has migrations this release does not know (a newer release ran on it) is accepted as it is.
 */
public final class Migrations {

    /** The portable migrations, applied to both databases. */
    public static final String COMMON = "classpath:io/ductus/store/migration/common";
    /** What only PostgreSQL has; versioned V&lt;n&gt;_&lt;m&gt; after the common V&lt;n&gt; they follow. */
    public static final String POSTGRES_ONLY = "classpath:io/ductus/store/migration/postgres";

    private Migrations() {
    }

    /** Applies what is missing and returns how many migrations ran. */
    public static int migrate(DataSource dataSource, Dialect dialect) {
        MigrateResult result = configure(dataSource, dialect).load().migrate();
        return result.migrationsExecuted;
    }

    /**
     * The Flyway configuration the store uses, with this bundle's class loader so that Flyway, embedded in
     * this bundle, finds both its database plugins and the migrations.
     */
    public static org.flywaydb.core.api.configuration.FluentConfiguration configure(DataSource dataSource,
                                                                                      Dialect dialect) {
        return Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations(dialect.migrationLocations().toArray(String[]::new))
                .placeholders(dialect.placeholders())
                // A newer release may have applied migrations we do not know: that is fine (expand-only).
                .ignoreMigrationPatterns("*:future")
                .validateMigrationNaming(true)
                .cleanDisabled(true);
    }
}
