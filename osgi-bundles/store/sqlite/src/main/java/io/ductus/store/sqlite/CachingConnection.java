package io.ductus.store.sqlite;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A connection as the store's SQL sees it: {@code prepareStatement(sql)} hands out one statement per SQL
 * text, prepared once and kept, and closing it only clears it for the next use. SQLite prepares in the
 * calling thread on every call otherwise, which costs a noticeable share of a commit, and of a worker's read
 * of its pending deliveries (5 % of the engine's CPU under MLLP load). A text whose statement is still in
 * use (not closed yet) gets a statement of its own, closed as usual; so does every text past the first
 * {@code maxKept} (the reads' texts are a fixed set, but nothing must grow without bound). Used by one thread
 * at a time (the writer's leader, or the reader that borrowed the connection), so it needs no locking.
 */
final class CachingConnection implements InvocationHandler {

    /** Enough for every fixed text the store runs on one connection. */
    static final int MAX_KEPT = 128;

    private final Connection target;
    private final int maxKept;
    private final Map<String, PreparedStatement> cache = new HashMap<>();
    private final Set<String> inUse = new HashSet<>();

    private CachingConnection(Connection target, int maxKept) {
        this.target = target;
        this.maxKept = maxKept;
    }

    /** The writer's connection: closing the view closes the kept statements and the connection. */
    static Connection wrap(Connection target) {
        return wrap(target, MAX_KEPT);
    }

    static Connection wrap(Connection target, int maxKept) {
        return (Connection) Proxy.newProxyInstance(CachingConnection.class.getClassLoader(),
                new Class<?>[]{Connection.class}, new CachingConnection(target, maxKept));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getName().equals("prepareStatement") && args.length == 1) return cached((String) args[0]);
        if (method.getName().equals("close")) closeAll();
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private PreparedStatement cached(String sql) throws SQLException {
        if (inUse.contains(sql)) return target.prepareStatement(sql); // a second one at once: its own, closed as usual
        PreparedStatement statement = cache.get(sql);
        if (statement == null) {
            if (cache.size() >= maxKept) return target.prepareStatement(sql);
            statement = target.prepareStatement(sql);
            cache.put(sql, statement);
        }
        inUse.add(sql);
        PreparedStatement kept = statement;
        boolean[] closed = {false};
        return (PreparedStatement) Proxy.newProxyInstance(CachingConnection.class.getClassLoader(),
                new Class<?>[]{PreparedStatement.class}, (p, m, a) -> {
                    if (m.getName().equals("close")) {
                        if (!closed[0]) {
                            closed[0] = true;
                            inUse.remove(sql);
                            kept.clearBatch();
                            kept.clearParameters();
                        }
                        return null;
                    }
                    try {
                        return m.invoke(kept, a);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private void closeAll() {
        for (PreparedStatement s : cache.values()) {
            try {
                s.close();
            } catch (SQLException ignored) {
                // the connection closes next
            }
        }
        cache.clear();
        inUse.clear();
    }
}
