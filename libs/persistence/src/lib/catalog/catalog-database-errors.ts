import { QueryFailedError } from 'typeorm';

const POSTGRES_FOREIGN_KEY_VIOLATION = '23503';
const SQLITE_FOREIGN_KEY_VIOLATION = 'SQLITE_CONSTRAINT_FOREIGNKEY';

/** True when a statement broke a foreign key (unknown simulation id; a simulation still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  const inner = error instanceof QueryFailedError ? (error.driverError as { code?: string }) : (error as { code?: string } | undefined);
  const code = inner && typeof inner === 'object' ? inner.code : undefined;
  return code === POSTGRES_FOREIGN_KEY_VIOLATION || code === SQLITE_FOREIGN_KEY_VIOLATION;
}
