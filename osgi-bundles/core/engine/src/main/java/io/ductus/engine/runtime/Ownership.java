package io.ductus.engine.runtime;

import io.ductus.store.engine.EngineRun;
import java.util.Set;

/**
 * Which interfaces this engine delivers: its run on the database ({@link EngineRun}), set once the run has
 * joined; until then it delivers nothing. Workers ask {@link #gate} before reading a queue and before each send.
 */
public final class Ownership {

    /** Owns nothing: before the run joined. */
    private static final EngineRun NONE = new EngineRun() {
        @Override
        public String id() {
            return "none";
        }

        @Override
        public void offer(Set<String> queued) {
        }

        @Override
        public boolean owns(String interfaceName) {
            return false;
        }

        @Override
        public boolean maySend(String interfaceName) {
            return false;
        }

        @Override
        public void round() {
        }

        @Override
        public void close() {
        }
    };

    private volatile EngineRun run;

    private Ownership(EngineRun run) {
        this.run = run;
    }

    /** Delivers nothing until {@link #joined}. */
    public static Ownership waiting() {
        return new Ownership(NONE);
    }

    /** Delivers everything: one engine (tests, and stores without engines). */
    public static Ownership all() {
        return new Ownership(EngineRun.solo("solo"));
    }

    public void joined(EngineRun joined) {
        run = joined;
    }

    public EngineRun run() {
        return run;
    }

    /** What one interface's workers ask. */
    DeliveryGate gate(String interfaceName) {
        return new DeliveryGate() {
            @Override
            public boolean owns() {
                return run.owns(interfaceName);
            }

            @Override
            public boolean maySend() {
                return run.maySend(interfaceName);
            }
        };
    }

    /** What a worker asks of its interface's ownership. */
    interface DeliveryGate {
        /** Open: one engine that delivers everything. */
        DeliveryGate OPEN = new DeliveryGate() {
            @Override
            public boolean owns() {
                return true;
            }

            @Override
            public boolean maySend() {
                return true;
            }
        };

        /** Before reading the queue: whether this engine delivers the interface now. */
        boolean owns();

        /** Right before each send: the claim is still this engine's (confirmed within its lease). */
        boolean maySend();
    }
}
