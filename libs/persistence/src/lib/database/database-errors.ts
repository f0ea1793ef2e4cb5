import { QueryFailedError } from 'typeorm';

const POSTGRES_UNIQUE_VIOLATION = '23505';
const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  // A resolver not answering yet (a container network still coming up).
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is not established|the database system is (starting up|shutting down)/i;

function driverError(error: unknown): { code?: string; message?: string } | undefined {
  if (error instanceof QueryFailedError) return error.driverError as { code?: string };
  if (error && typeof error === 'object') return error as { code?: string; message?: string };
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = driverError(error)?.code;
  return code === POSTGRES_UNIQUE_VIOLATION || (code !== undefined && SQLITE_UNIQUE_CODES.has(code));
}

/** True for errors meaning "the database did not answer" (reported as 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const inner = driverError(error);
  if (!inner) return false;
  if (inner.code && CONNECTION_ERROR_CODES.has(inner.code)) return true;
  const message = inner.message ?? (error as Error).message ?? '';
  return CONNECTION_ERROR_MESSAGES.test(message);
}
