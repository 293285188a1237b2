package io.ductus.engine.design;

import io.ductus.script.ScriptServices;
import java.util.List;
import java.util.Map;

/**
 * The engine's services with everything that could change something outside refused: database
 * queries, GET fetches, variables and secrets go through; {@code db().execute} and any other fetch are
 * refused, saying so. What a deploy's check and a trial asked to read live may reach.
 */
final class ReadOnlyServices implements ScriptServices {

    private final ScriptServices live;

    ReadOnlyServices(ScriptServices live) {
        this.live = live;
    }

    @Override
    public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
        return live.query(database, sql, parameters);
    }

    @Override
    public long execute(String database, String sql, List<Object> parameters) {
        throw new ServiceException("db('" + database + "').execute is refused here: nothing may be written while code is checked or tried", false);
    }

    @Override
    public FetchResponse fetch(FetchRequest request) {
        if (!request.method().equals("GET")) {
            throw new ServiceException("fetch " + request.method() + " is refused here: only GET reads while code is checked or tried", false);
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
