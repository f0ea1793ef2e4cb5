import { STATUS_CODES } from 'node:http';
import { ErrorBody } from '@simsvc/contracts';

export function errorBody(statusCode: number, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}
