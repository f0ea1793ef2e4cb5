export const MAX_SIMULATION_ID = 2_147_483_647;
/** 0 names no simulation: entries stored with simulation_id 0 or null (contract §7). */
export const SIMULATION_ID_RANGE = `simulation_id must be from 0 to ${MAX_SIMULATION_ID}`;
export const MAX_CACHE_KEY_LENGTH = 1024;
export const MAX_TEXT_LENGTH = 1024;
export const MAX_RUN_DB_PATH_LENGTH = 4096;
export const MAX_TTL_HOURS = 87_600;
export const MAX_METADATA_BYTES = 64 * 1024;
/** Words that name collection routes under /cache/ and so cannot be keys. */
export const RESERVED_CACHE_KEYS = ['stats', 'entries', 'invalidations'] as const;
/** No C0 control characters and no DEL. */
// eslint-disable-next-line no-control-regex
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
