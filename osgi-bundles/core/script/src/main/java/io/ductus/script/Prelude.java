package io.ductus.script;

import org.graalvm.polyglot.Source;

/**
 * What every context has before the user's module: the decision functions and the engine's services
 * ({@code db}, {@code fetch}, {@code env}, {@code secret}, {@code log}), which call
 * {@code globalThis.__ductus_ops} (see {@link ServiceOps}) at the moment they are used, so that
 * {@code ductus test} can put its mocks there.
 */
final class Prelude {

    static final String NAME = "ductus-prelude.js";
    static final String DECISION_MARK = "__ductusDecision";

    static final Source SOURCE = Source.newBuilder("js", """
            'use strict';
            const decide = (kind) => (reason) => {
              const e = new Error(String(reason ?? ''));
              e.kind = kind; e.reason = String(reason ?? ''); e.%1$s = true;
              throw e;
            };
            const constant = (name, value) => Object.defineProperty(globalThis, name, { value, enumerable: false });
            constant('filter', decide('filter'));
            constant('quarantine', decide('quarantine'));
            constant('transient', decide('transient'));

            const plain = (v) => v === undefined || v === null ? v : JSON.parse(JSON.stringify(v));
            const use = (what, answer) => {
              if (answer.error === undefined) return answer.value;
              if (answer.temporary) globalThis.transient(`${what}: ${answer.error}`);
              throw new Error(`${what}: ${answer.error}`);
            };
            const ops = () => globalThis.%2$s;

            constant('db', (name) => {
              const what = `db('${name}')`;
              return Object.freeze({
                query: (sql, params = []) => plain(use(`${what}.query`, ops().query(String(name), String(sql), params))),
                execute: (sql, params = []) => ({ rowsAffected: Number(use(`${what}.execute`, ops().execute(String(name), String(sql), params))) }),
              });
            });

            const transientStatus = (status) => status >= 500 || status === 429 || status === 408;
            const shown = (url) => String(url).replace(/[?#].*$/s, '').replace(/\\/\\/[^/@]*@/, '//');
            constant('fetch', (url, options = {}) => {
              const headers = { ...(options.headers ?? {}) };
              let body = options.body;
              if (body !== undefined && body !== null && typeof body !== 'string') {
                body = JSON.stringify(body);
                if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
              }
              const what = `fetch ${options.method ?? 'GET'} ${shown(url)}`;
              const r = use(what, ops().fetch(String(url), String(options.method ?? 'GET'), headers, body ?? null, Number(options.timeout ?? 0),
                  options.tls?.ca == null ? null : String(options.tls.ca), options.tls?.certificate == null ? null : String(options.tls.certificate)));
              if (options.retry !== false && transientStatus(r.status)) globalThis.transient(`${what}: HTTP ${r.status}`);
              const text = r.body;
              return Object.freeze({
                status: r.status, ok: r.status >= 200 && r.status < 300, headers: plain(r.headers),
                text: () => text, json: () => JSON.parse(text),
              });
            });
            constant('env', (name) => use(`env('${name}')`, ops().variable(String(name))));
            constant('secret', (name) => use(`secret('${name}')`, ops().secret(String(name))));
            constant('log', Object.freeze({
              info: (...args) => console.log(...args),
              warn: (...args) => console.warn(...args),
              error: (...args) => console.error(...args),
            }));
            """.formatted(DECISION_MARK, ServiceOps.BINDING), NAME).buildLiteral();

    private Prelude() {
    }

    /** True for the engine's own code (this prelude, the test runtime), which is never the user's file and line. */
    static boolean isEngineSource(org.graalvm.polyglot.Source source) {
        return source.getPath() == null && (NAME.equals(source.getName()) || TestRuntime.NAME.equals(source.getName()));
    }
}
