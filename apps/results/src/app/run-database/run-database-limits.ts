// Bounds on what one run database may make the service load or do, so that a hostile or runaway
// file cannot exhaust memory or disk, hold a worker for long, or produce a response that cannot
// be serialised.
export interface RunDatabaseLimits {
  /** Bytes of the file (--max-run-db-bytes); it is copied whole before SQLite sees it. */
  maxFileBytes: number;
  /** Rows of sqlite_schema (tables, indexes, views, triggers); sim2l writes about ten. */
  maxSchemaObjects: number;
  /** Milliseconds from a read's arrival (waiting for a worker included) until it is refused or its worker terminated. */
  readDeadlineMs: number;
  /** Rows per parameter table. */
  maxParameters: number;
  /** Bytes of any single stored text (value, metadata, name, ...). */
  maxValueBytes: number;
  /** Bytes of all loaded text together. */
  maxTotalBytes: number;
  /** Nesting of arrays and objects in a decoded value; deeper values overflow JSON.stringify. */
  maxNestingDepth: number;
}

export const DEFAULT_RUN_DATABASE_LIMITS: Readonly<RunDatabaseLimits> = {
  maxFileBytes: 256 * 1024 * 1024,
  maxSchemaObjects: 1_000,
  readDeadlineMs: 10_000,
  maxParameters: 10_000,
  maxValueBytes: 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxNestingDepth: 64,
};

export function resolveRunDatabaseLimits(limits: Partial<RunDatabaseLimits> = {}): RunDatabaseLimits {
  return {
    maxFileBytes: limits.maxFileBytes ?? DEFAULT_RUN_DATABASE_LIMITS.maxFileBytes,
    maxSchemaObjects: limits.maxSchemaObjects ?? DEFAULT_RUN_DATABASE_LIMITS.maxSchemaObjects,
    readDeadlineMs: limits.readDeadlineMs ?? DEFAULT_RUN_DATABASE_LIMITS.readDeadlineMs,
    maxParameters: limits.maxParameters ?? DEFAULT_RUN_DATABASE_LIMITS.maxParameters,
    maxValueBytes: limits.maxValueBytes ?? DEFAULT_RUN_DATABASE_LIMITS.maxValueBytes,
    maxTotalBytes: limits.maxTotalBytes ?? DEFAULT_RUN_DATABASE_LIMITS.maxTotalBytes,
    maxNestingDepth: limits.maxNestingDepth ?? DEFAULT_RUN_DATABASE_LIMITS.maxNestingDepth,
  };
}
