package io.ductus.script;

import java.util.SplittableRandom;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Source;

/**
 * The time and the randomness a context's code sees, set from outside before each call: {@code Date}
 * (new Date(), Date(), Date.now()) reads the pinned time and {@code Math.random} draws from a generator
 * seeded by the caller, so that the same code on the same message gives the same result however often it
 * runs (a replay pins each message's received time and seeds per message and destination). Installed
 * before any module loads, so code that keeps a reference to {@code Date.now} or {@code Math.random} at
 * its top level gets the pinned ones too. One per context; not thread-safe (a context runs on one thread).
 */
public final class PinnedClock {

    static final String BINDING = "__ductus_clock";

    private volatile long millis;
    private SplittableRandom random = new SplittableRandom(0);

    /** Pins the time to {@code millis} (Unix ms) and reseeds the randomness. */
    public void pin(long millis, long seed) {
        this.millis = millis;
        this.random = new SplittableRandom(seed);
    }

    /** A seed for one message and destination, the same in every run. */
    public static long seed(long messageId, String destination) {
        long h = 0xcbf29ce484222325L ^ messageId;
        for (int i = 0; i < destination.length(); i++) h = (h ^ destination.charAt(i)) * 0x100000001b3L;
        return h;
    }

    @HostAccess.Export
    public double now() {
        return millis;
    }

    @HostAccess.Export
    public double random() {
        return random.nextDouble();
    }

    /** Replaces Date and Math.random of the context with ones that ask this clock. */
    void install(Context context) {
        context.getBindings("js").putMember(BINDING, this);
        context.eval(INSTALL);
    }

    private static final Source INSTALL = Source.newBuilder("js", """
            (() => {
              const clock = globalThis.%1$s;
              delete globalThis.%1$s;
              const RealDate = globalThis.Date;
              const Date = function Date(...args) {
                if (new.target === undefined) return new RealDate(clock.now()).toString();
                return Reflect.construct(RealDate, args.length === 0 ? [clock.now()] : args, new.target);
              };
              Object.setPrototypeOf(Date, RealDate);
              Object.defineProperty(Date, 'prototype', { value: RealDate.prototype, writable: false });
              Object.defineProperty(Date, 'now', { value: () => clock.now(), writable: true, configurable: true });
              Object.defineProperty(RealDate.prototype, 'constructor', { value: Date, writable: true, configurable: true });
              Object.defineProperty(globalThis, 'Date', { value: Date, writable: true, configurable: true, enumerable: false });
              Object.defineProperty(Math, 'random', { value: () => clock.random(), writable: true, configurable: true });
            })();
            """.formatted(BINDING), Prelude.NAME).buildLiteral();
}
