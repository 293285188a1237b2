// The globals of `ductus test` (docs/testing.md): test, expect, mock, hl7, meta and run. Evaluated after
// the prelude in a test file's context; it evaluates to a function the host calls once with
// (host, interfaceName, decisionMark) and that answers the runner the host drives:
// count(), name(i), start(i), outcome().
'use strict';
(host, interfaceName, DECISION) => {
  const constant = (name, value) => Object.defineProperty(globalThis, name, { value, enumerable: false });
  Error.stackTraceLimit = 50; // the frame in the test file is often far down

  // ---- showing values in failures -------------------------------------------------------------

  const isThenable = (v) => v !== null && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function';
  const viewKind = (v) => (v !== null && typeof v === 'object' ? host.kind(v) : null);
  const segmentsOf = (text) => String(text).split(/\r\n|\n|\r/).map((l) => l.trimStart()).filter((l) => l.trim() !== '');

  const show = (v, seen = new Set()) => {
    if (v === undefined) return 'undefined';
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string': return JSON.stringify(v);
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'boolean': return String(v);
      case 'bigint': return `${v}n`;
      case 'symbol': return v.toString();
      case 'function': return `[Function ${v.name || 'anonymous'}]`;
      default: break;
    }
    const kind = viewKind(v);
    if (kind === 'message') return `hl7\`${segmentsOf(String(v)).join('\n')}\``;
    if (kind === 'segment') return `segment ${JSON.stringify(String(v))}`;
    if (v instanceof RegExp) return String(v);
    if (v instanceof Date) return `Date(${Number.isNaN(v.getTime()) ? 'invalid' : v.toISOString()})`;
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (isThenable(v)) return 'Promise {…} (await it first)';
    if (seen.has(v)) return '[Circular]';
    seen.add(v);
    if (Array.isArray(v)) return `[${v.map((x) => show(x, seen)).join(', ')}]`;
    const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{${Object.keys(v).map((k) => `${key(k)}: ${show(v[k], seen)}`).join(', ')}}`;
  };

  // Deep equality as toEqual means it: properties that are undefined do not count; an HL7 view equals
  // another view, or a text, with the same segments.
  const equal = (a, b) => {
    if (Object.is(a, b)) return true;
    const ka = viewKind(a), kb = viewKind(b);
    if (ka || kb) {
      const text = (x) => (viewKind(x) || typeof x === 'string' ? segmentsOf(String(x)).join('\r') : undefined);
      const ta = text(a), tb = text(b);
      return ta !== undefined && ta === tb;
    }
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
    if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
    const defined = (o) => Object.keys(o).filter((k) => o[k] !== undefined).sort();
    const ak = defined(a), bk = defined(b);
    return ak.length === bk.length && ak.every((k, i) => k === bk[i] && equal(a[k], b[k]));
  };

  const matches = (text, part) => (part instanceof RegExp ? part.test(String(text)) : String(text).includes(String(part)));
  const showPart = (part) => (part instanceof RegExp ? `matching ${part}` : `containing ${show(String(part))}`);

  // ---- decisions --------------------------------------------------------------------------------

  const KINDS = { filter: 'filtered', quarantine: 'quarantined', transient: 'transient' };
  const decided = (e) => {
    if (e !== null && typeof e === 'object' && e[DECISION]) return { [KINDS[e.kind]]: e.reason };
    throw e;
  };
  const returned = (r) => (r === null || r === undefined ? { filtered: 'the transform returned null' } : { output: r });
  const outcomeOf = (call) => {
    let r;
    try {
      r = call();
    } catch (e) {
      return decided(e);
    }
    return isThenable(r) ? Promise.resolve(r).then(returned, decided) : returned(r);
  };
  const isOutcome = (v) => v !== null && typeof v === 'object' && !viewKind(v)
      && ['output', 'filtered', 'quarantined', 'transient'].some((k) => k in v);
  const showOutcome = (o) => {
    for (const k of ['filtered', 'quarantined', 'transient']) if (o[k] !== undefined) return `${k}: ${show(o[k])}`;
    return `output ${show(o.output)}`;
  };

  // ---- expect -----------------------------------------------------------------------------------

  const EXPECTATION = Symbol('expectation');
  const fail = (headline, expected, actual) => {
    const e = new Error(headline);
    e[EXPECTATION] = { expected, actual };
    throw e;
  };

  const decision = (kind, name) => (actual, part) => {
    let o = actual;
    const subject = typeof actual === 'function' ? 'fn' : 'result';
    if (typeof actual === 'function') {
      o = outcomeOf(() => actual());
      if (isThenable(o)) throw new Error(`${name}(): the function returned a promise; write expect(await run(fn, msg)).${name}(…)`);
    } else if (isThenable(actual)) {
      throw new Error(`${name}(): got a promise; await it first: expect(await run(fn, msg)).${name}(…)`);
    } else if (!isOutcome(actual)) {
      throw new Error(`${name}(): expect() needs a function, such as () => transform(msg), or what run(fn, msg) returned`);
    }
    return {
      pass: o[kind] !== undefined && (part === undefined || matches(o[kind], part)),
      subject, args: part === undefined ? '' : show(part),
      expected: part === undefined ? kind : `${kind} with a reason ${showPart(part)}`,
      actual: showOutcome(o),
    };
  };

  const matchers = {
    toBe: (a, e) => ({ pass: Object.is(a, e), expected: show(e), actual: show(a) }),
    toEqual: (a, e) => ({ pass: equal(a, e), expected: show(e), actual: show(a) }),
    toBeNull: (a) => ({ pass: a === null, args: '', expected: 'null', actual: show(a) }),
    toBeUndefined: (a) => ({ pass: a === undefined, args: '', expected: 'undefined', actual: show(a) }),
    toBeDefined: (a) => ({ pass: a !== undefined, args: '', expected: 'a value', actual: show(a) }),
    toBeTruthy: (a) => ({ pass: !!a, args: '', expected: 'a truthy value', actual: show(a) }),
    toBeFalsy: (a) => ({ pass: !a, args: '', expected: 'a falsy value', actual: show(a) }),
    toContain: (a, item) => ({
      pass: typeof a === 'string' ? a.includes(String(item)) : Array.isArray(a) && a.some((x) => equal(x, item)),
      args: show(item), expected: `${typeof a === 'string' ? 'a text' : 'an array'} containing ${show(item)}`, actual: show(a),
    }),
    toMatch: (a, pattern) => ({
      pass: typeof a === 'string' && matches(a, pattern), args: show(pattern),
      expected: `a text ${showPart(pattern)}`, actual: show(a),
    }),
    toHaveLength: (a, n) => ({
      pass: a !== null && a !== undefined && a.length === n, args: String(n),
      expected: `length ${n}`, actual: a === null || a === undefined ? show(a) : `length ${a.length}: ${show(a)}`,
    }),
    toThrow: (fn, part) => {
      if (typeof fn !== 'function') throw new Error('toThrow(): expect() needs a function, such as () => transform(msg)');
      let thrown = false, error, r;
      try {
        r = fn();
      } catch (e) {
        thrown = true;
        error = e;
      }
      const message = thrown && error !== null && typeof error === 'object' && 'message' in error ? error.message : String(error);
      return {
        pass: thrown && (part === undefined || matches(message, part)),
        subject: 'fn', args: part === undefined ? '' : show(part),
        expected: part === undefined ? 'an error' : `an error with a message ${showPart(part)}`,
        actual: thrown ? `error ${show(error instanceof Error ? error : message)}` : `no error (it returned ${show(r)})`,
      };
    },
    toFilter: decision('filtered', 'toFilter'),
    toQuarantine: decision('quarantined', 'toQuarantine'),
    toBeTransient: decision('transient', 'toBeTransient'),
  };

  const expect = (actual) => {
    const make = (negated) => {
      const o = {};
      for (const [name, matcher] of Object.entries(matchers)) {
        o[name] = (...args) => {
          const r = matcher(actual, ...args);
          if (r.pass === negated) {
            fail(`expect(${r.subject ?? 'actual'})${negated ? '.not' : ''}.${name}(${r.args ?? 'expected'})`,
                negated ? `not ${r.expected}` : r.expected, r.actual);
          }
        };
      }
      return o;
    };
    const positive = make(false);
    positive.not = Object.freeze(make(true));
    return Object.freeze(positive);
  };

  // ---- mocks ------------------------------------------------------------------------------------

  const fresh = () => ({ dbs: new Map(), fetches: [], fetchCalls: [], env: new Map(), secrets: new Map(), unmocked: null });
  const copy = (s) => {
    const c = fresh();
    for (const [name, d] of s.dbs) c.dbs.set(name, { rules: [...d.rules], calls: [], down: d.down });
    c.fetches = [...s.fetches];
    c.env = new Map(s.env);
    c.secrets = new Map(s.secrets);
    return c;
  };
  let state = fresh();
  let baseline = null; // the mocks made at the top of the file: every test starts with them

  const database = (name) => {
    if (!state.dbs.has(name)) state.dbs.set(name, { rules: [], calls: [], down: null });
    return state.dbs.get(name);
  };
  const answer = (value) => ({ value });
  const refuse = (error, temporary = false) => ({ error, temporary });
  const unmocked = (what, how) => {
    const message = `${what} is not mocked: add ${how} to the test`;
    if (state.unmocked === null) state.unmocked = { message, error: new Error(message) };
    return refuse(`not mocked (add ${how} to the test)`);
  };
  const collapse = (s) => String(s).replace(/\s+/g, ' ').trim();
  const sqlMatches = (match, sql) => (match instanceof RegExp ? match.test(sql) : collapse(sql).includes(collapse(match)));
  const urlMatches = (match, url) => (match instanceof RegExp ? match.test(url) : url === match || url.replace(/[?#].*$/s, '') === match);

  // What the engine refuses as an SQL parameter is refused here too.
  const badParameter = (params) => {
    if (params === null || params === undefined) return null;
    if (!Array.isArray(params)) return 'the parameters must be an array, such as [id, name]';
    for (let i = 0; i < params.length; i++) {
      const v = params[i];
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v) || v instanceof Date) continue;
      return `parameter ${i + 1} is ${show(v)}: pass text, a number, true/false or null (the SQL's $${i + 1} or ?)`;
    }
    return null;
  };

  const dbCall = (kind, name, sql, params) => {
    const d = database(name);
    d.calls.push({ kind, sql, params: Array.isArray(params) ? [...params] : [] });
    const bad = badParameter(params);
    if (bad) return refuse(bad);
    if (d.down !== null) return refuse(d.down, true);
    const rule = d.rules.find((r) => r.kind === kind && sqlMatches(r.match, sql));
    if (!rule) {
      return unmocked(`db('${name}').${kind}(${JSON.stringify(sql)})`,
          `mock.db('${name}').${kind}(${JSON.stringify(collapse(sql))}, ${kind === 'query' ? 'rows' : 'rowsAffected'})`);
    }
    const given = typeof rule.answer === 'function' ? rule.answer(sql, [...(params ?? [])]) : rule.answer;
    return answer(kind === 'query' ? (given ?? []) : Number(given ?? 0));
  };

  const response = (given) => {
    const r = given ?? {};
    const headers = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    let body = r.body ?? '';
    if (typeof body === 'object') {
      body = JSON.stringify(body);
      if (!('content-type' in headers)) headers['content-type'] = 'application/json';
    }
    return answer({ status: Number(r.status ?? 200), headers, body: String(body) });
  };

  const ops = Object.freeze({
    query: (name, sql, params) => dbCall('query', name, sql, params),
    execute: (name, sql, params) => dbCall('execute', name, sql, params),
    fetch: (url, method, headers, body) => {
      const request = { url, method: String(method).toUpperCase(), headers: { ...(headers ?? {}) }, body };
      state.fetchCalls.push(request);
      const rule = state.fetches.find((r) => (r.method === undefined || r.method === request.method) && urlMatches(r.match, url));
      if (!rule) {
        const options = request.method === 'GET' ? '' : `method: '${request.method}', `;
        return unmocked(`fetch ${request.method} ${url}`, `mock.fetch(${JSON.stringify(url)}, { ${options}status: 200, body: '…' })`);
      }
      return response(typeof rule.respond === 'function' ? rule.respond({ ...request }) : rule.respond);
    },
    variable: (name) => (state.env.has(name) ? answer(state.env.get(name)) : unmocked(`env('${name}')`, `mock.env('${name}', 'value')`)),
    secret: (name) => (state.secrets.has(name) ? answer(state.secrets.get(name)) : unmocked(`secret('${name}')`, `mock.secret('${name}', 'value')`)),
  });
  globalThis.__ductus_ops = ops; // the prelude's db(), fetch(), env() and secret() ask here

  const checkMatch = (what, match) => {
    if (!(match instanceof RegExp) && typeof match !== 'string') throw new TypeError(`${what}: the first argument is a text or a /regular expression/`);
  };
  const dbMock = (name) => {
    const n = String(name);
    const rule = (kind) => (match, given) => {
      checkMatch(`mock.db('${n}').${kind}()`, match);
      database(n).rules.push({ kind, match, answer: given });
      return mockDb;
    };
    const mockDb = Object.freeze({
      query: rule('query'),
      execute: rule('execute'),
      down: (reason) => {
        database(n).down = String(reason ?? `the database '${n}' is down (mock.db('${n}').down())`);
        return mockDb;
      },
      get calls() {
        return database(n).calls;
      },
    });
    return mockDb;
  };
  const fetchMock = (match, respond = {}) => {
    checkMatch('mock.fetch()', match);
    const method = typeof respond === 'object' && respond !== null && respond.method ? String(respond.method).toUpperCase() : undefined;
    state.fetches.push({ match, method, respond });
  };
  Object.defineProperty(fetchMock, 'calls', { get: () => state.fetchCalls, enumerable: true });

  constant('mock', Object.freeze({
    db: dbMock,
    fetch: fetchMock,
    env: (name, value) => void state.env.set(String(name), String(value)),
    secret: (name, value) => void state.secrets.set(String(name), String(value)),
  }));

  // ---- messages, meta and run ---------------------------------------------------------------------

  constant('hl7', (text, ...values) => {
    // hl7`MSH|^~\&|…` keeps backslashes as written; hl7("…") takes the text as it is.
    const raw = Array.isArray(text) && Array.isArray(text.raw) ? String.raw(text, ...values) : String(text);
    const parsed = host.hl7(segmentsOf(raw).join('\r'));
    if (parsed.error !== undefined) throw new Error(`hl7(): ${parsed.error}`);
    return parsed.value;
  });
  const META = Object.freeze({ id: 1, receivedAt: '2026-01-01T00:00:00Z', interface: interfaceName, destination: 'test' });
  constant('meta', (overrides = {}) => Object.freeze({ ...META, ...overrides }));
  constant('run', (fn, msg, m = META) => {
    if (typeof fn !== 'function') throw new TypeError('run(fn, msg, meta): fn is the function to run, such as the transform the test imports');
    return outcomeOf(() => fn(msg, m));
  });
  constant('expect', expect);

  // ---- tests and the runner -----------------------------------------------------------------------

  const tests = [];
  let running = false;
  let outcome;
  constant('test', (name, fn) => {
    if (running) throw new Error('test() inside a test: declare every test at the top level of the file');
    if (typeof fn !== 'function') throw new TypeError(`test(${show(name)}, fn): fn is the test's function`);
    tests.push({ name: String(name), fn });
  });

  const describe = (failed, error) => {
    if (state.unmocked !== null) return { passed: false, message: state.unmocked.message, error: state.unmocked.error };
    if (!failed) return { passed: true };
    if (error !== null && typeof error === 'object') {
      if (error[EXPECTATION]) return { passed: false, message: error.message, ...error[EXPECTATION], error };
      if (error[DECISION]) {
        const matcher = { filter: 'toFilter', quarantine: 'toQuarantine', transient: 'toBeTransient' }[error.kind];
        return {
          passed: false, error,
          message: `the code called ${error.kind}(${show(error.reason)}); to test it: expect(() => …).${matcher}() or run(fn, msg)`,
        };
      }
      if ('message' in error) return { passed: false, message: `${error.name ?? 'Error'}: ${error.message}`, error };
    }
    return { passed: false, message: `threw ${show(error)}`, error: null };
  };

  return Object.freeze({
    count: () => tests.length,
    name: (i) => tests[i].name,
    start: (i) => {
      if (baseline === null) baseline = copy(state);
      state = copy(baseline);
      outcome = undefined;
      running = true;
      const done = (failed, error) => {
        running = false;
        outcome = describe(failed, error);
      };
      let r;
      try {
        r = tests[i].fn();
      } catch (e) {
        done(true, e);
        return;
      }
      if (isThenable(r)) Promise.resolve(r).then(() => done(false), (e) => done(true, e));
      else done(false);
    },
    /** What the last test came to; undefined while its promise has not settled. */
    outcome: () => outcome,
  });
};
