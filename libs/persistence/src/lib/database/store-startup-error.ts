import { isDatabaseUnavailable } from './database-errors';

/**
 * Why a store could not be opened at start-up, in words an operator can act on. runService
 * prints the message as `simsvc-<svc>: cannot start: <message>` and exits 1.
 */
export class StoreStartupError extends Error {
  override readonly name = 'StoreStartupError';
}

/**
 * PostgreSQL refused us for good: class 28 (invalid authorization: wrong password, unknown role,
 * pg_hba rejection) and 3D000 (no such database). Retrying cannot help, so start-up stops at once.
 */
const REJECTED_SQLSTATES = /^(28...|3D000)$/;

export type ConnectFailure = 'rejected' | 'unreachable' | 'broken';

/** rejected: the server answered no; unreachable: it may answer later (retry); broken: anything else. */
export function classifyConnectFailure(error: unknown): ConnectFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REJECTED_SQLSTATES.test(code)) return 'rejected';
  return isDatabaseUnavailable(error) ? 'unreachable' : 'broken';
}

/** The error's message (with its SQLSTATE when there is one), every copy of `secret` masked. */
export function describeFailure(error: unknown, secret?: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const named = typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('SQLITE_'));
  const text = named ? `${code}: ${message}` : message;
  return secret ? text.split(secret).join('***') : text;
}
