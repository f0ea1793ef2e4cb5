// The results modules' error codes; their statuses are in libs/platform (error-status.ts).

export enum ResultErrorCode {
  NotFound = 'RESULT_NOT_FOUND',
  /** An execution_id, simulation or parameter name in the path or query that no result can have. */
  InvalidParameter = 'RESULT_INVALID_PARAMETER',
  /** Malformed search filters: every reason in `details`. */
  InvalidSearch = 'RESULT_INVALID_SEARCH',
  /** GET /stats given both `class` and `param_class`, differing. */
  ParameterClassConflict = 'RESULT_PARAMETER_CLASS_CONFLICT',
  /** A search cursor this service did not sign (tampered, truncated, made up). */
  InvalidCursor = 'RESULT_INVALID_CURSOR',
  /** A genuine cursor sent with other filters or another order than the search it came from. */
  CursorOfAnotherSearch = 'RESULT_CURSOR_OF_ANOTHER_SEARCH',
  /** Both paging styles in one search. */
  CursorWithOffset = 'RESULT_CURSOR_WITH_OFFSET',
}

// Messages of run-database errors never carry a server path: the client only ever sees the
// path it sent, or "run database".
export enum RunDatabaseErrorCode {
  OutsideRoot = 'RUN_DATABASE_OUTSIDE_ROOT',
  NotFound = 'RUN_DATABASE_NOT_FOUND',
  /** The file exists but is not a readable sim2l run database; the message names what is wrong. */
  Invalid = 'RUN_DATABASE_INVALID',
  /** The run database holds more than the service agrees to load. */
  TooLarge = 'RUN_DATABASE_TOO_LARGE',
  /** Reading the run database overran its deadline; the worker reading it was terminated. */
  Timeout = 'RUN_DATABASE_TIMEOUT',
  /** No worker came free for the read before its deadline, or too many reads wait already (Retry-After). */
  ReadersBusy = 'RUN_DATABASE_READERS_BUSY',
  /** The client's address has as many reads waiting or running as one address may (Retry-After). */
  TooManyReads = 'RUN_DATABASE_TOO_MANY_READS',
}

/** Run databases uploaded (POST /runs), downloaded (GET /results/{id}/run-database) and NDJSON bulk bodies. */
export enum UploadErrorCode {
  TooLarge = 'UPLOAD_TOO_LARGE',
  Incomplete = 'UPLOAD_INCOMPLETE',
  /** A name of the run database that cannot be a directory or file name under the runs root. */
  UnsafeName = 'UPLOAD_UNSAFE_NAME',
  RunDatabaseNotStored = 'UPLOAD_RUN_DATABASE_NOT_STORED',
  RangeNotSatisfiable = 'UPLOAD_RANGE_NOT_SATISFIABLE',
  /** An application/x-ndjson body past its line or byte limit. */
  TooManyLines = 'UPLOAD_TOO_MANY_LINES',
}
