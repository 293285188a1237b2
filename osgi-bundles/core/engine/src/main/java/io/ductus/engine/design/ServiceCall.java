package io.ductus.engine.design;

/**
 * One call a trial's code made to a service: which ({@code db.query}, {@code db.execute}, {@code fetch},
 * {@code env}, {@code secret}), on what (the database, the URL without its query, the name), the detail
 * (the SQL, the method) and what came of it ({@code mocked: 2 row(s)}, {@code live: HTTP 200},
 * {@code failed: …}). A secret's value is never in it.
 */
public record ServiceCall(String service, String target, String detail, String outcome) {
}
