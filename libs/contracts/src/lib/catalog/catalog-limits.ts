import { IDENTIFIER_PATTERN } from '../common/patterns';

/** Path words under /simulations/ that cannot be simulation names. */
export const RESERVED_SIMULATION_NAMES = ['search'] as const;

/** Versions: free text (semantic or not), 1–128 characters, no spaces or slashes. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

export const MAX_DESCRIPTION_LENGTH = 8192;
export const MAX_AUTHOR_LENGTH = 1024;
export const MAX_TAGS = 64;
export const MAX_TAG_LENGTH = 64;
export const MAX_PARAMETERS = 1000;
export const MAX_PARAMETER_NAME_LENGTH = 128;
export const MAX_SEARCH_QUERY_LENGTH = 1024;
export const MAX_DURATION_SECONDS = 1_000_000_000;

export const SIMULATION_STATUSES = ['active', 'deprecated'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

export const PARAMETER_TYPES = ['number', 'integer', 'string', 'boolean', 'array', 'object', 'file'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const EXECUTION_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'cached'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** Accepted on the wire as `completed` (compatibility with the original Python clients). */
export const EXECUTION_STATUS_ALIASES: Readonly<Record<string, ExecutionStatus>> = { success: 'completed' };
export const ACCEPTED_EXECUTION_STATUSES = [...EXECUTION_STATUSES, ...Object.keys(EXECUTION_STATUS_ALIASES)];

/** The canonical status of an accepted wire value (`success` → `completed`). */
export function canonicalExecutionStatus(value: string): ExecutionStatus {
  return EXECUTION_STATUS_ALIASES[value] ?? (value as ExecutionStatus);
}

export const SYNC_ITEM_STATUSES = ['pending', 'invalid', 'duplicate'] as const;
export type SyncItemStatus = (typeof SYNC_ITEM_STATUSES)[number];

export const NAME_RULE = `name must match ${IDENTIFIER_PATTERN.source.replace(/^\^|\$$/g, '')}`;
export const VERSION_RULE = `version must match ${VERSION_PATTERN.source.replace(/^\^|\$$/g, '')}`;
export const EXECUTION_ID_RULE = `execution_id must match ${IDENTIFIER_PATTERN.source.replace(/^\^|\$$/g, '')}`;
