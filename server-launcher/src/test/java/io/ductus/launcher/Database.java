package io.ductus.launcher;

import io.ductus.store.contract.PostgresServer;
import java.nio.file.Path;
import java.util.List;

/** The two databases every end-to-end invariant is proven on. */
enum Database {
    SQLITE, POSTGRES;

    /** The {@code --database} argument for a new, empty database (SQLite: a file in the data folder). */
    String newUrl(Path data, String testName) {
        return this == SQLITE ? "sqlite:" + data.resolve("ductus.db") : PostgresServer.newDatabase(testName);
    }

    /** A plain JDBC connection to a database made by {@link #newUrl}, for counting rows. */
    java.sql.Connection connect(String url) throws java.sql.SQLException {
        if (this == SQLITE) return java.sql.DriverManager.getConnection("jdbc:" + url);
        java.net.URI uri = java.net.URI.create(url);
        String[] user = uri.getUserInfo().split(":", 2);
        return java.sql.DriverManager.getConnection("jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath(),
                user[0], user[1]);
    }

    /** {@code ductus serve} on a project folder, its own data folder and database, the API on a free port. */
    static List<String> serveArgs(Path project, Path data, String databaseUrl) {
        return List.of("serve", "--project", project.toString(), "--data", data.toString(), "--database", databaseUrl,
                "--api-listen", "127.0.0.1:0", "--plugins", data.resolveSibling(data.getFileName() + "-plugins").toString());
    }
}
