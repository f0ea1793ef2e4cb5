// Worker process of RunDatabaseWorkers (run-database-workers.ts), kept as plain CommonJS so that
// it runs unbuilt both from the sources (tests) and next to the bundle (dist/apps/results/).
// SQLite work on a hostile run database (parsing a schema of 100,000 views, say) happens here,
// where the service can end it with SIGKILL, instead of on the event loop.
// A request {id, open?, statements?, close?} opens the private copy at `open` read-only (closing
// any earlier one), runs `statements` ([{sql, params}]) in order, then closes it when `close`;
// it answers {id, results: [{rows, columns}]}, or {id, error: {name, message, code}}.
'use strict';
const Database = require('better-sqlite3');

let db;

function close() {
  if (db) db.close();
  db = undefined;
}

function run({ sql, params }) {
  if (!db) throw new Error('no run database is open');
  const statement = db.prepare(sql);
  return { rows: statement.all(params ?? []), columns: statement.columns().map((column) => column.name) };
}

function handle(request) {
  if (request.open !== undefined) {
    close();
    db = new Database(request.open, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
  }
  const results = (request.statements ?? []).map(run);
  if (request.close) close();
  return { results };
}

process.on('message', (request) => {
  try {
    process.send({ id: request.id, ...handle(request) });
  } catch (error) {
    process.send({ id: request.id, error: { name: error.name, message: error.message, code: error.code } });
  }
});
// The service went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
