package io.ductus.engine.design;

import io.ductus.script.ScriptServices;
import java.util.List;
import java.util.Map;

/**
 * The engine's services with everything that could change something outside refused: database
 * queries, GET fetches, variables and secrets go through; {@code db().execute} and any other fetch are
 * refused, saying so. What a deploy's check and a trial asked to read live may reach, and what a replay's
 * code reaches (which is told of each refusal: that row is then not comparable).
 */
public final class ReadOnlyServices implements ScriptServices {

    private final ScriptServices live;
    private final java.util.function.Consumer<String> refused;

    ReadOnlyServices(ScriptServices live) {
        this(live, what -> { });
    }

    /** @param refused told what was refused (a statement's database, a fetch's method and address), before the refusal is thrown */
    public ReadOnlyServices(ScriptServices live, java.util.function.Consumer<String> refused) {
        this.live = live;
        this.refused = refused;
    }

    @Override
    public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
        return live.query(database, sql, parameters);
    }

    @Override
    public long execute(String database, String sql, List<Object> parameters) {
        refused.accept("db('" + database + "').execute");
        throw new ServiceException("db('" + database + "').execute is refused here: nothing may be written while code is checked, tried or replayed", false);
    }

    @Override
    public FetchResponse fetch(FetchRequest request) {
        if (!request.method().equals("GET")) {
            refused.accept("fetch " + request.method() + " " + request.url().replaceAll("[?#].*$", ""));
            throw new ServiceException("fetch " + request.method() + " is refused here: only GET reads while code is checked, tried or replayed", false);
        }
        return live.fetch(request);
    }

    @Override
    public String variable(String name) {
        return live.variable(name);
    }

    @Override
    public String secret(String name) {
        return live.secret(name);
    }
}
