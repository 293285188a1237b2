package io.ductus.engine.api;

import java.util.List;

/**
 * The operations table of docs/rest-api.md, generated from the route table and the access table, so
 * the page lists exactly what the engine serves (RestApiReferenceTest keeps it so).
 */
public final class RestApiReference {

    public static final String START = "<!-- operations: generated from the route table by RestApiReferenceTest -->";
    public static final String END = "<!-- end of operations -->";

    private RestApiReference() {
    }

    public static String operations(List<Route> routes) {
        StringBuilder md = new StringBuilder(START).append("\n\n");
        md.append("| method | path | operation | who may call | what it does |\n|---|---|---|---|---|\n");
        for (Route r : routes) {
            md.append("| ").append(r.method()).append(" | `").append(r.path()).append("` | ").append(r.operationId())
                    .append(" | ").append(AccessTable.requirement(r.operationId()).orElseThrow().describe())
                    .append(" | ").append(r.summary()).append(" |\n");
        }
        return md.append('\n').append(END).toString();
    }

    /** The page with its operations section replaced. */
    public static String update(String page, List<Route> routes) {
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        if (start < 0 || end < start) throw new IllegalArgumentException("the page has no operations markers");
        return page.substring(0, start) + operations(routes) + page.substring(end + END.length());
    }
}
