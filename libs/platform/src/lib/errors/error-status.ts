import { HttpStatus } from '@nestjs/common';
import {
  AuthErrorCode,
  CacheErrorCode,
  ExecutionErrorCode,
  RequestErrorCode,
  ResultErrorCode,
  RunDatabaseErrorCode,
  SimulationErrorCode,
  SyncErrorCode,
  UploadErrorCode,
} from '@simsvc/contracts';

/** Every code a DomainError of any service may carry. */
export type ErrorCode =
  | RequestErrorCode
  | AuthErrorCode
  | CacheErrorCode
  | SimulationErrorCode
  | ExecutionErrorCode
  | SyncErrorCode
  | ResultErrorCode
  | RunDatabaseErrorCode
  | UploadErrorCode;

/** Not in Nest's HttpStatus. */
const REQUEST_HEADER_FIELDS_TOO_LARGE = 431;

/**
 * The one place a domain error becomes an HTTP status, read by AllExceptionsFilter. A Record
 * over every code: a code added without its status fails the typecheck.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  [RequestErrorCode.BodyTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [RequestErrorCode.UnsupportedMediaType]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [RequestErrorCode.MalformedJson]: HttpStatus.BAD_REQUEST,
  [RequestErrorCode.UnreadableBody]: HttpStatus.BAD_REQUEST,
  [RequestErrorCode.MalformedPath]: HttpStatus.BAD_REQUEST,
  [RequestErrorCode.MalformedHttp]: HttpStatus.BAD_REQUEST,
  [RequestErrorCode.HeadersTooLarge]: REQUEST_HEADER_FIELDS_TOO_LARGE,
  [RequestErrorCode.Timeout]: HttpStatus.REQUEST_TIMEOUT,
  [RequestErrorCode.Invalid]: HttpStatus.BAD_REQUEST,

  [AuthErrorCode.MissingSessionHeader]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.InvalidSession]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.SessionExpired]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.SessionRevoked]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.MissingPrivilege]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.AnonymousSessionsDisabled]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.UnknownPrivilege]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.LifetimeOutOfRange]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.NoSessionToRefresh]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.ReservedUsername]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.UserExists]: HttpStatus.CONFLICT,
  [AuthErrorCode.UserNotFound]: HttpStatus.NOT_FOUND,
  [AuthErrorCode.LastEnabledAdmin]: HttpStatus.CONFLICT,
  [AuthErrorCode.TooManyRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [AuthErrorCode.PasswordCheckBusy]: HttpStatus.SERVICE_UNAVAILABLE,

  [CacheErrorCode.Miss]: HttpStatus.NOT_FOUND,
  [CacheErrorCode.InvalidKey]: HttpStatus.BAD_REQUEST,
  [CacheErrorCode.EntryNotFound]: HttpStatus.NOT_FOUND,
  [CacheErrorCode.NoInvalidationSelector]: HttpStatus.BAD_REQUEST,
  [CacheErrorCode.TooManyPatternWildcards]: HttpStatus.BAD_REQUEST,
  [CacheErrorCode.PatternTooExpensive]: HttpStatus.SERVICE_UNAVAILABLE,
  [CacheErrorCode.AnonymousWritesLimited]: HttpStatus.TOO_MANY_REQUESTS,

  [SimulationErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [SimulationErrorCode.InvalidId]: HttpStatus.BAD_REQUEST,
  [SimulationErrorCode.InvalidName]: HttpStatus.BAD_REQUEST,
  [SimulationErrorCode.Exists]: HttpStatus.CONFLICT,
  [SimulationErrorCode.HasExecutions]: HttpStatus.CONFLICT,
  [SimulationErrorCode.IdentityFixed]: HttpStatus.BAD_REQUEST,
  [SimulationErrorCode.SchemaGivenTwice]: HttpStatus.BAD_REQUEST,

  [ExecutionErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ExecutionErrorCode.InvalidId]: HttpStatus.BAD_REQUEST,
  [ExecutionErrorCode.ChangedConcurrently]: HttpStatus.CONFLICT,
  [ExecutionErrorCode.OfAnotherSimulation]: HttpStatus.CONFLICT,
  [ExecutionErrorCode.MoveRefused]: HttpStatus.CONFLICT,
  [ExecutionErrorCode.TimesOutOfOrder]: HttpStatus.BAD_REQUEST,

  [SyncErrorCode.ItemNotFound]: HttpStatus.NOT_FOUND,
  [SyncErrorCode.InvalidItemId]: HttpStatus.BAD_REQUEST,
  [SyncErrorCode.ItemNotPending]: HttpStatus.CONFLICT,
  [SyncErrorCode.AutomaticRegistrationOff]: HttpStatus.CONFLICT,

  [ResultErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ResultErrorCode.InvalidParameter]: HttpStatus.BAD_REQUEST,
  [ResultErrorCode.InvalidSearch]: HttpStatus.BAD_REQUEST,
  [ResultErrorCode.ParameterClassConflict]: HttpStatus.BAD_REQUEST,
  [ResultErrorCode.InvalidCursor]: HttpStatus.BAD_REQUEST,
  [ResultErrorCode.CursorOfAnotherSearch]: HttpStatus.BAD_REQUEST,
  [ResultErrorCode.CursorWithOffset]: HttpStatus.BAD_REQUEST,

  [RunDatabaseErrorCode.OutsideRoot]: HttpStatus.FORBIDDEN,
  [RunDatabaseErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [RunDatabaseErrorCode.Invalid]: HttpStatus.UNPROCESSABLE_ENTITY,
  [RunDatabaseErrorCode.TooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [RunDatabaseErrorCode.Timeout]: HttpStatus.UNPROCESSABLE_ENTITY,
  [RunDatabaseErrorCode.ReadersBusy]: HttpStatus.SERVICE_UNAVAILABLE,
  [RunDatabaseErrorCode.TooManyReads]: HttpStatus.TOO_MANY_REQUESTS,

  [UploadErrorCode.TooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [UploadErrorCode.Incomplete]: HttpStatus.BAD_REQUEST,
  [UploadErrorCode.UnsafeName]: HttpStatus.UNPROCESSABLE_ENTITY,
  [UploadErrorCode.RunDatabaseNotStored]: HttpStatus.NOT_FOUND,
  [UploadErrorCode.RangeNotSatisfiable]: HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
  [UploadErrorCode.TooManyLines]: HttpStatus.PAYLOAD_TOO_LARGE,
};

/** The status of a domain error's code; a code of no service (a bug) is a 500. */
export function statusOfCode(code: string): number {
  return (ERROR_STATUS as Readonly<Record<string, number>>)[code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}
