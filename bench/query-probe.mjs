/**
 * Preloaded into the bot's process by the benchmark's `communities` scenario only (`node --import
 * ./bench/query-probe.mjs`, with BENCH_QUERY_LOG naming a file): every statement the store sends to
 * its database (pg's `Client.query`, libsql's prepared statements) is counted, and every 100 ms the
 * statements run since the last write are appended to that file, one JSON line each: when it
 * started (epoch ms), how long it took (ms), the rows it answered (when a list) and its SQL text's first 300 characters (never its
 * parameters: no token or sealed value reaches the file); and each wait for one of pg's pooled
 * connections, as a line with `wait: true` and no SQL. Nothing in Rollcall imports or knows about it.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.BENCH_QUERY_LOG;
if (file) {
  const require = createRequire(import.meta.url);
  let pending = [];
  const record = (sql, started, rows) => {
    const text = typeof sql === 'string' ? sql : typeof sql?.text === 'string' ? sql.text : '?';
    pending.push({
      t: Math.round(performance.timeOrigin + started),
      ms: performance.now() - started,
      q: text.replace(/\s+/g, ' ').slice(0, 300),
      ...(rows === undefined ? {} : { rows }),
    });
  };
  const flush = () => {
    if (pending.length === 0) return;
    const lines = `${pending.map((p) => JSON.stringify(p)).join('\n')}\n`;
    pending = [];
    appendFileSync(file, lines);
  };
  setInterval(flush, 100).unref();
  process.once('exit', flush);

  try {
    const pg = require('pg');
    // The wait for one of the pool's connections, as a line of its own (`wait: true`, no SQL).
    const connect = pg.Pool.prototype.connect;
    pg.Pool.prototype.connect = function timedConnect(callback) {
      const started = performance.now();
      const done = () =>
        pending.push({
          t: Math.round(performance.timeOrigin + started),
          ms: performance.now() - started,
          q: '',
          wait: true,
        });
      if (typeof callback === 'function')
        return connect.call(this, (...args) => {
          done();
          return callback(...args);
        });
      const result = connect.call(this);
      result.then(done, done);
      return result;
    };
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(config, values, callback) {
      const started = performance.now();
      const result = query.call(this, config, values, callback);
      if (result && typeof result.then === 'function')
        result.then(
          (answer) => record(config, started, Array.isArray(answer?.rows) ? answer.rows.length : undefined),
          () => record(config, started),
        );
      else record(config, started);
      return result;
    };
  } catch {
    // no pg here
  }
  try {
    const Database = require('libsql');
    const prepare = Database.prototype.prepare;
    Database.prototype.prepare = function countedPrepare(sql, ...rest) {
      const statement = prepare.call(this, sql, ...rest);
      // PRAGMAs the driver prepares for itself are not the store's statements.
      if (/^\s*pragma/i.test(sql)) return statement;
      // libsql's `all` runs `iterate`: only the outermost call is one statement.
      let depth = 0;
      for (const name of ['run', 'all', 'get', 'iterate']) {
        const own = statement[name];
        if (typeof own !== 'function') continue;
        statement[name] = (...args) => {
          const started = performance.now();
          let result;
          depth++;
          try {
            result = own.apply(statement, args);
            return result;
          } finally {
            depth--;
            if (depth === 0) record(sql, started, Array.isArray(result) ? result.length : undefined);
          }
        };
      }
      return statement;
    };
  } catch {
    // no libsql here
  }
}
