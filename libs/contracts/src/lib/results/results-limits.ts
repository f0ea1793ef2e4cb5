/** Limits of the results service (contract §6 and the decisions in apps/results/README.md). */

/** simulation_name, simulation_version and parameter names. Short enough to index on PostgreSQL. */
export const MAX_RESULT_NAME_LENGTH = 256;
export const MAX_RESULT_STATUS_LENGTH = 64;
export const MAX_SQUID_ID_LENGTH = 1024;
export const MAX_RESULT_RUN_DB_PATH_LENGTH = 4096;
/** Parameters per class in one result (the same bound as a run database's table). */
export const MAX_RESULT_PARAMETERS = 10_000;
/** Nesting of arrays and objects in a value; deeper values cannot be serialised safely. */
export const MAX_VALUE_NESTING = 64;
export const MAX_RESULT_METADATA_BYTES = 64 * 1024;
/** Filters per class in one search, and values in one `$in`. */
export const MAX_FILTERS_PER_CLASS = 64;
export const MAX_IN_VALUES = 1000;

export const RESULT_PARAM_CLASSES = ['input', 'output'] as const;
export type ResultParamClass = (typeof RESULT_PARAM_CLASSES)[number];

export const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
