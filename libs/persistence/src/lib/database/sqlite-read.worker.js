// Worker thread of SqliteReadPool (sqlite-read-pool.ts), kept as plain CommonJS so that it runs
// unbuilt both from the sources (tests) and next to the bundle (dist/apps/<service>/).
// One connection that only reads; each request is {id, statements: [{text, args}]} and all its
// statements run in one read transaction (one snapshot). Answers {id, rows} or {id, error}.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

// Opened on the first request, so that a file that cannot be opened yet is reported per request
// (and retried on the next one) instead of ending the worker.
let db;
let readAll;
function open() {
  db = new Database(workerData.path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('query_only = ON');
  readAll = db.transaction((statements) => statements.map(({ text, args }) => prepare(text).all(...args)));
}

// Least recently used statements are dropped past the capacity (Map keeps insertion order).
const prepared = new Map();
function prepare(text) {
  let statement = prepared.get(text);
  if (statement) prepared.delete(text);
  else statement = db.prepare(text);
  prepared.set(text, statement);
  if (prepared.size > workerData.cachedStatements) prepared.delete(prepared.keys().next().value);
  return statement;
}

parentPort.on('message', ({ id, statements }) => {
  try {
    if (!db) open();
    parentPort.postMessage({ id, rows: readAll.deferred(statements) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
