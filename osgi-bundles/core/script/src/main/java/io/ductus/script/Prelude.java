package io.ductus.script;

import org.graalvm.polyglot.Source;

/** What every context has before the user's module: the decision functions. */
final class Prelude {

    static final String NAME = "ductus-prelude.js";
    static final String DECISION_MARK = "__ductusDecision";

    static final Source SOURCE = Source.newBuilder("js", """
            'use strict';
            const decide = (kind) => (reason) => {
              const e = new Error(String(reason ?? ''));
              e.kind = kind; e.reason = String(reason ?? ''); e.%s = true;
              throw e;
            };
            Object.defineProperty(globalThis, 'filter', { value: decide('filter') });
            Object.defineProperty(globalThis, 'quarantine', { value: decide('quarantine') });
            Object.defineProperty(globalThis, 'transient', { value: decide('transient') });
            """.formatted(DECISION_MARK), NAME).buildLiteral();

    private Prelude() {
    }
}
