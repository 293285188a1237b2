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
 * text, prepared once and kept, and closing it only hands it back for the next use, whose caller sets every
 * parameter again (an execute with one not set is refused: {@link Kept}). SQLite prepares in the
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
    private final Map<String, Kept> cache = new HashMap<>();
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
        Kept kept = cache.get(sql);
        if (kept == null) {
            if (cache.size() >= maxKept) return target.prepareStatement(sql);
            PreparedStatement statement = target.prepareStatement(sql);
            kept = new Kept(sql, statement, statement.getParameterMetaData().getParameterCount());
            cache.put(sql, kept);
        }
        inUse.add(sql);
        kept.handOut();
        return (PreparedStatement) Proxy.newProxyInstance(CachingConnection.class.getClassLoader(),
                new Class<?>[]{PreparedStatement.class}, kept.new Use());
    }

    /**
     * One kept statement: which of its parameters the current use has set. The driver binds every parameter at every
     * execute from the values the statement was given (NULL for one not given), so a use that left one unset would
     * run silently with NULL, or with the previous use's value were the driver's values kept: an execute is refused
     * until every one is set. SQLite's bindings are not cleared between uses: {@code sqlite3_clear_bindings} expires
     * a statement whenever its {@code expmask} has any bit, and SQLite 3.54 sets one for the joins and index-ordered
     * reads (the workers' queue read among them) though no parameter's new value expires them; the statement was then
     * prepared anew at its next step, 50-130 µs a read (docs/development.md, issue 25).
     */
    private final class Kept {
        final String sql;
        final PreparedStatement statement;
        final int parameters;
        /** Per parameter (1-based), the use (or batch row) that last set it; {@code set} of them are {@code use}'s. */
        final int[] setIn;
        int use;
        int set;

        Kept(String sql, PreparedStatement statement, int parameters) {
            this.sql = sql;
            this.statement = statement;
            this.parameters = parameters;
            this.setIn = new int[parameters + 1];
        }

        void handOut() {
            use++;
            set = 0;
        }

        void setting(Object index) {
            if (index instanceof Integer k && k >= 1 && k <= parameters && setIn[k] != use) {
                setIn[k] = use;
                set++;
            }
        }

        void checkAllSet(String what) throws SQLException {
            if (set == parameters) return;
            for (int k = 1; k <= parameters; k++) {
                if (setIn[k] != use) {
                    throw new SQLException(what + " with parameter " + k + " of " + parameters + " not set since this kept "
                            + "statement was handed out (every use sets every parameter): " + sql);
                }
            }
        }

        /** The statement as one caller holds it, until it closes it. */
        final class Use implements InvocationHandler {
            private boolean closed;

            @Override
            public Object invoke(Object p, Method m, Object[] a) throws Throwable {
                String name = m.getName();
                if (name.equals("close")) {
                    if (!closed) {
                        closed = true;
                        inUse.remove(sql);
                        statement.clearBatch(); // also lets go of the values (the driver's own array), not SQLite's bindings
                    }
                    return null;
                }
                if (a != null && a.length >= 2 && m.getDeclaringClass() == PreparedStatement.class && name.startsWith("set")) {
                    setting(a[0]);
                } else if (a == null || a.length == 0) {
                    switch (name) {
                        case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate" -> checkAllSet(name);
                        case "addBatch" -> {
                            checkAllSet(name);
                            handOut(); // the next row sets every parameter again
                        }
                        case "clearParameters" -> handOut();
                        default -> { }
                    }
                }
                try {
                    return m.invoke(statement, a);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
    }

    private void closeAll() {
        for (Kept k : cache.values()) {
            try {
                k.statement.close();
            } catch (SQLException ignored) {
                // the connection closes next
            }
        }
        cache.clear();
        inUse.clear();
    }
}
