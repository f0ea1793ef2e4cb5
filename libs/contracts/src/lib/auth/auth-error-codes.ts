// The auth module's error codes; their statuses are in libs/platform (error-status.ts).
export enum AuthErrorCode {
  /** A protected route called without an X-Session-ID header. */
  MissingSessionHeader = 'AUTH_MISSING_SESSION_HEADER',
  /** A token that is malformed, wrongly signed, of no session the store knows, or a login session gone. */
  InvalidSession = 'AUTH_INVALID_SESSION',
  /** A token past its `exp`, or a session past the longest lifetime it may reach. */
  SessionExpired = 'AUTH_SESSION_EXPIRED',
  /** A session logged out, or ended by a change to its user. */
  SessionRevoked = 'AUTH_SESSION_REVOKED',
  /** The same answer for an unknown user, a wrong password and a disabled user. */
  InvalidCredentials = 'AUTH_INVALID_CREDENTIALS',
  /** The caller's session lacks a privilege the route, or a privilege asked for, needs. */
  MissingPrivilege = 'AUTH_MISSING_PRIVILEGE',
  AnonymousSessionsDisabled = 'AUTH_ANONYMOUS_SESSIONS_DISABLED',
  UnknownPrivilege = 'AUTH_UNKNOWN_PRIVILEGE',
  /** A session lifetime outside (0, maximum]. */
  LifetimeOutOfRange = 'AUTH_LIFETIME_OUT_OF_RANGE',
  /** With --no-auth every request acts as one principal that has no session. */
  NoSessionToRefresh = 'AUTH_NO_SESSION_TO_REFRESH',
  /** The name anonymous tokens carry as their subject. */
  ReservedUsername = 'AUTH_RESERVED_USERNAME',
  /** Usernames are unique regardless of case, width and diacritics. */
  UserExists = 'AUTH_USER_EXISTS',
  UserNotFound = 'AUTH_USER_NOT_FOUND',
  /** A change that would leave the store without an enabled admin. */
  LastEnabledAdmin = 'AUTH_LAST_ENABLED_ADMIN',
  /** A client or account that must slow down (Retry-After). */
  TooManyRequests = 'AUTH_TOO_MANY_REQUESTS',
  /** The server is busy checking passwords (Retry-After). */
  PasswordCheckBusy = 'AUTH_PASSWORD_CHECK_BUSY',
}
