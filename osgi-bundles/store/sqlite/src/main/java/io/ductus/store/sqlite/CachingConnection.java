package io.ductus.store.sqlite;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The writer's connection as the store's SQL sees it: {@code prepareStatement(sql)} hands out one
 * statement per SQL text, prepared once and kept, and closing it only clears it for the next use.
 * SQLite prepares in the calling thread on every call otherwise, which costs a noticeable share of a
 * commit. Only the writer uses it, one leader at a time, so it needs no locking.
 */
final class CachingConnection implements InvocationHandler {

    private final Connection target;
    private final Map<String, PreparedStatement> cache = new HashMap<>();

    private CachingConnection(Connection target) {
        this.target = target;
    }

    static Connection wrap(Connection target) {
        return (Connection) Proxy.newProxyInstance(CachingConnection.class.getClassLoader(),
                new Class<?>[]{Connection.class}, new CachingConnection(target));
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
        PreparedStatement statement = cache.get(sql);
        if (statement == null) {
            statement = target.prepareStatement(sql);
            cache.put(sql, statement);
        }
        PreparedStatement kept = statement;
        return (PreparedStatement) Proxy.newProxyInstance(CachingConnection.class.getClassLoader(),
                new Class<?>[]{PreparedStatement.class}, (p, m, a) -> {
                    if (m.getName().equals("close")) {
                        kept.clearBatch();
                        kept.clearParameters();
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
    }
}
