import { AuthErrorCode, DomainError } from '@simsvc/contracts';

export { AuthErrorCode };

/** The auth module's rules a request can break (codes in AuthErrorCode), the guard's included. */
export class AuthError extends DomainError<AuthErrorCode> {}

// The messages thrown from more than one place.
export const invalidSession = (): AuthError => new AuthError(AuthErrorCode.InvalidSession, 'invalid session');
export const sessionExpired = (): AuthError => new AuthError(AuthErrorCode.SessionExpired, 'session expired');
export const sessionRevoked = (): AuthError => new AuthError(AuthErrorCode.SessionRevoked, 'session revoked');
export const invalidCredentials = (): AuthError => new AuthError(AuthErrorCode.InvalidCredentials, 'invalid username or password');
export const missingPrivilege = (privilege: string): AuthError =>
  new AuthError(AuthErrorCode.MissingPrivilege, `missing privilege ${privilege}`);
export const userNotFound = (): AuthError => new AuthError(AuthErrorCode.UserNotFound, 'user not found');
export const lastEnabledAdmin = (): AuthError =>
  new AuthError(AuthErrorCode.LastEnabledAdmin, 'the last enabled admin cannot be demoted, disabled or deleted');
