// Waits until nginx routes requests of a service to every one of its replicas again. After a
// replica failed (killed, restarted, database outage), nginx skips it for fail_timeout (5 s) and
// only then tries it again; a load started earlier would all land on the other replica.

import crypto from 'node:crypto';
import { request } from './http.ts';
import type { Nginx } from './nginx.ts';
import type { Replica } from './replica.ts';

/**
 * Resolves to the milliseconds until every replica had served a request through nginx; throws
 * when that does not happen within timeoutMs.
 */
export async function waitForBalance(nginx: Nginx, replicas: Replica[], { timeoutMs = 15_000 } = {}): Promise<number> {
  const started = Date.now();
  const { service } = replicas[0];
  const prefix = `balance-${crypto.randomBytes(4).toString('hex')}`;
  const wanted = new Set(replicas.map((replica) => `127.0.0.1:${replica.port}`));
  for (let i = 0; Date.now() - started < timeoutMs; i += 1) {
    await request(nginx.urls[service], { path: '/health', headers: { 'x-request-id': `${prefix}-${i}` }, timeoutMs: 5000 });
    const served = new Set(
      nginx
        .accessEntries(prefix)
        .filter((entry) => entry.status === 200)
        .map((entry) => entry.upstream),
    );
    if ([...wanted].every((address) => served.has(address))) return Date.now() - started;
    if (i % replicas.length === replicas.length - 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not route ${service} requests to all of ${[...wanted].join(', ')} within ${timeoutMs / 1000} s`);
}
