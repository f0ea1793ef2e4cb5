// How a failed command ends: one message on stderr and the exit status of the issue's table
// (0 success, 1 the service refused, 2 usage, 3 cannot connect).
import { SimsvcError, SimsvcUnreachableError } from '@simsvc/client';
import { UsageError } from './usage-error';

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

/** Ends a command with a status after it has said all there is to say (e.g. a register with failures). */
export class ExitStatus extends Error {
  constructor(readonly exitCode: number) {
    super(`exit status ${exitCode}`);
  }
}

/** The lines to print on stderr for an error and the exit status it means. */
export function describeError(error: unknown): { lines: string[]; exitCode: number } {
  if (error instanceof ExitStatus) return { lines: [], exitCode: error.exitCode };
  if (error instanceof SimsvcError) {
    const lines = [`simsvc: ${error.status} ${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`];
    for (const detail of detailLines(error.details)) if (detail !== error.message) lines.push(`  ${detail}`);
    return { lines, exitCode: EXIT.refused };
  }
  if (error instanceof SimsvcUnreachableError) return { lines: [`simsvc: ${error.message}`], exitCode: EXIT.unreachable };
  if (error instanceof UsageError) return { lines: [`simsvc: ${error.message}`], exitCode: EXIT.usage };
  const message = error instanceof Error ? error.message : String(error);
  return { lines: [`simsvc: ${message}`], exitCode: EXIT.refused };
}

function detailLines(details: unknown): string[] {
  if (details === undefined || details === null) return [];
  if (Array.isArray(details)) return details.map((detail) => (typeof detail === 'string' ? detail : JSON.stringify(detail)));
  return [typeof details === 'string' ? details : JSON.stringify(details)];
}
