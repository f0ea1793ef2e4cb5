import { randomInt } from 'node:crypto';
import { DISCARD_LIMIT_BYTES } from '@simsvc/platform';
import { rawExchange, type RawOutcome } from './raw-exchange';
import { type FuzzRequest, generateRequest, operationsOf, type Principal } from './request-generator';
import type { KnownValues, OpenApiDocument } from './schema-values';
import { SeededRandom } from './seeded-random';

/** Sessions of the run: a token per principal, renewed when a request of the run ended it (a logout, say). */
export interface FuzzPrincipals {
  token(principal: Principal): string | undefined;
  /** Called after a 401 of a principal holding a token: checks it and renews it if it no longer works. */
  renew(principal: Principal): Promise<void>;
}

export interface FuzzOptions {
  url: string;
  document: OpenApiDocument;
  principals: FuzzPrincipals;
  known: KnownValues;
  /** Requests sent before the generated ones, each exactly as given (the cases that failed before). */
  fixed?: FuzzRequest[];
  seed: number;
  requests: number;
  concurrency: number;
  timeoutMs?: number;
}

export interface FuzzFailure {
  index: number;
  request: string;
  outcome: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
}

/** The run's settings from the environment: SIMSVC_FUZZ_SEED (else random), SIMSVC_FUZZ_REQUESTS (default 2000), SIMSVC_FUZZ_CONCURRENCY (4). */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; requests: number; concurrency: number } {
  const number = (name: string, fallback: () => number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback();
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, not ${text}`);
    return value;
  };
  return {
    seed: number('SIMSVC_FUZZ_SEED', () => randomInt(2 ** 31)),
    requests: number('SIMSVC_FUZZ_REQUESTS', () => 2000),
    concurrency: Math.max(
      1,
      number('SIMSVC_FUZZ_CONCURRENCY', () => 4),
    ),
  };
}

/** What was wrong with an outcome: a 5xx (but /health's 503), a network error, no answer, a 4xx not in the error shape. */
export function outcomeProblem(request: FuzzRequest, outcome: RawOutcome): string | undefined {
  // A body past DISCARD_LIMIT_BYTES is answered at once and read for a bounded time only (see
  // unread-body.ts): a client still writing it then may see EPIPE after the complete answer.
  const beyondDiscardLimit = (request.body?.length ?? 0) > DISCARD_LIMIT_BYTES && outcome.status !== undefined && outcome.status < 500;
  if (outcome.error && !beyondDiscardLimit) return `${outcome.error}${outcome.status ? ` (after a ${outcome.status})` : ''}`;
  const status = outcome.status ?? 0;
  // /health's documented answer when the database took over 2 s, which a loaded CI machine can
  // cause; it is a report, not a fault. Every other 5xx fails.
  if (status === 503 && /^\/health(\?|$)/.test(request.target)) return undefined;
  if (status >= 500 || status < 100) return `answered ${status}: ${outcome.body.toString('utf8').slice(0, 200)}`;
  if (status < 400 || request.method === 'HEAD') return undefined;
  try {
    const body = JSON.parse(outcome.body.toString('utf8')) as { statusCode?: unknown; message?: unknown };
    if (body.statusCode === status && typeof body.message === 'string') return undefined;
  } catch {
    // Reported below.
  }
  return `answered ${status} without the error shape: ${outcome.body.toString('utf8').slice(0, 200)}`;
}

/** One line a person can read and resend: principal, method, target, headers, the start of the body. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body ? ` body ${request.body.length} bytes ${JSON.stringify(request.body.subarray(0, 160).toString('latin1'))}` : '';
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'host')
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  const mutations = request.mutations.length > 0 ? ` [${request.mutations.join(', ')}]` : '';
  return `${request.principal} ${request.method} ${JSON.stringify(request.target.slice(0, 300))} (${request.operation})${mutations} {${headers}}${body}`;
}

/**
 * Sends the fixed requests, then `requests` generated ones (request i from its own stream of
 * the seed, see SeededRandom.forRequest), `concurrency` at a time, each on its own connection,
 * and reports every request that got a 5xx, a reset, no answer or a 4xx outside the error shape.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const operations = operationsOf(options.document);
  const fixed = options.fixed ?? [];
  const total = fixed.length + options.requests;
  const report: FuzzReport = { seed: options.seed, sent: 0, statuses: {}, failures: [] };
  const requestAt = (index: number): FuzzRequest =>
    index < fixed.length
      ? fixed[index]
      : generateRequest(operations, options.document, SeededRandom.forRequest(options.seed, index - fixed.length), options.known);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const request = requestAt(index);
      const outcome = await send(options, request);
      report.sent += 1;
      const key = outcome.error ? 'error' : String(outcome.status);
      report.statuses[key] = (report.statuses[key] ?? 0) + 1;
      const problem = outcomeProblem(request, outcome);
      if (problem) report.failures.push({ index: index - fixed.length, request: describeRequest(request), outcome: problem });
      if (outcome.status === 401 && options.principals.token(request.principal)) await options.principals.renew(request.principal);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return report;
}

function send(options: FuzzOptions, request: FuzzRequest): Promise<RawOutcome> {
  const token = options.principals.token(request.principal);
  const headers = { ...request.headers, host: new URL(options.url).host, ...(token ? { 'x-session-id': token } : {}) };
  // A large body pauses after its first piece, so an answer that comes before the body is read shows (see RawRequest).
  const bodyBytes = request.body?.length ?? 0;
  const pauseAfterFirstPieceMs = bodyBytes > 256 * 1024 ? 30 : 0;
  // A body of megabytes, sent in pieces on a loaded CI machine, takes seconds of its own: such a
  // request gets 4 s more per megabyte to be answered (a 12 MB one missed 15 s at load average 15).
  const timeoutMs = (options.timeoutMs ?? 15_000) + Math.floor(bodyBytes / 1_000_000) * 4_000;
  return rawExchange(options.url, { ...request, headers, pieceBytes: 64 * 1024, pauseAfterFirstPieceMs }, timeoutMs);
}

/** The failures as one message: the seed to repeat the run, then each failed request (at most 25). */
export function describeFailures(report: FuzzReport): string {
  const lines = report.failures.slice(0, 25).map((f) => `#${f.index}: ${f.outcome}\n    ${f.request}`);
  const more = report.failures.length > 25 ? `\n… and ${report.failures.length - 25} more` : '';
  return `${report.failures.length} of ${report.sent} requests failed (seed ${report.seed}; repeat with SIMSVC_FUZZ_SEED=${report.seed}; #-1 and below are the fixed cases):\n${lines.join('\n')}${more}`;
}
