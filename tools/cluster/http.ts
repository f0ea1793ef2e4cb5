'use strict';
// A small HTTP/JSON client for the harness. It never throws for an HTTP status or a network
// error: the result says what happened ({status: 0, error} when no response came), so callers
// can count outcomes under load. Every request is bounded by a timeout.

const http = require('node:http');

const DEFAULT_TIMEOUT_MS = 15_000;

/** A keep-alive agent with at most `sockets` connections: N queued requests, `sockets` in flight. */
function createAgent(sockets = 64) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

function request(baseUrl, { method = 'GET', path = '/', headers = {}, body, token, timeoutMs = DEFAULT_TIMEOUT_MS, agent } = {}) {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const allHeaders = { accept: 'application/json', ...headers };
  if (token) allHeaders['x-session-id'] = token;
  if (payload) {
    allHeaders['content-type'] = 'application/json';
    allHeaders['content-length'] = payload.length;
  }
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, ...result });
    };
    const req = http.request(url, { method, headers: allHeaders, agent: agent ?? false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', (error) => finish({ status: 0, error: error.code ?? error.message }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        finish({ status: res.statusCode, headers: res.headers, text, body: json });
      });
    });
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish({ status: 0, error: `no response within ${timeoutMs} ms`, timedOut: true });
    }, timeoutMs);
    req.on('error', (error) => finish({ status: 0, error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** Bound to one base URL and, optionally, one session token. */
function client(baseUrl, defaults = {}) {
  const call = (method, path, options = {}) => request(baseUrl, { ...defaults, ...options, method, path });
  return {
    baseUrl,
    get: (path, options) => call('GET', path, options),
    head: (path, options) => call('HEAD', path, options),
    post: (path, body, options) => call('POST', path, { ...options, body }),
    delete: (path, options) => call('DELETE', path, options),
    withToken: (token) => client(baseUrl, { ...defaults, token }),
  };
}

/** Runs `count` tasks with at most `concurrency` at once; resolves to their results in order. */
async function mapConcurrent(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

function countBy(items, keyOf) {
  const counts = {};
  for (const item of items) {
    const key = keyOf(item);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

module.exports = { createAgent, request, client, mapConcurrent, countBy };
