// Bounds on what one run database may make the service load, so that a hostile or runaway file
// cannot exhaust memory or produce a response that cannot be serialised.
export interface RunDatabaseLimits {
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
  maxParameters: 10_000,
  maxValueBytes: 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxNestingDepth: 64,
};

export function resolveRunDatabaseLimits(limits: Partial<RunDatabaseLimits> = {}): RunDatabaseLimits {
  return {
    maxParameters: limits.maxParameters ?? DEFAULT_RUN_DATABASE_LIMITS.maxParameters,
    maxValueBytes: limits.maxValueBytes ?? DEFAULT_RUN_DATABASE_LIMITS.maxValueBytes,
    maxTotalBytes: limits.maxTotalBytes ?? DEFAULT_RUN_DATABASE_LIMITS.maxTotalBytes,
    maxNestingDepth: limits.maxNestingDepth ?? DEFAULT_RUN_DATABASE_LIMITS.maxNestingDepth,
  };
}
