import { DomainError, RunDatabaseErrorCode } from '@simsvc/contracts';

export { RunDatabaseErrorCode };

/** Messages never carry a server path: the client only ever sees the path it sent, or "run database". */
export class RunDatabaseError extends DomainError<RunDatabaseErrorCode> {}

// The messages thrown from more than one place.
export const runDatabaseNotFound = (): RunDatabaseError => new RunDatabaseError(RunDatabaseErrorCode.NotFound, 'run database not found');
export const runDatabaseOutsideRoot = (): RunDatabaseError =>
  new RunDatabaseError(RunDatabaseErrorCode.OutsideRoot, 'run_db_path is outside the runs root');
/** The file is not a readable sim2l run database; `reason` names what is wrong. */
export const invalidRunDatabase = (reason: string, cause?: unknown): RunDatabaseError =>
  new RunDatabaseError(RunDatabaseErrorCode.Invalid, reason, { cause });
/** The run database holds more than the service agrees to load. */
export const runDatabaseTooLarge = (reason: string): RunDatabaseError => new RunDatabaseError(RunDatabaseErrorCode.TooLarge, reason);
